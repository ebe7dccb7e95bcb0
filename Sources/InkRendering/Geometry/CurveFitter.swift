/// Fits a chain of cubic Béziers to a run of points, no farther than a
/// tolerance from any of them (Schneider's method, "An Algorithm for
/// Automatically Fitting Digitized Curves", Graphics Gems, 1990): least-squares
/// control points for a chord-length parameterisation, a few Newton steps to
/// improve the parameters, and a split at the worst point when that is not
/// enough. Few segments make a small PDF; the fit keeps the shape.
public enum CurveFitter {
    /// Appends curves through `points` to `path` (which must already be at `points[0]`).
    public static func appendFit(_ points: [Point], tolerance: Double, to path: inout InkPath) {
        guard points.count > 1 else { return }
        if points.count == 2 {
            path.line(to: points[1])
            return
        }
        let startTangent = unit(points[1] - points[0])
        let endTangent = unit(points[points.count - 2] - points[points.count - 1])
        fit(points, 0, points.count - 1, startTangent, endTangent, tolerance * tolerance, &path, depth: 0)
    }

    private static func fit(_ p: [Point], _ first: Int, _ last: Int, _ t1: Point, _ t2: Point,
                            _ toleranceSquared: Double, _ path: inout InkPath, depth: Int) {
        let count = last - first + 1
        if count == 2 {
            let d = p[first].distance(to: p[last]) / 3
            path.curve(to: p[last], control1: p[first] + t1 * d, control2: p[last] + t2 * d)
            return
        }
        var u = chordLengths(p, first, last)
        var bezier = leastSquares(p, first, last, u, t1, t2)
        var (error, split) = maxError(p, first, last, bezier, u)
        if error <= toleranceSquared {
            path.curve(to: bezier.end, control1: bezier.control1, control2: bezier.control2)
            return
        }
        if error <= toleranceSquared * 16 {
            for _ in 0..<4 {
                u = reparameterise(p, first, last, u, bezier)
                bezier = leastSquares(p, first, last, u, t1, t2)
                (error, split) = maxError(p, first, last, bezier, u)
                if error <= toleranceSquared {
                    path.curve(to: bezier.end, control1: bezier.control1, control2: bezier.control2)
                    return
                }
            }
        }
        if depth > 40 {   // cannot happen for finite input; a guard against pathological data
            for i in (first + 1)...last { path.line(to: p[i]) }
            return
        }
        let centre = unit(p[split - 1] - p[split + 1])
        fit(p, first, split, t1, centre, toleranceSquared, &path, depth: depth + 1)
        fit(p, split, last, centre * -1, t2, toleranceSquared, &path, depth: depth + 1)
    }

    private static func unit(_ v: Point) -> Point {
        let length = v.length
        return length > 1e-12 ? v * (1 / length) : Point(0, 0)
    }

    private static func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }

    private static func chordLengths(_ p: [Point], _ first: Int, _ last: Int) -> [Double] {
        var u = [Double](repeating: 0, count: last - first + 1)
        for i in (first + 1)...last { u[i - first] = u[i - first - 1] + p[i].distance(to: p[i - 1]) }
        let total = u[last - first]
        if total > 0 { for i in 1...(last - first) { u[i] /= total } }
        return u
    }

    /// The control points that minimise the squared distance to the points at
    /// parameters `u`, with the end tangents fixed.
    private static func leastSquares(_ p: [Point], _ first: Int, _ last: Int, _ u: [Double],
                                     _ t1: Point, _ t2: Point) -> CubicBezier {
        let start = p[first], end = p[last]
        var c00 = 0.0, c01 = 0.0, c11 = 0.0, x0 = 0.0, x1 = 0.0
        for i in 0..<u.count {
            let t = u[i], s = 1 - t
            let b0 = s * s * s, b1 = 3 * t * s * s, b2 = 3 * t * t * s, b3 = t * t * t
            let a1 = t1 * b1, a2 = t2 * b2
            c00 += dot(a1, a1)
            c01 += dot(a1, a2)
            c11 += dot(a2, a2)
            let rest = p[first + i] - (start * (b0 + b1) + end * (b2 + b3))
            x0 += dot(a1, rest)
            x1 += dot(a2, rest)
        }
        let determinant = c00 * c11 - c01 * c01
        var alpha1 = 0.0, alpha2 = 0.0
        if abs(determinant) > 1e-12 {
            alpha1 = (x0 * c11 - x1 * c01) / determinant
            alpha2 = (c00 * x1 - c01 * x0) / determinant
        }
        let chord = start.distance(to: end)
        let epsilon = 1e-6 * chord
        if alpha1 < epsilon || alpha2 < epsilon {
            // Degenerate fit: fall back to handles a third of the chord long.
            alpha1 = chord / 3
            alpha2 = chord / 3
        }
        return CubicBezier(start: start, control1: start + t1 * alpha1, control2: end + t2 * alpha2, end: end)
    }

    /// Largest squared distance from a point to the curve at its parameter, and where.
    private static func maxError(_ p: [Point], _ first: Int, _ last: Int, _ b: CubicBezier, _ u: [Double]) -> (Double, Int) {
        var worst = 0.0, index = (first + last) / 2
        for i in (first + 1)..<last {
            let d = b.point(at: u[i - first]) - p[i]
            let e = d.x * d.x + d.y * d.y
            if e >= worst { worst = e; index = i }
        }
        return (worst, index)
    }

    /// One Newton–Raphson step per point towards the closest point on the curve.
    private static func reparameterise(_ p: [Point], _ first: Int, _ last: Int, _ u: [Double], _ b: CubicBezier) -> [Double] {
        var out = u
        let d1 = [(b.control1 - b.start) * 3, (b.control2 - b.control1) * 3, (b.end - b.control2) * 3]
        let d2 = [(d1[1] - d1[0]) * 2, (d1[2] - d1[1]) * 2]
        for i in 0..<u.count {
            let t = u[i], s = 1 - t
            let q = b.point(at: t)
            let q1 = d1[0] * (s * s) + d1[1] * (2 * s * t) + d1[2] * (t * t)
            let q2 = d2[0] * s + d2[1] * t
            let diff = q - p[first + i]
            let numerator = dot(diff, q1)
            let denominator = dot(q1, q1) + dot(diff, q2)
            if abs(denominator) > 1e-12 {
                out[i] = min(max(t - numerator / denominator, 0), 1)
            }
        }
        return out
    }
}
