#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An operating-system failure while reading or writing an ink-layers file
/// (missing file, permission, disk full), as opposed to bad content
/// (`InkLayersError`). Callers map `cannotOpen` with `ENOENT` to "input
/// missing" and the rest to an I/O error.
public enum InkFileError: Error, CustomStringConvertible, Equatable, Sendable {
    case cannotOpen(path: String, errno: Int32)
    case readFailed(path: String, errno: Int32)
    case cannotCreate(path: String, errno: Int32)
    case writeFailed(path: String, errno: Int32)
    /// A zlib failure that is not bad input (e.g. out of memory); `message` is zlib's.
    case compressionFailed(path: String, message: String)

    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .readFailed(let path, _), .cannotCreate(let path, _),
             .writeFailed(let path, _), .compressionFailed(let path, _):
            path
        }
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let code): "cannot open \(path): \(Self.reason(code))"
        case .readFailed(let path, let code): "cannot read \(path): \(Self.reason(code))"
        case .cannotCreate(let path, let code): "cannot create \(path): \(Self.reason(code))"
        case .writeFailed(let path, let code): "cannot write \(path): \(Self.reason(code))"
        case .compressionFailed(let path, let message): "cannot compress \(path): \(message)"
        }
    }

    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
