import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why reading the bytes of a file failed, before any line number is known;
/// `LineReader` turns it into a located error.
public enum InputFailure: Error {
    case system(errno: Int32)
    /// zlib's description of the damage.
    case corruptGzip(String)
    case truncatedGzip
    case dataAfterGzip
}
