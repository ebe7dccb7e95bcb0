import InkFileSystem
import LibDeflate
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for writing, plain or gzip-compressed, that reports every
/// failure with the path and the system's reason.
///
/// Compression is libdeflate's, whole-buffer: each `write` of a compressed file
/// becomes one gzip member (a `.gz` may hold several, read one after the other
/// by `gzip -d`, zlib's `gzread`, Python's `gzip` and inkpdf's `InputFile`), so
/// callers hand it large pieces (`InkLayersWriter`: about a megabyte), where the
/// members cost nothing measurable over one stream (32 KB windows). It writes to
/// our own descriptor so that write errors keep their `errno` and `close()` can
/// `fsync` before the caller renames the file into place.
final class FileOutput {
    let path: String
    /// nil once closed.
    private var descriptor: FileDescriptor?
    /// nil: plain text.
    private var compressor: DeflateCompressor?
    private var members = 0

    /// Whether `close()` waits for the data to reach the disk: false for a scratch file
    /// read back by the same process, which nothing renames into place.
    private let durable: Bool

    /// `compressionLevel`: nil writes plain text; else gzip at that libdeflate level (clamped to 1 … 12).
    init(path: String, compressionLevel: Int32?, durable: Bool = true) throws {
        self.path = path
        self.durable = durable
        do { descriptor = try FileDescriptor(replacing: path) } catch { throw InkFileError.cannotCreate(path: path, errno: error.rawValue) }
        if let level = compressionLevel { compressor = DeflateCompressor(level: min(max(level, 1), 12)) }
    }

    /// Writes all of `bytes` (compressing them first, as one gzip member, if asked to).
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard descriptor != nil else { throw InkFileError.writeFailed(path: path, errno: EBADF) }
        guard !bytes.isEmpty else { return }
        if compressor != nil {
            try writeMember(bytes)
        } else {
            try writeFully(bytes)
        }
    }

    /// Writes the last gzip member if none was written (an empty file is one empty member),
    /// flushes the file to the disk and closes it.
    /// The corresponding C functions are `fsync` and `close`.
    func close() throws {
        guard descriptor != nil else { return }
        // Whatever happens below, the descriptor is closed (when the value taken goes away).
        defer { _ = descriptor.take() }
        if compressor != nil, members == 0 {
            try writeMember(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        // fsync so that a caller's rename puts complete data in place, never half a file.
        if durable {
            do { try descriptor!.sync() } catch where error.rawValue != EINVAL && error.rawValue != EROFS {
                throw InkFileError.writeFailed(path: path, errno: error.rawValue)
            } catch {}
        }
        do { try descriptor.take()!.close() } catch where error != .interrupted {
            throw InkFileError.writeFailed(path: path, errno: error.rawValue)
        } catch {}
    }

    private func writeMember(_ bytes: UnsafeRawBufferPointer) throws {
        members += 1
        try compressor!.withCompressed(bytes, as: .gzip) { member throws in try writeFully(member) }
    }

    private func writeFully(_ bytes: UnsafeRawBufferPointer) throws {
        guard bytes.baseAddress != nil else { return }
        // A zero-byte write on a regular file means no space left (ENOSPC).
        do { try descriptor!.writeAll(bytes) } catch { throw InkFileError.writeFailed(path: path, errno: error.rawValue) }
    }
}
