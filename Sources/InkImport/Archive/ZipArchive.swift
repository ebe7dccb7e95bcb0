import CZip
import Foundation

/// A zip archive open for reading, through libzip: the entries' names, and
/// an entry's bytes with a bound on how far it may expand (a zip bomb ends in
/// an error, not in exhausted memory).
///
/// A single owner: the archive is closed when the value goes away.
public struct ZipArchive: ~Copyable {
    private let handle: OpaquePointer
    /// The path it was opened from (for messages).
    public let path: String

    /// Opens `path`. The corresponding C function is `zip_open`.
    public init(path: String) throws(ZipArchiveError) {
        var code: Int32 = 0
        guard let handle = zip_open(path, ZIP_RDONLY, &code) else {
            throw .cannotOpen(path: path, reason: Self.message(forCode: code))
        }
        self.handle = handle
        self.path = path
    }

    deinit { zip_discard(handle) }

    /// Whether the file starts with a zip local-file header (`PK\3\4`), or is an empty archive (`PK\5\6`).
    public static func hasZipMagic(_ prefix: some Collection<UInt8>) -> Bool {
        let bytes = Array(prefix.prefix(4))
        return bytes.count == 4 && bytes[0] == 0x50 && bytes[1] == 0x4B
            && ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))
    }

    /// The names of the entries, in the archive's order.
    /// The corresponding C functions are `zip_get_num_entries` and `zip_get_name`.
    public var entryNames: [String] {
        let count = zip_get_num_entries(handle, 0)
        guard count > 0 else { return [] }
        return (0..<count).compactMap { index in
            zip_get_name(handle, zip_uint64_t(index), 0).map { String(cString: $0) }
        }
    }

    /// Whether an entry of that name exists. The corresponding C function is `zip_name_locate`.
    public func contains(_ name: String) -> Bool { zip_name_locate(handle, name, 0) >= 0 }

    /// The size entry `name` declares it expands to (its central-directory record), nil when
    /// there is no such entry or it declares none. A claim to check before reading, not a bound:
    /// `read` still stops at its own limit. The corresponding C function is `zip_stat`.
    public func declaredSize(of name: String) -> UInt64? {
        var status = zip_stat_t()
        zip_stat_init(&status)
        guard zip_stat(handle, name, 0, &status) == 0, status.valid & UInt64(ZIP_STAT_SIZE) != 0 else { return nil }
        return status.size
    }

    /// The bytes of entry `name`, refusing to expand it past `limit` bytes.
    /// The corresponding C functions are `zip_fopen` and `zip_fread`.
    public func read(_ name: String, limit: Int) throws(ZipArchiveError) -> [UInt8] {
        guard let file = zip_fopen(handle, name, 0) else {
            throw .entryUnreadable(path: path, entry: name, reason: archiveErrorMessage())
        }
        defer { zip_fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, zip_uint64_t($0.count)) }
            if count < 0 {
                let reason = zip_file_get_error(file).map { String(cString: zip_error_strerror($0)) } ?? "read failed"
                throw .entryUnreadable(path: path, entry: name, reason: reason)
            }
            if count == 0 { return bytes }
            guard bytes.count + Int(count) <= limit else {
                throw .expandsTooFar(path: path, entry: name, limit: limit)
            }
            bytes.append(contentsOf: chunk[0..<Int(count)])
        }
    }

    /// Copies entry `name` into a new file at `destination`, refusing to expand it past `limit` bytes.
    public func extract(_ name: String, to destination: String, limit: Int) throws(ZipArchiveError) {
        let bytes = try read(name, limit: limit)
        guard FileManager.default.createFile(atPath: destination, contents: Data(bytes)) else {
            throw .entryUnreadable(path: path, entry: name, reason: "cannot write \(destination)")
        }
    }

    private func archiveErrorMessage() -> String {
        zip_get_error(handle).map { String(cString: zip_error_strerror($0)) } ?? "unknown libzip error"
    }

    private static func message(forCode code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }
}
