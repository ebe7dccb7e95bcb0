
/// One PencilKit-style stroke (`PKStroke`): an ink, a path of points and
/// the optional transform, mask and identity that come with it.
public struct Stroke: Sendable, Equatable {
    public var ink: Ink
    /// Seconds since 1970-01-01 UTC when the pen touched down (`PKStrokePath.creationDate`).
    public var created: Double
    /// Stable stroke-path identifier (`PKStrokePath.id`).
    public var id: String?
    /// Affine `[a, b, c, d, tx, ty]` applied to the points (`PKStroke.transform`).
    public var transform: StrokeTransform?
    /// Clip path in SVG path syntax, in point coordinates before `transform`.
    public var mask: String?
    /// Absent means the default, `.bspline`.
    public var interpolation: Interpolation?
    /// Random seed for textured inks, kept as its literal text.
    public var seed: JSONValue?
    public var points: [StrokePoint]
    /// Keys this version of the format does not define, in source order.
    public var extra: JSONObject

    public init(ink: Ink, created: Double, id: String? = nil, transform: StrokeTransform? = nil,
                mask: String? = nil, interpolation: Interpolation? = nil, seed: JSONValue? = nil,
                points: [StrokePoint], extra: JSONObject = JSONObject()) {
        self.ink = ink
        self.created = created
        self.id = id
        self.transform = transform
        self.mask = mask
        self.interpolation = interpolation
        self.seed = seed
        self.points = points
        self.extra = extra
    }

    /// How the points make a curve.
    public enum Interpolation: String, Sendable, Equatable {
        /// The points are control points of a uniform cubic B-spline (PencilKit's model).
        case bspline
        /// A polyline through the points.
        case linear
    }

    /// The interpolation in effect (`.bspline` when the file says nothing).
    public var effectiveInterpolation: Interpolation { interpolation ?? .bspline }
}
