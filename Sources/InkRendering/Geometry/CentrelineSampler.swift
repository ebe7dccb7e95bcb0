import InkModel

/// Samples a stroke's centreline: the uniform cubic B-spline of its points
/// (PencilKit's model) or the polyline through them.
///
/// Segment `i` runs from control point `i` to `i + 1`; its shape uses points
/// `i − 1 … i + 2` with indices clamped at the ends, and every attribute other
/// than the position is linear between points `i` and `i + 1`.
public enum CentrelineSampler {
    /// The largest distance between consecutive samples, in points.
    public static let spacing = 0.75

    /// Samples no farther apart than `spacing` (at most 64 per segment unless `spacing` is finer than the default).
    public static func samples(of stroke: Stroke, spacing: Double = CentrelineSampler.spacing) -> [StrokeSample] {
        let points = stroke.points
        guard !points.isEmpty else { return [] }
        let transform = stroke.transform ?? .identity
        let scale = transform.isIdentity ? 1 : transform.meanScale
        let positions = points.map { p -> Point in
            let q = transform.apply(x: p.x, y: p.y)
            return Point(q.x, q.y)
        }
        func sample(_ i: Int, _ j: Int, _ t: Double, at position: Point) -> StrokeSample {
            let a = points[i], b = points[j]
            func lerp(_ u: Double, _ v: Double) -> Double { u + (v - u) * t }
            return StrokeSample(position: position, width: lerp(a.w, b.w) * scale, height: lerp(a.h, b.h) * scale,
                                opacity: lerp(a.opacity, b.opacity), force: lerp(a.force, b.force),
                                azimuth: lerp(a.azimuth, b.azimuth), altitude: lerp(a.altitude, b.altitude))
        }
        if points.count == 1 {
            return [sample(0, 0, 0, at: positions[0])]
        }
        var out: [StrokeSample] = []
        out.reserveCapacity(points.count * 4)
        let last = points.count - 1
        switch stroke.effectiveInterpolation {
        case .linear:
            for i in 0..<last {
                let a = positions[i], b = positions[i + 1]
                let steps = stepCount(length: a.distance(to: b), spacing: spacing)
                for k in 0..<steps {
                    let t = Double(k) / Double(steps)
                    out.append(sample(i, i + 1, t, at: a + (b - a) * t))
                }
            }
            out.append(sample(last - 1, last, 1, at: positions[last]))
        case .bspline:
            for i in 0..<last {
                let bezier = bezierSegment(positions, segment: i)
                let steps = stepCount(length: bezier.controlLength, spacing: spacing)
                for k in 0..<steps {
                    let t = Double(k) / Double(steps)
                    out.append(sample(i, i + 1, t, at: bezier.point(at: t)))
                }
            }
            out.append(sample(last - 1, last, 1, at: bezierSegment(positions, segment: last - 1).end))
        }
        return out
    }

    /// The exact cubic Bézier of B-spline segment `i` (from control point `i` to `i + 1`).
    public static func bezierSegment(_ p: [Point], segment i: Int) -> CubicBezier {
        let last = p.count - 1
        let p0 = p[max(i - 1, 0)], p1 = p[i], p2 = p[min(i + 1, last)], p3 = p[min(i + 2, last)]
        return CubicBezier(
            start: (p0 + p1 * 4 + p2) * (1.0 / 6),
            control1: (p1 * 2 + p2) * (1.0 / 3),
            control2: (p1 + p2 * 2) * (1.0 / 3),
            end: (p1 + p2 * 4 + p3) * (1.0 / 6))
    }

    /// The centreline as a path: exact Béziers for a B-spline, lines for a polyline.
    public static func centrelinePath(of stroke: Stroke) -> InkPath {
        let transform = stroke.transform ?? .identity
        let positions = stroke.points.map { p -> Point in
            let q = transform.apply(x: p.x, y: p.y)
            return Point(q.x, q.y)
        }
        var path = InkPath()
        guard let first = positions.first else { return path }
        if positions.count == 1 {
            path.move(to: first)
            path.line(to: first)
            return path
        }
        switch stroke.effectiveInterpolation {
        case .linear:
            path.move(to: first)
            for p in positions.dropFirst() { path.line(to: p) }
        case .bspline:
            for i in 0..<(positions.count - 1) {
                let b = bezierSegment(positions, segment: i)
                if i == 0 { path.move(to: b.start) }
                path.curve(to: b.end, control1: b.control1, control2: b.control2)
            }
        }
        return path
    }

    private static func stepCount(length: Double, spacing: Double) -> Int {
        let cap = spacing < Self.spacing ? 100_000 : 64
        let quotient = length / spacing
        guard quotient.isFinite else { return quotient.isNaN ? 1 : cap }
        // Capped as a real: the quotient of a long path and a fine spacing can pass Int's range.
        guard quotient < Double(cap) else { return cap }
        // Rounded up by hand: `rounded(.up)` is a call to `ceil` on the baseline x86-64 target,
        // once a segment (the quotient is never negative: a length over a positive spacing).
        let whole = Int(quotient)
        return max(1, Double(whole) < quotient ? whole + 1 : whole)
    }
}
