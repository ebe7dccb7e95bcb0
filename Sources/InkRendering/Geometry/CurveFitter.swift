/// Fits a chain of cubic Béziers to a run of points, no farther than a
/// tolerance from any of them (Schneider's method, "An Algorithm for
/// Automatically Fitting Digitized Curves", Graphics Gems, 1990): least-squares
/// control points for a chord-length parameterisation, a few Newton steps to
/// improve the parameters, and a split at the worst point when that is not
/// enough. Few segments make a small PDF; the fit keeps the shape.
public enum CurveFitter {
    /// Appends curves through `points` to `path` (which must already be at `points[0]`).
    ///
    /// The chord lengths from the first point are summed once, and every level of
    /// the recursion works in one parameter buffer (a split's halves need the
    /// parameters of neither the whole nor each other). Each attempt is two passes
    /// over its points: one that sets the parameters (chord lengths, or a Newton
    /// step from the last curve) and sums the least-squares system as it goes, and
    /// one that finds the farthest point (measured: curve fitting was most of the
    /// geometry's time, and three passes an attempt most of that).
    public static func appendFit(_ points: [Point], tolerance: Double, to path: inout InkPath) {
        points.withUnsafeBufferPointer { appendFit($0, tolerance: tolerance, to: &path) }
    }

    /// Appends curves through `points` (a view of the caller's samples: nothing is copied) to `path`.
    /// The working buffers (chord lengths, parameters, the last curve's residuals) are on the
    /// stack for short runs (`withUnsafeTemporaryAllocation`), so most fits allocate nothing.
    public static func appendFit(_ p: UnsafeBufferPointer<Point>, tolerance: Double, to path: inout InkPath) {
        guard p.count > 1 else { return }
        if p.count == 2 {
            path.line(to: p[1])
            return
        }
        let startTangent = unit(p[1] - p[0])
        let endTangent = unit(p[p.count - 2] - p[p.count - 1])
        let count = p.count
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { scratch in
            withUnsafeTemporaryAllocation(of: Point.self, capacity: count) { residuals in
                let lengths = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
                let parameters = UnsafeMutableBufferPointer(rebasing: scratch[count..<(2 * count)])
                lengths[0] = 0
                for i in 1..<count { lengths[i] = lengths[i - 1] + p[i].distance(to: p[i - 1]) }
                let fitting = Fitting(p: p, lengths: UnsafeBufferPointer(lengths), u: parameters, residuals: residuals,
                                      toleranceSquared: tolerance * tolerance)
                fitting.fit(0, count - 1, startTangent, endTangent, &path, depth: 0)
            }
        }
    }

    /// The sums of the least-squares system for the two handle lengths, gathered a point at a time.
    private struct Sums {
        var b11 = 0.0, b12 = 0.0, b22 = 0.0
        var r1 = Point(0, 0), r2 = Point(0, 0)

        @inline(__always) mutating func add(_ t: Double, _ point: Point, _ start: Point, _ end: Point) {
            let s = 1 - t
            let b0 = s * s * s, b1 = 3 * t * s * s, b2 = 3 * t * t * s, b3 = t * t * t
            b11 += b1 * b1
            b12 += b1 * b2
            b22 += b2 * b2
            let rest = point - (start * (b0 + b1) + end * (b2 + b3))
            r1 = r1 + rest * b1
            r2 = r2 + rest * b2
        }
    }

    private struct Fitting {
        let p: UnsafeBufferPointer<Point>
        /// `lengths[i]`: the length of the polyline from the first point to point `i`.
        let lengths: UnsafeBufferPointer<Double>
        /// `u[k]` is the parameter of point `first + k` of the range being fitted.
        let u: UnsafeMutableBufferPointer<Double>
        /// `residuals[k]`: the last curve measured by `maxError` at `u[k]`, less point `first + k`
        /// (interior points only), which the Newton step that follows would otherwise work out again.
        let residuals: UnsafeMutableBufferPointer<Point>
        let toleranceSquared: Double

        func fit(_ first: Int, _ last: Int, _ t1: Point, _ t2: Point, _ path: inout InkPath, depth: Int) {
            let count = last - first + 1
            if count == 2 {
                let d = p[first].distance(to: p[last]) / 3
                path.curve(to: p[last], control1: p[first] + t1 * d, control2: p[last] + t2 * d)
                return
            }
            var bezier = solve(chordLengths(first, last), first, last, t1, t2)
            var (error, split) = maxError(first, last, bezier)
            // Close enough to be worth it: up to four Newton steps on the parameters.
            var stepsLeft = error <= toleranceSquared * 16 ? 4 : 0
            while true {
                if error <= toleranceSquared {
                    guard let stray = strayBetweenPoints(first, last, bezier) else {
                        path.curve(to: bezier.end, control1: bezier.control1, control2: bezier.control2)
                        return
                    }
                    split = stray
                    break
                }
                guard stepsLeft > 0 else { break }
                stepsLeft -= 1
                bezier = solve(reparameterise(first, last, bezier), first, last, t1, t2)
                (error, split) = maxError(first, last, bezier)
            }
            if depth > 40 {   // cannot happen for finite input; a guard against pathological data
                for i in (first + 1)...last { path.line(to: p[i]) }
                return
            }
            let centre = unit(p[split - 1] - p[split + 1])
            fit(first, split, t1, centre, &path, depth: depth + 1)
            fit(split, last, centre * -1, t2, &path, depth: depth + 1)
        }

