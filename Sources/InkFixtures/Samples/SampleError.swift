#if canImport(Glibc)
import InkFileSystem
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a sample document could not be generated.
public enum SampleError: Error, Equatable, CustomStringConvertible {
    /// cairo reported an error while drawing or finishing the PDF.
    case cairo(path: String, status: String)
    /// qpdf could not read or rewrite the PDF to set page boxes and rotation.
    case qpdf(path: String, message: String)
    /// A file could not be created, written, read or renamed.
    case io(path: String, operation: String, errno: Int32)
    /// A page description cannot be drawn (bad size, rotation or crop box).
    case invalidPage(index: Int, reason: String)

    public var description: String {
        switch self {
        case let .cairo(path, status):
            "\(path): cairo could not write the PDF: \(status)"
        case let .qpdf(path, message):
            "\(path): qpdf could not set page boxes: \(message)"
        case let .io(path, operation, code):
            "\(path): cannot \(operation): \(Errno(rawValue: code).description)"
        case let .invalidPage(index, reason):
            "page \(index + 1): \(reason)"
        }
    }
}
