import InkModel

/// How an ink whose extension keys ask for plain stroked lines
/// (`Ink.lineKeys`) is drawn, instead of being swept by the ink's nib:
///
/// - `"constantWidth": true`: one line of one width, the mean of the points'
///   `w`, whatever each point says (a highlighter that ignores pressure);
/// - `"segmentWidths": true`: each segment between two consecutive points a
///   line of its own, as wide as the `w` of the point it starts from (a pen
///   whose pressure is recorded per segment);
/// - `"cap"`: `"round"` (the default), `"butt"` or `"square"`: how each of
///   those lines ends.
///
/// The colour, opacity and mask are the ink's as usual, and a `marker` keeps
/// its multiplied blend; nib shapes, grain and the nib inks' opacity factors
/// do not apply. An ink with neither width key is drawn by its nib, whose
/// ends are the nib's own shape: `cap` alone changes nothing.
public struct LineStyle: Sendable, Equatable {
    public enum Width: Sendable, Equatable {
        /// One width for the whole stroke.
        case constant
        /// Each segment at the width of the point it starts from.
        case perSegment
    }

    public var width: Width
    public var cap: Paint.Cap

    public init(width: Width, cap: Paint.Cap = .round) {
        self.width = width
        self.cap = cap
    }

    /// The line style an ink's extension keys ask for (`Ink.lineKeys`); nil when it is drawn by its nib.
    public init?(_ ink: Ink) {
        guard let keys = ink.lineKeys else { return nil }
        width = keys.width == .constant ? .constant : .perSegment
        cap = Paint.Cap(rawValue: keys.cap) ?? .round
    }
}
