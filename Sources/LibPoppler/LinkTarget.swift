
/// Where a link or an outline entry leads, in the output's terms.
public enum LinkTarget: Sendable, Equatable {
    case uri(String)
    /// A page of the document (1-based) and, when the source gave one, a
    /// position on it in displayed coordinates (top-left origin, y down).
    case page(Int, x: Double?, y: Double?)
}
