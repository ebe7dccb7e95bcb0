import CZip

/// One entry of a zip archive read front to back in chunks, through libzip,
/// so that a large entry (a Xournal++ `content.xml`) never sits in memory whole.
/// It opens the archive itself, so it owns everything it reads from.
///
/// A single owner: the entry and the archive are closed when the value goes away.
public struct ZipEntryStream: ~Copyable {
    private let archive: OpaquePointer
    private let file: OpaquePointer
    public let path: String
    public let entry: String

    /// Opens entry `entry` of the archive at `path`.
    /// The corresponding C functions are `zip_open` and `zip_fopen`.
    public init(path: String, entry: String) throws(ZipArchiveError) {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else {
            var error = zip_error_t()
            zip_error_init_with_code(&error, code)
            defer { zip_error_fini(&error) }
            throw .cannotOpen(path: path, reason: String(cString: zip_error_strerror(&error)))
        }
        guard let file = zip_fopen(archive, entry, 0) else {
            let reason = zip_get_error(archive).map { String(cString: zip_error_strerror($0)) } ?? "cannot open entry"
            zip_discard(archive)
            throw .entryUnreadable(path: path, entry: entry, reason: reason)
        }
        self.archive = archive
        self.file = file
        self.path = path
        self.entry = entry
    }

    deinit {
        zip_fclose(file)
        zip_discard(archive)
    }

    /// Reads up to `capacity` bytes; 0 at the end of the entry.
    /// The corresponding C function is `zip_fread`.
    public func read(into buffer: UnsafeMutableRawPointer, capacity: Int) throws(ZipArchiveError) -> Int {
        let count = zip_fread(file, buffer, zip_uint64_t(capacity))
        if count < 0 {
            let reason = zip_file_get_error(file).map { String(cString: zip_error_strerror($0)) } ?? "read failed"
            throw .entryUnreadable(path: path, entry: entry, reason: reason)
        }
        return Int(count)
    }
}