        /// Sets chord-length parameters of the points `first…last` (0 to 1) and sums the system for them.
        func chordLengths(_ first: Int, _ last: Int) -> Sums {
            let start = p[first], end = p[last]
            let origin = lengths[first], total = lengths[last] - origin
            let scale = total > 0 ? 1 / total : 0
            var sums = Sums()
            let n = last - first
            for k in 0..<n {
                let t = (lengths[first &+ k] - origin) * scale
                u[k] = t
                sums.add(t, p[first &+ k], start, end)
            }
            let t = total > 0 ? 1 : (lengths[last] - origin) * scale
            u[n] = t
            sums.add(t, p[last], start, end)
            return sums
        }

        /// The control points that minimise the squared distance to the points at
        /// parameters `u` (summed in `sums`), with the end tangents fixed.
        func solve(_ sums: Sums, _ first: Int, _ last: Int, _ t1: Point, _ t2: Point) -> CubicBezier {
            let start = p[first], end = p[last]
            let c00 = sums.b11 * dot(t1, t1), c01 = sums.b12 * dot(t1, t2), c11 = sums.b22 * dot(t2, t2)
            let x0 = dot(t1, sums.r1), x1 = dot(t2, sums.r2)
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

        /// Where a curve that passes within the tolerance of every point at its parameter
        /// still leaves them between two of them (nil when it does not).
        ///
        /// The least-squares handles are free: with few points, or with end tangents that
        /// almost face each other (a digitiser's sub-point zig-zag, a sharp reversal), a
        /// curve can meet each point at its parameter and loop far out between them, the
        /// "line nobody drew". So a curve is kept only if its handles are no longer than
        /// the points' own path and, halfway between each two consecutive parameters, it
        /// lies within the tolerance plus half that step's length of the segment joining them.
        /// Otherwise the run is split at the interior point nearest the first stray.
        func strayBetweenPoints(_ first: Int, _ last: Int, _ b: CubicBezier) -> Int? {
            let arc = lengths[last] - lengths[first]
            let handleLimit = arc * arc + toleranceSquared
            let handle1 = b.control1 - b.start, handle2 = b.control2 - b.end
            let tolerance = toleranceSquared.squareRoot()
            var strayIndex: Int?
            if dot(handle1, handle1) > handleLimit || dot(handle2, handle2) > handleLimit {
                strayIndex = (first + last) / 2
            } else {
                for i in first..<last {
                    let a = p[i], c = p[i + 1]
                    let step = lengths[i + 1] - lengths[i]
                    let q = b.point(at: (u[i - first] + u[i + 1 - first]) / 2)
                    let allowed = tolerance + step / 2
                    if squaredDistance(q, segment: a, c) > allowed * allowed {
                        strayIndex = i
                        break
                    }
                }
            }
            guard let index = strayIndex else { return nil }
            return min(max(index, first + 1), last - 1)
        }

        /// Largest squared distance from a point to the curve at its parameter, and where.
        func maxError(_ first: Int, _ last: Int, _ b: CubicBezier) -> (Double, Int) {
            var worst = 0.0, index = (first + last) / 2
            for i in (first + 1)..<last {
                let d = b.point(at: u[i &- first]) - p[i]
                residuals[i &- first] = d
                let e = d.x * d.x + d.y * d.y
                if e >= worst { worst = e; index = i }
            }
            return (worst, index)
        }

        /// One Newton–Raphson step per point towards the closest point on the curve,
        /// summing the system for the new parameters as it goes. `b` must be the curve
        /// `maxError` measured last (its residuals at the interior points are reused).
        func reparameterise(_ first: Int, _ last: Int, _ b: CubicBezier) -> Sums {
            let d10 = (b.control1 - b.start) * 3, d11 = (b.control2 - b.control1) * 3, d12 = (b.end - b.control2) * 3
            let d20 = (d11 - d10) * 2, d21 = (d12 - d11) * 2
            let start = p[first], end = p[last]
            var sums = Sums()
            let n = last - first
            for i in 0...n {
                let t = u[i], s = 1 - t
                let q1 = d10 * (s * s) + d11 * (2 * s * t) + d12 * (t * t)
                let q2 = d20 * s + d21 * t
                let diff = i == 0 || i == n ? b.point(at: t) - p[first &+ i] : residuals[i]
                let numerator = dot(diff, q1)
                let denominator = dot(q1, q1) + dot(diff, q2)
                var next = t
                if abs(denominator) > 1e-12 {
                    next = min(max(t - numerator / denominator, 0), 1)
                    u[i] = next
                }
                sums.add(next, p[first &+ i], start, end)
            }
            return sums
        }
    }

}

@inline(__always) private func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }

/// The squared distance from `q` to the segment from `a` to `b`.
@inline(__always) private func squaredDistance(_ q: Point, segment a: Point, _ b: Point) -> Double {
    let ab = b - a, aq = q - a
    let lengthSquared = dot(ab, ab)
    let t = lengthSquared > 0 ? min(max(dot(aq, ab) / lengthSquared, 0), 1) : 0
    let d = aq - ab * t
    return dot(d, d)
}
@inline(__always) private func unit(_ v: Point) -> Point {
    let length = v.length
    return length > 1e-12 ? v * (1 / length) : Point(0, 0)
}
