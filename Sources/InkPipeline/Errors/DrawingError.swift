/// Drawing a page (poppler, cairo, the incremental update of a page). One line each: what went wrong, where, and
/// what to do.
public enum DrawingError: Error, Equatable, CustomStringConvertible {
    case renderFailed(path: String, page: Int?, reason: String)

    public var description: String {
        switch self {
        case .renderFailed(let path, let page, let reason):
            "\(path)\(page.map { ": page \($0)" } ?? ""): drawing failed (\(reason))"
        }
    }
}
