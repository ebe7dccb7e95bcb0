/// Where a link or an outline entry leads, in the output's terms.
public enum LinkTarget: Sendable, Equatable {
    case uri(String)
    /// A page of the document (1-based) and, when the source gave one, a
    /// position on it in displayed coordinates (top-left origin, y down).
    case page(Int, x: Double?, y: Double?)
}

/// A link area on a page, in displayed coordinates (top-left origin, y down).
public struct PageLink: Sendable, Equatable {
    public var x, y, width, height: Double
    public var target: LinkTarget
}

/// One bookmark with its children.
public struct OutlineItem: Sendable, Equatable {
    public var title: String
    public var target: LinkTarget?
    public var isOpen: Bool
    public var children: [OutlineItem]
}
