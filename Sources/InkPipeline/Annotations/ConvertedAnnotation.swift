/// An annotation the reader turned into strokes, told apart the way poppler can
/// tell it on its own page: by subtype, by its place among the page's annotations
/// of that subtype that poppler loads, and by `/NM` when it has one. Flatten takes
/// these off poppler's page before drawing it, so that each is drawn once, as ink.
public struct ConvertedAnnotation: Hashable, Sendable {
    /// `/Subtype` without its slash (`Ink`, `Highlight`, …).
    public var subtype: String
    /// 0-based, among the page's annotations of this subtype that poppler loads
    /// (a dictionary with a `/Rect` of four numbers and the subtype's own key).
    public var ordinal: Int
    /// `/NM`, when it is a string.
    public var name: String?

    public init(subtype: String, ordinal: Int, name: String?) {
        self.subtype = subtype
        self.ordinal = ordinal
        self.name = name
    }
}
