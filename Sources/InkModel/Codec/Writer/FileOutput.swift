import CZlib
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
/// Compression uses zlib's `deflate` on our own descriptor rather than
/// `gzopen`, so that write errors keep their `errno` and `close()` can
/// `fsync` before the caller renames the file into place.
final class FileOutput {
    let path: String
    private var descriptor: Int32
    private var stream: UnsafeMutablePointer<z_stream>?
    private var compressed: UnsafeMutableRawPointer?
    private static let compressedCapacity = 1 << 18

    /// Whether `close()` waits for the data to reach the disk: false for a scratch file
    /// read back by the same process, which nothing renames into place.
    private let durable: Bool

    init(path: String, compressionLevel: Int32?, durable: Bool = true) throws {
        self.path = path
        self.durable = durable
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw InkFileError.cannotCreate(path: path, errno: errno) }
        guard let level = compressionLevel else { return }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // windowBits 15 + 16 asks zlib for a gzip header and trailer instead of a zlib one.
        let status = deflateInit2_(stream, min(max(level, 1), 9), Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                                   zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            systemClose(descriptor)
            descriptor = -1
            throw InkFileError.compressionFailed(path: path, message: "deflateInit2 failed (\(status))")
        }
        self.stream = stream
        compressed = UnsafeMutableRawPointer.allocate(byteCount: Self.compressedCapacity, alignment: 16)
    }

    deinit {
        if let stream {
            deflateEnd(stream)
            stream.deallocate()
        }
        compressed?.deallocate()
        if descriptor >= 0 { systemClose(descriptor) }
    }

    /// Writes all of `bytes` (compressing them first if asked to).
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard descriptor >= 0 else { throw InkFileError.writeFailed(path: path, errno: EBADF) }
        guard !bytes.isEmpty else { return }
        if stream != nil {
            try deflateChunk(bytes, finish: false)
        } else {
            try writeFully(bytes)
        }
    }

    /// Finishes the gzip stream, flushes the file to the disk and closes it.
    /// The corresponding C functions are `deflate(Z_FINISH)`, `fsync` and `close`.
    func close() throws {
        guard descriptor >= 0 else { return }
        defer {
            if descriptor >= 0 { systemClose(descriptor) }
            descriptor = -1
        }
        if stream != nil {
            try deflateChunk(UnsafeRawBufferPointer(start: nil, count: 0), finish: true)
        }
        // fsync so that a caller's rename puts complete data in place, never half a file.
        if durable && fsync(descriptor) != 0 && errno != EINVAL && errno != EROFS {
            throw InkFileError.writeFailed(path: path, errno: errno)
        }
        let result = systemClose(descriptor)
        descriptor = -1
        if result != 0 && errno != EINTR { throw InkFileError.writeFailed(path: path, errno: errno) }
    }

    private func deflateChunk(_ bytes: UnsafeRawBufferPointer, finish: Bool) throws {
        guard let stream, let compressed else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(bytes.count)
        while true {
            stream.pointee.next_out = compressed.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(Self.compressedCapacity)
            let status = deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw InkFileError.compressionFailed(path: path, message: "deflate failed (\(status))")
            }
            let produced = Self.compressedCapacity - Int(stream.pointee.avail_out)
            if produced > 0 { try writeFully(UnsafeRawBufferPointer(start: compressed, count: produced)) }
            if finish ? status == Z_STREAM_END : (stream.pointee.avail_in == 0 && stream.pointee.avail_out != 0) {
                break
            }
        }
        stream.pointee.next_in = nil
    }

    private func writeFully(_ bytes: UnsafeRawBufferPointer) throws {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                throw InkFileError.writeFailed(path: path, errno: errno)
            }
            // A zero-byte write on a regular file means no space left.
            if written == 0 { throw InkFileError.writeFailed(path: path, errno: ENOSPC) }
            next += written
            remaining -= written
        }
    }
}
