import CZip
import Foundation

/// Why a zip archive could not be read.
public enum ZipArchiveError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case entryUnreadable(path: String, entry: String, reason: String)
    case expandsTooFar(path: String, entry: String, limit: Int)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "\(path): not a readable zip archive (\(reason)); is the file complete?"
        case .entryUnreadable(let path, let entry, let reason):
            "\(path): entry \(entry) cannot be read (\(reason)); the archive is damaged"
        case .expandsTooFar(let path, let entry, let limit):
            "\(path): entry \(entry) expands past \(limit) bytes; refusing it as a decompression bomb"
        }
    }
}
