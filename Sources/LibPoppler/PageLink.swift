

/// A link area on a page, in displayed coordinates (top-left origin, y down).
public struct PageLink: Sendable, Equatable {
    public var x, y, width, height: Double
    public var target: LinkTarget
}
