import InkModel

/// How a path is painted.
public struct Paint: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        /// Fill with the non-zero winding rule.
        case fill
        /// Stroke the path with round joins and the paint's `cap` at the ends of each subpath.
        case stroke(width: Double)
    }

    /// How a stroked subpath ends (cairo's line caps).
    public enum Cap: String, Sendable, Equatable {
        /// A half disc beyond each end.
        case round
        /// Cut square at the end points.
        case butt
        /// A half square beyond each end.
        case square
    }

    public enum Blend: Sendable, Equatable {
        case over
        /// Darkens what is below (a highlighter): text under it stays readable.
        case multiply
    }

    /// The colour with its final alpha (colour alpha × stroke opacity × ink factor).
    public var color: RGBAColor
    public var style: Style
    public var blend: Blend
    /// A paper grain multiplied over the filled shape, or (`Grain.stipple`) the dots
    /// the shape is filled with in `color`: one small tile per grain, shared by
    /// every stroke of that ink in a document.
    public var grain: Grain?
    /// The ends of a stroked path (a fill ignores it).
    public var cap: Cap

    public init(color: RGBAColor, style: Style, blend: Blend = .over, grain: Grain? = nil, cap: Cap = .round) {
        self.color = color
        self.style = style
        self.blend = blend
        self.grain = grain
        self.cap = cap
    }
}
