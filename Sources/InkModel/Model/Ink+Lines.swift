/// Extension keys of an ink that ask for its strokes to be drawn as plain
/// stroked lines (a line of one width, or each segment at its own width, with
/// round, butt or square caps) instead of being swept by the ink's nib: how
/// tools whose pens are cairo lines draw, said without naming the tool.
/// InkRendering's `LineStyle` draws them; a reader that does not know the keys
/// draws the ink by its type, as the format says for any unknown key.
///
/// ```json
/// "ink": {"type": "marker", "color": "#FFFF0078", "width": 12, "constantWidth": true, "cap": "butt"}
/// ```
extension Ink {
    /// How wide the lines are.
    public enum LineWidth: String, Sendable, CaseIterable {
        /// `"constantWidth": true`: one line as wide as the mean of the points' `w`.
        case constant = "constantWidth"
        /// `"segmentWidths": true`: each segment between consecutive points a line as wide
        /// as the `w` of the point it starts from.
        case perSegment = "segmentWidths"
    }

    /// The line ends: `"cap": "round" | "butt" | "square"`.
    public static let lineCapKey = "cap"
    public static let lineCaps: Set<String> = ["round", "butt", "square"]

    /// The line keys of this ink: the width (nil when it is drawn by its nib) and the cap (`"round"` unless a known one is given).
    public var lineKeys: (width: LineWidth, cap: String)? {
        guard !extra.isEmpty else { return nil }
        let width: LineWidth
        if extra[LineWidth.perSegment.rawValue] == .bool(true) {
            width = .perSegment
        } else if extra[LineWidth.constant.rawValue] == .bool(true) {
            width = .constant
        } else {
            return nil
        }
        if case .string(let cap)? = extra[Self.lineCapKey], Self.lineCaps.contains(cap) { return (width, cap) }
        return (width, "round")
    }

    /// Asks for the ink to be drawn as lines of `width` with `cap` ends (one of `lineCaps`, else round).
    public mutating func setLines(width: LineWidth, cap: String) {
        for other in LineWidth.allCases where other != width { extra[other.rawValue] = nil }
        extra[width.rawValue] = .bool(true)
        extra[Self.lineCapKey] = .string(Self.lineCaps.contains(cap) ? cap : "round")
    }
}
