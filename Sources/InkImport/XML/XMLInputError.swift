/// Why the shared XML layer (`XMLByteSource`, `XMLPullReader`, `XMLPrologCheck`) could
/// not hand a document's XML on: the bytes under it, or libxml2's verdict on them.
/// Each importer says it in its own words (`XournalImportError`, `InkMLImportError`).
enum XMLInputError: Error, Equatable {
    case cannotOpen(path: String, reason: String)
    case brokenGzip(path: String, reason: String)
    case brokenZip(path: String, reason: String)
    /// Decompressed data (gzip stream, zip entry) grew past the limit.
    case expandsTooFar(path: String, part: String, limit: Int)
    /// libxml2 rejected the XML at this line and column.
    case xml(path: String, line: Int, column: Int, message: String)

    /// A short account for a message that wraps another failure.
    var reason: String {
        switch self {
        case .cannotOpen(_, let reason), .brokenGzip(_, let reason), .brokenZip(_, let reason): reason
        case .expandsTooFar(_, let part, let limit): "\(part) expands past \(limit) bytes"
        case .xml(_, let line, let column, let message): "\(line):\(column): \(message)"
        }
    }
}
