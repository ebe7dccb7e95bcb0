import CZip
import Foundation

/// A zip archive being written through libzip: entries from memory or from
/// files, stored deflated, written out when `close()` is called.
///
/// A single owner: an archive dropped without `close()` is discarded and
/// leaves no file behind (libzip writes to a temporary file and renames it on close).
public struct ZipArchiveWriter: ~Copyable {
    private var handle: OpaquePointer?
    /// The path being written (for messages).
    public let path: String

    /// Creates (or replaces, on close) the archive at `path`. The corresponding C function is `zip_open`.
    public init(path: String) throws(ZipArchiveError) {
        var code: Int32 = 0
        guard let handle = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            var error = zip_error_t()
            zip_error_init_with_code(&error, code)
            defer { zip_error_fini(&error) }
            throw .cannotOpen(path: path, reason: String(cString: zip_error_strerror(&error)))
        }
        self.handle = handle
        self.path = path
    }

    deinit { if let handle { zip_discard(handle) } }

    /// Adds an entry holding `bytes`. The corresponding C functions are `zip_source_buffer` and `zip_file_add`.
    public mutating func add(_ name: String, bytes: [UInt8]) throws(ZipArchiveError) {
        guard let handle else { throw .entryUnreadable(path: path, entry: name, reason: "the archive is closed") }
        // libzip reads the buffer when the archive is closed: hand it a copy it frees itself.
        let copy = malloc(max(bytes.count, 1))!
        bytes.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) } }
        guard let source = zip_source_buffer(handle, copy, zip_uint64_t(bytes.count), 1) else {
            free(copy)
            throw .entryUnreadable(path: path, entry: name, reason: errorMessage())
        }
        try add(name, source: source, handle: handle)
    }

    /// Adds an entry holding the file at `file`, read when the archive is closed.
    /// The corresponding C functions are `zip_source_file` and `zip_file_add`.
    public mutating func add(_ name: String, file: String) throws(ZipArchiveError) {
        guard let handle else { throw .entryUnreadable(path: path, entry: name, reason: "the archive is closed") }
        guard let source = zip_source_file(handle, file, 0, -1) else {
            throw .entryUnreadable(path: path, entry: name, reason: "\(file): \(errorMessage())")
        }
        try add(name, source: source, handle: handle)
    }

    private func add(_ name: String, source: OpaquePointer, handle: OpaquePointer) throws(ZipArchiveError) {
        let index = zip_file_add(handle, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE))
        guard index >= 0 else {
            zip_source_free(source)
            throw .entryUnreadable(path: path, entry: name, reason: errorMessage())
        }
        _ = zip_set_file_compression(handle, zip_uint64_t(index), ZIP_CM_DEFLATE, 0)
    }

    /// Writes the archive and closes it. The corresponding C function is `zip_close`.
    public consuming func close() throws(ZipArchiveError) {
        guard let handle else { return }
        if zip_close(handle) != 0 {
            let reason = errorMessage()
            zip_discard(handle)
            self.handle = nil
            throw .cannotOpen(path: path, reason: "cannot be written: \(reason)")
        }
        self.handle = nil
    }

    private func errorMessage() -> String {
        guard let handle else { return "the archive is closed" }
        return zip_get_error(handle).map { String(cString: zip_error_strerror($0)) } ?? "unknown libzip error"
    }
}
