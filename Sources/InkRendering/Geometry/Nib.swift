import Foundation

/// The footprint of a nib on the page at one point of a stroke: an ellipse
/// with half-axes `major` along `angle` and `minor` across it. A round nib is
/// a circle; a broad (fountain pen, reed) nib is a flat ellipse; a tilted
/// pencil lays a longer ellipse.
///
/// The ellipse is the unit circle mapped by `M = rotation(angle)·diag(major, minor)`;
/// its support point in a direction `n` (the point of the footprint farthest
/// along `n`) is `M·u` with `u = Mᵀn / |Mᵀn|`. The sides of a swept nib are the
/// centreline offset by the support points in the directions normal to it.
public struct Nib: Sendable, Equatable {
    public var major: Double
    public var minor: Double
    public var angle: Double {
        didSet { (cosine, sine) = (cos(angle), sin(angle)) }
    }
    /// `cos(angle)` and `sin(angle)`, worked out once (a side asks for both at every sample).
    private var cosine: Double, sine: Double

    public init(major: Double, minor: Double, angle: Double) {
        self.major = major
        self.minor = minor
        self.angle = angle
        (cosine, sine) = angle == 0 ? (1, 0) : (cos(angle), sin(angle))
    }

    /// A round nib of radius `r`.
    public static func round(radius r: Double) -> Nib { Nib(major: r, minor: r, angle: 0) }

    var isRound: Bool { abs(major - minor) <= 1e-9 * max(major, 1) }

    /// `M·q`: a point of the unit circle to the footprint (relative to its centre).
    @inline(__always)
    func map(_ q: Point) -> Point {
        if isRound { return q * major }
        let c = cosine, s = sine
        let x = q.x * major, y = q.y * minor
        return Point(c * x - s * y, s * x + c * y)
    }

    /// The unit-circle point whose image is the support point in direction `n`.
    @inline(__always)
    func supportParameter(_ n: Point) -> Point {
        if isRound { return n }
        let c = cosine, s = sine
        let v = Point(major * (c * n.x + s * n.y), minor * (-s * n.x + c * n.y))
        let length = v.length
        return length > 1e-12 ? v * (1 / length) : Point(1, 0)
    }

    /// The footprint's farthest point along `n`, relative to its centre.
    @inline(__always)
    func support(_ n: Point) -> Point { map(supportParameter(n)) }

    /// The largest distance from the centre to the footprint's edge.
    var reach: Double { max(major, minor) }
}
