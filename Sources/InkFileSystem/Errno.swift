import Glibc

/// A C library error number as a Swift error, with the system's message:
/// the one place that calls `strerror`.
public struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno` now.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let noSuchFile = Errno(rawValue: ENOENT)
    public static let interrupted = Errno(rawValue: EINTR)
    public static let ioError = Errno(rawValue: EIO)
    public static let noSpace = Errno(rawValue: ENOSPC)

    /// The system's message, e.g. "No such file or directory". The corresponding C function is `strerror`.
    public var description: String { String(decoding: Self.messageBytes(rawValue), as: UTF8.self) }

    private static func messageBytes(_ code: Int32) -> [UInt8] {
        guard let message = strerror(code) else { return Array("error \(code)".utf8) }
        return Array(UnsafeBufferPointer(start: message, count: strlen(message))).map { UInt8(bitPattern: $0) }
    }

    /// Runs `body` until it does not fail with EINTR; returns its result or throws the `errno` it left.
    public static func retryingOnInterrupt<T: BinaryInteger>(_ body: () -> T) throws(Errno) -> T {
        while true {
            let result = body()
            if result >= 0 { return result }
            let error = Errno.current
            if error != .interrupted { throw error }
        }
    }
}
