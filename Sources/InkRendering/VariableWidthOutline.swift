/// Builds the filled outline of a stroke whose width changes along it.
///
/// The centreline is cut into pieces wherever it turns by more than 90°
/// between samples; each piece becomes one closed shape (left side forward,
/// round end cap, right side back, round start cap), every shape wound the
/// same way, so that filling them together with the non-zero rule gives
/// their union: overlaps neither cancel nor darken translucent ink. Each side
/// is fitted with cubic Béziers to within `tolerance`.
public enum VariableWidthOutline {
    /// Largest distance, in points, between a side's samples and the fitted curves.
    public static let tolerance = 0.1

    /// `radii[i]` is half the drawn width at `centre[i]`.
    public static func outline(centre: [Point], radii: [Double]) -> InkPath {
        precondition(centre.count == radii.count)
        var path = InkPath()
        // Drop repeated positions: they have no direction.
        var points: [Point] = []
        var widths: [Double] = []
        points.reserveCapacity(centre.count)
        widths.reserveCapacity(centre.count)
        for (p, r) in zip(centre, radii) {
            if let last = points.last, last.distance(to: p) < 1e-6 {
                widths[widths.count - 1] = max(widths[widths.count - 1], r)
                continue
            }
            points.append(p)
            widths.append(max(r, 0.01))
        }
        guard points.count > 1 else {
            if let p = points.first { path.addCircle(center: p, radius: widths[0]) }
            return path
        }
        var pieceStart = 0
        for i in 1..<(points.count - 1) {
            let incoming = direction(points[i - 1], points[i])
            let outgoing = direction(points[i], points[i + 1])
            if incoming.x * outgoing.x + incoming.y * outgoing.y < 0 {
                appendPiece(points[pieceStart...i], widths[pieceStart...i], to: &path)
                pieceStart = i
            }
        }
        appendPiece(points[pieceStart...], widths[pieceStart...], to: &path)
        return path
    }

    private static func appendPiece(_ points: ArraySlice<Point>, _ radii: ArraySlice<Double>, to path: inout InkPath) {
        let p = Array(points), r = Array(radii)
        let n = p.count
        var left: [Point] = [], right: [Point] = []
        left.reserveCapacity(n)
        right.reserveCapacity(n)
        for i in 0..<n {
            let d = direction(p[max(i - 1, 0)], p[min(i + 1, n - 1)])
            let normal = Point(-d.y, d.x)
            left.append(p[i] + normal * r[i])
            right.append(p[i] - normal * r[i])
        }
        path.move(to: left[0])
        CurveFitter.appendFit(left, tolerance: tolerance, to: &path)
        appendHalfCircle(around: p[n - 1], radius: r[n - 1], heading: direction(p[n - 2], p[n - 1]), to: &path)
        CurveFitter.appendFit(right.reversed(), tolerance: tolerance, to: &path)
        let back = direction(p[1], p[0])
        appendHalfCircle(around: p[0], radius: r[0], heading: back, to: &path)
        path.close()
    }

    /// Half a circle from `centre + normal·r` round through `centre + heading·r`
    /// to `centre − normal·r`. One cubic strays from a half circle by under
    /// 2 % of the radius, so small nibs (where that is within half the
    /// tolerance) take one; larger ones take two quarter arcs.
    private static func appendHalfCircle(around c: Point, radius r: Double, heading d: Point, to path: inout InkPath) {
        let normal = Point(-d.y, d.x)
        let start = c + normal * r, end = c - normal * r
        if r * 0.02 <= tolerance / 2 {
            let k = 4.0 / 3 * r
            path.curve(to: end, control1: start + d * k, control2: end + d * k)
            return
        }
        let k = 0.5522847498 * r
        let middle = c + d * r
        // Tangents along the arc: from normal towards heading, then towards −normal.
        path.curve(to: middle, control1: start + d * k, control2: middle + normal * k)
        path.curve(to: end, control1: middle - normal * k, control2: end + d * k)
    }

    @inline(__always)
    static func direction(_ a: Point, _ b: Point) -> Point {
        let v = b - a
        let length = v.length
        return length > 0 ? v * (1 / length) : Point(1, 0)
    }

    /// Ramer–Douglas–Peucker thinning; keeps the first and last point.
    public static func simplify(_ points: [Point], tolerance: Double) -> [Point] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack: [(Int, Int)] = [(0, points.count - 1)]
        let limit = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first], b = points[last]
            let ab = b - a
            let lengthSquared = ab.x * ab.x + ab.y * ab.y
            var worst = -1.0, worstIndex = first
            for i in (first + 1)..<last {
                let ap = points[i] - a
                let distanceSquared: Double
                if lengthSquared > 0 {
                    let cross = ab.x * ap.y - ab.y * ap.x
                    let t = (ap.x * ab.x + ap.y * ab.y) / lengthSquared
                    if t < 0 {
                        distanceSquared = ap.x * ap.x + ap.y * ap.y
                    } else if t > 1 {
                        let bp = points[i] - b
                        distanceSquared = bp.x * bp.x + bp.y * bp.y
                    } else {
                        distanceSquared = cross * cross / lengthSquared
                    }
                } else {
                    distanceSquared = ap.x * ap.x + ap.y * ap.y
                }
                if distanceSquared > worst { worst = distanceSquared; worstIndex = i }
            }
            if worst > limit {
                keep[worstIndex] = true
                stack.append((first, worstIndex))
                stack.append((worstIndex, last))
            }
        }
        var out: [Point] = []
        for (i, p) in points.enumerated() where keep[i] { out.append(p) }
        return out
    }
}
