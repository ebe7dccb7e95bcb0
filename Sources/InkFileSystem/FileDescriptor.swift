import Glibc

/// An open file descriptor with a single owner: it is closed exactly once,
/// by `close()` or when the value goes away, so that nothing can close a
/// number another thread has since been given.
public struct FileDescriptor: ~Copyable, Sendable {
    private var descriptor: Int32

    /// Takes ownership of an open descriptor.
    public init(adopting descriptor: Int32) { self.descriptor = descriptor }

    /// Opens `path`. The corresponding C function is `open`.
    public init(opening path: String, flags: Int32, mode: mode_t = 0o644) throws(Errno) {
        let descriptor = try Errno.retryingOnInterrupt { open(path, flags | O_CLOEXEC, mode) }
        self.init(adopting: descriptor)
    }

    /// Opens the file whose name is the bytes `path` (not necessarily UTF-8). The corresponding C function is `open`.
    public init(openingBytes path: [UInt8], flags: Int32, mode: mode_t = 0o644) throws(Errno) {
        let descriptor = try Errno.retryingOnInterrupt { PathName.withCString(path) { open($0, flags | O_CLOEXEC, mode) } }
        self.init(adopting: descriptor)
    }

    /// Opens `path` for reading (`O_RDONLY`).
    public init(reading path: String) throws(Errno) { try self.init(opening: path, flags: O_RDONLY) }

    /// Opens `path` to write at its end (`O_WRONLY | O_APPEND`); it must exist.
    public init(appendingTo path: String) throws(Errno) { try self.init(opening: path, flags: O_WRONLY | O_APPEND) }

    /// Opens `path` to read and write in place (`O_RDWR`); it must exist.
    public init(updating path: String) throws(Errno) { try self.init(opening: path, flags: O_RDWR) }

    /// Creates `path` for writing, or empties the file there (`O_WRONLY | O_CREAT | O_TRUNC`).
    public init(replacing path: String, mode: mode_t = 0o644) throws(Errno) {
        try self.init(opening: path, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
    }

    /// Creates `path` for writing; fails with EEXIST if anything is there (`O_WRONLY | O_CREAT | O_EXCL`).
    public init(creatingExclusively path: String, mode: mode_t = 0o644) throws(Errno) {
        try self.init(opening: path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: mode)
    }

    /// Creates a new file (mode 0600, read and write) named after `template`, whose six
    /// characters before the last `suffixLength` are `XXXXXX`; `template` becomes the
    /// name made (as the C function leaves it, on failure too).
    /// The corresponding C function is `mkstemps`.
    public init(uniqueFrom template: inout String, suffixLength: Int = 0) throws(Errno) {
        var name = Array(template.utf8CString)
        let descriptor = name.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(clamping: suffixLength)) }
        let error = Errno.current
        template = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else { throw error }
        self.init(adopting: descriptor)
    }

    deinit { if descriptor >= 0 { _ = Glibc.close(descriptor) } }

    /// The number, for a call that needs it; never stored elsewhere.
    public func withUnsafeHandle<T, E: Error>(_ body: (Int32) throws(E) -> T) throws(E) -> T { try body(descriptor) }

    /// Gives the number to a library that closes it itself (libmicrohttpd's response from a
    /// file); this value no longer closes it.
    public consuming func releaseUnsafeHandle() -> Int32 {
        let number = descriptor
        descriptor = -1
        return number
    }

    /// `/proc/self/fd/N`: a path that opens this very file, even after its name is gone.
    public var procPath: String { "/proc/self/fd/\(descriptor)" }

    /// Writes every byte, retrying short writes and EINTR; a write that takes no byte is ENOSPC.
    /// The corresponding C function is `write`.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let written = try Errno.retryingOnInterrupt { write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
            if written == 0 { throw .noSpace }
            offset += written
        }
    }

    /// Writes every byte at `offset` (the descriptor's own offset unchanged), retrying short
    /// writes and EINTR; a write that takes no byte is ENOSPC. The corresponding C function is `pwrite`.
    public func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(Errno) {
        var done = 0
        while done < bytes.count {
            let written = try Errno.retryingOnInterrupt {
                pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            }
            if written == 0 { throw .noSpace }
            done += written
        }
    }

    /// Writes every byte of `bytes` (see `writeAll(_:)` for a buffer).
    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        // withUnsafeBytes rethrows untyped errors; the typed one is carried out by hand.
        let failure = bytes.withUnsafeBytes { buffer -> Errno? in
            do throws(Errno) { try writeAll(buffer); return nil } catch { return error }
        }
        if let failure { throw failure }
    }

    /// Reads up to `buffer.count` bytes at the current offset; 0 at the end. The corresponding C function is `read`.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Errno.retryingOnInterrupt { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Reads from the current offset to the end, or nil once more than `limit` bytes have come
    /// (a small file read whole, without trusting a size given in advance).
    public func readToEnd(limit: Int) throws(Errno) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // withUnsafeMutableBytes rethrows untyped errors; the typed one is carried out by hand.
            let outcome = chunk.withUnsafeMutableBytes { buffer -> Result<Int, Errno> in
                do throws(Errno) { return .success(try read(into: buffer)) } catch { return .failure(error) }
            }
            let count = try outcome.get()
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { return nil }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Reads exactly `buffer.count` bytes at `offset`, or throws EIO at an early end. The corresponding C function is `pread`.
    public func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) {
        var done = 0
        while done < buffer.count {
            let count = try Errno.retryingOnInterrupt {
                pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            }
            if count == 0 { throw .ioError }
            done += count
        }
    }

    /// Reads up to `buffer.count` bytes at `offset` in one call (fewer at the end of the file; 0
    /// past it), retrying EINTR. The corresponding C function is `pread`.
    public func readSome(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Errno.retryingOnInterrupt { pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Moves the offset to `offset` bytes from the start. The corresponding C function is `lseek`.
    public func seek(to offset: Int64) throws(Errno) {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw .current }
    }

    /// Moves the offset to the end of the file and returns it: the file's length.
    /// The corresponding C function is `lseek`.
    public func seekToEnd() throws(Errno) -> Int64 {
        let end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0 else { throw .current }
        return Int64(end)
    }

    /// The file's size in bytes as it is now. The corresponding C function is `fstat`.
    public func size() throws(Errno) -> Int64 { Int64(try status().st_size) }

    /// What the system knows of the open file: its type and mode, size, owner, device and inode.
    /// The corresponding C function is `fstat`.
    public func status() throws(Errno) -> stat {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .current }
        return status
    }

    /// Flushes the file's data to the disk. The corresponding C function is `fsync`.
    public func sync() throws(Errno) {
        _ = try Errno.retryingOnInterrupt { fsync(descriptor) }
    }

    /// Closes the descriptor now, reporting a failure (a delayed write error). The corresponding C function is `close`.
    public consuming func close() throws(Errno) {
        let number = descriptor
        descriptor = -1
        if Glibc.close(number) != 0 { throw .current }
    }

    /// Runs `body`, then closes the descriptor whatever happened.
    public consuming func closeAfter<T, E: Error>(_ body: (borrowing FileDescriptor) throws(E) -> T) throws(E) -> T {
        let result = try body(self)
        try? close()
        return result
    }
}
