import InkFileSystem
import Glibc
import InkPDFContent

extension ExportError {
    /// An incremental update that failed on the output `name` (flatten's own file,
    /// or export's copy): a write failure as one, anything else as a failed drawing.
    init(appending error: IncrementalUpdateError, name: String) {
        switch error {
        case .writeFailed(_, let code), .cannotRead(_, let code), .cannotOpen(_, let code):
            self = .writing(.writeFailed(path: name, reason: Errno(rawValue: code).description))
        case .pageOutOfRange(_, let page, _), .pageAlreadyUpdated(_, let page), .pageNotInFile(_, let page):
            self = .drawing(.renderFailed(path: name, page: page, reason: error.description))
        case .unreadablePDF, .encrypted, .digestFailed, .changedWhileCopied:
            self = .drawing(.renderFailed(path: name, page: nil, reason: error.description))
        }
    }
}
