

/// One bookmark with its children.
public struct OutlineItem: Sendable, Equatable {
    public var title: String
    public var target: LinkTarget?
    public var isOpen: Bool
    public var children: [OutlineItem]
}
