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

    deinit { if descriptor >= 0 { _ = Glibc.close(descriptor) } }

    /// The number, for a call that needs it; never stored elsewhere.
    public func withUnsafeHandle<T, E: Error>(_ body: (Int32) throws(E) -> T) throws(E) -> T { try body(descriptor) }

    /// `/proc/self/fd/N`: a path that opens this very file, even after its name is gone.
    public var procPath: String { "/proc/self/fd/\(descriptor)" }

    /// Writes every byte, retrying short writes and EINTR. The corresponding C function is `write`.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let written = try Errno.retryingOnInterrupt { write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
            offset += written
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
