import Foundation
import InkRendering

public enum RasterError: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case cairo(path: String, status: String)
    case qpdf(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "\(path): \(reason)"
        case .cairo(let path, let status): "\(path): cairo: \(status)"
        case .qpdf(let path, let reason): "\(path): qpdf: \(reason)"
        }
    }
}
