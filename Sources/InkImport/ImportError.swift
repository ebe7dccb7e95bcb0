import Foundation
import InkModel

/// Why a foreign document could not be read: its importer's one-line message.
public enum ImportError: Error, Equatable, CustomStringConvertible {
    /// The file is damaged, hostile or not what it claims to be.
    case invalid(String)
    /// The background PDF the document names is not there.
    case backgroundMissing(String)
    /// A page of the document lies on a page its PDF does not have (`--page` past the PDF's end).
    case pdfPageOutOfRange(String)

    public var description: String {
        switch self {
        case .invalid(let message), .backgroundMissing(let message), .pdfPageOutOfRange(let message): message
        }
    }
}
