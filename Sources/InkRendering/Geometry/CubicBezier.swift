import InkModel

/// A cubic Bézier segment.
public struct CubicBezier: Sendable, Equatable {
    public var start, control1, control2, end: Point

    public func point(at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * start.x + b * control1.x + c * control2.x + d * end.x,
                     a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// Length of the control polygon: an upper bound of the curve's length.
    public var controlLength: Double {
        start.distance(to: control1) + control1.distance(to: control2) + control2.distance(to: end)
    }
}
