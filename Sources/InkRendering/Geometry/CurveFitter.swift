/// Fits a chain of cubic Béziers to a run of points, no farther than a
/// tolerance from any of them (Schneider's method, "An Algorithm for
/// Automatically Fitting Digitized Curves", Graphics Gems, 1990): least-squares
/// control points for a chord-length parameterisation, a few Newton steps to
/// improve the parameters, and a split at the worst point when that is not
/// enough. Few segments make a small PDF; the fit keeps the shape.
public enum CurveFitter {
    /// Appends curves through `points` to `path` (which must already be at `points[0]`).
    ///
    /// The distances between neighbours are computed once, and every level of
    /// the recursion works in one parameter buffer (a split's halves need the
    /// parameters of neither the whole nor each other): the same arithmetic in
    /// the same order as fitting each range afresh, without its square roots and
    /// allocations (measured: curve fitting was most of the geometry's time).
    public static func appendFit(_ points: [Point], tolerance: Double, to path: inout InkPath) {
        guard points.count > 1 else { return }
        if points.count == 2 {
            path.line(to: points[1])
            return
        }
        let startTangent = unit(points[1] - points[0])
        let endTangent = unit(points[points.count - 2] - points[points.count - 1])
        let count = points.count
        points.withUnsafeBufferPointer { p in
            let distances = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
            let parameters = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
            defer { distances.deallocate(); parameters.deallocate() }
            distances[0] = 0
            for i in 1..<count { distances[i] = p[i].distance(to: p[i - 1]) }
            let fitting = Fitting(p: p, distances: UnsafeBufferPointer(distances), u: parameters,
                                  toleranceSquared: tolerance * tolerance)
            fitting.fit(0, count - 1, startTangent, endTangent, &path, depth: 0)
        }
    }

    private struct Fitting {
        let p: UnsafeBufferPointer<Point>
        let distances: UnsafeBufferPointer<Double>
        /// `u[k]` is the parameter of point `first + k` of the range being fitted.
        let u: UnsafeMutableBufferPointer<Double>
        let toleranceSquared: Double

        func fit(_ first: Int, _ last: Int, _ t1: Point, _ t2: Point, _ path: inout InkPath, depth: Int) {
            let count = last - first + 1
            if count == 2 {
                let d = p[first].distance(to: p[last]) / 3
                path.curve(to: p[last], control1: p[first] + t1 * d, control2: p[last] + t2 * d)
                return
            }
            chordLengths(first, last)
            var bezier = leastSquares(first, last, t1, t2)
            var (error, split) = maxError(first, last, bezier)
            if error <= toleranceSquared {
                path.curve(to: bezier.end, control1: bezier.control1, control2: bezier.control2)
                return
            }
            if error <= toleranceSquared * 16 {
                for _ in 0..<4 {
                    reparameterise(first, last, bezier)
                    bezier = leastSquares(first, last, t1, t2)
                    (error, split) = maxError(first, last, bezier)
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
            fit(first, split, t1, centre, &path, depth: depth + 1)
            fit(split, last, centre * -1, t2, &path, depth: depth + 1)
        }

        /// Chord-length parameters of the points `first…last`, 0 to 1.
        func chordLengths(_ first: Int, _ last: Int) {
            let n = last - first
            u[0] = 0
            for k in 1...n { u[k] = u[k - 1] + distances[first + k] }
            let total = u[n]
            if total > 0 { for k in 1...n { u[k] /= total } }
        }

        /// The control points that minimise the squared distance to the points at
        /// parameters `u`, with the end tangents fixed.
        func leastSquares(_ first: Int, _ last: Int, _ t1: Point, _ t2: Point) -> CubicBezier {
            let start = p[first], end = p[last]
            var c00 = 0.0, c01 = 0.0, c11 = 0.0, x0 = 0.0, x1 = 0.0
            for i in 0...(last - first) {
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
        func maxError(_ first: Int, _ last: Int, _ b: CubicBezier) -> (Double, Int) {
            var worst = 0.0, index = (first + last) / 2
            for i in (first + 1)..<last {
                let d = b.point(at: u[i - first]) - p[i]
                let e = d.x * d.x + d.y * d.y
                if e >= worst { worst = e; index = i }
            }
            return (worst, index)
        }

        /// One Newton–Raphson step per point towards the closest point on the curve.
        func reparameterise(_ first: Int, _ last: Int, _ b: CubicBezier) {
            let d10 = (b.control1 - b.start) * 3, d11 = (b.control2 - b.control1) * 3, d12 = (b.end - b.control2) * 3
            let d20 = (d11 - d10) * 2, d21 = (d12 - d11) * 2
            for i in 0...(last - first) {
                let t = u[i], s = 1 - t
                let q = b.point(at: t)
                let q1 = d10 * (s * s) + d11 * (2 * s * t) + d12 * (t * t)
                let q2 = d20 * s + d21 * t
                let diff = q - p[first + i]
                let numerator = dot(diff, q1)
                let denominator = dot(q1, q1) + dot(diff, q2)
                if abs(denominator) > 1e-12 {
                    u[i] = min(max(t - numerator / denominator, 0), 1)
                }
            }
        }
    }

}

@inline(__always) private func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }
@inline(__always) private func unit(_ v: Point) -> Point {
    let length = v.length
    return length > 1e-12 ? v * (1 / length) : Point(0, 0)
}
