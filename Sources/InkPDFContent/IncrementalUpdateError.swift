import LibQPDF
#if canImport(Glibc)
import InkFileSystem
import Glibc
#endif

/// Why an incremental update could not be made; each says what, where and what to do.
public enum IncrementalUpdateError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, errno: Int32)
    case cannotRead(path: String, errno: Int32)
    case writeFailed(path: String, errno: Int32)
    /// qpdf cannot read the file as it is (it would have to repair it), or it has no `startxref`.
    case unreadablePDF(path: String, reason: String)
    /// New objects would have to be encrypted with the file's key: rewrite the file with qpdf instead.
    case encrypted(path: String)
    case pageOutOfRange(path: String, page: Int, pageCount: Int)
    /// The page was given ink twice in one update.
    case pageAlreadyUpdated(path: String, page: Int)
    /// A page of the tree that is not an object of the file (qpdf made it, e.g. for a page listed twice).
    case pageNotInFile(path: String, page: Int)
    /// A file copied into a stream had another length than it had when the stream's `/Length` was written.
    case changedWhileCopied(path: String, expected: Int, copied: Int)
    /// libcrypto could not make the digest the update's `/ID` is derived from.
    case digestFailed(path: String, reason: String)

    public var description: String {
        func reason(_ code: Int32) -> String { Errno(rawValue: code).description }
        switch self {
        case .cannotOpen(let path, let code): return "\(path): cannot open (\(reason(code)))"
        case .cannotRead(let path, let code): return "\(path): cannot read (\(reason(code)))"
        case .writeFailed(let path, let code): return "\(path): cannot write (\(reason(code)))"
        case .unreadablePDF(let path, let why): return "\(path): cannot append to this PDF (\(why)); rewrite it instead"
        case .encrypted(let path): return "\(path): encrypted; an incremental update would need its key, rewrite it instead"
        case .pageOutOfRange(let path, let page, let count): return "\(path): page \(page) of \(count) does not exist"
        case .pageAlreadyUpdated(let path, let page): return "\(path): page \(page) was given ink twice in one update"
        case .pageNotInFile(let path, let page): return "\(path): page \(page) is not an object of the file; rewrite it instead"
        case .changedWhileCopied(let path, let expected, let copied):
            return "\(path): changed while it was copied into the PDF (\(copied) bytes, not \(expected)); run the export again"
        case .digestFailed(let path, let why): return "\(path): cannot make the digest of the update for its /ID (\(why))"
        }
    }
}

extension IncrementalUpdateError {
    /// Why qpdf, reading `path` as written, cannot give it an update. (Writing is not asked of it here.)
    init(qpdf error: QPDFError, path: String) {
        switch error {
        case .encrypted, .passwordRejected: self = .encrypted(path: path)
        case .damaged(let reason): self = .unreadablePDF(path: path, reason: reason)
        case .warned(let reason): self = .unreadablePDF(path: path, reason: "qpdf warns: " + reason)
        case .cannotCreate(let reason), .writeFailed(let reason, _): self = .unreadablePDF(path: path, reason: reason)
        }
    }
}
