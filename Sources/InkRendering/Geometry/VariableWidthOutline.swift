import Foundation

/// Builds the filled outline of a stroke swept by a nib whose size, shape
/// and angle change along it.
///
/// The centreline is cut into pieces wherever it turns by more than 90°
/// between samples; each piece becomes one closed shape (one side forward,
/// the end cap, the other side back, the start cap), every shape wound the
/// same way, so that filling them together with the non-zero rule gives
/// their union: overlaps neither cancel nor darken translucent ink.
///
/// - Sides are the centreline offset by the nib's support point normal to
///   the direction of travel, fitted with cubic Béziers to within `tolerance`.
/// - Caps are half the nib's ellipse (round for a round nib).
/// - Where a polyline turns so sharply that averaging the directions would
///   cut the corner by more than half the tolerance, the outer side follows
///   the nib round the corner (a round join: no miter spike) and the inner
///   side pivots through the centre point, so that no notch is left uncovered.
public enum VariableWidthOutline {
    /// Largest distance, in points, between a side's samples and the fitted curves.
    public static let tolerance = 0.1

    /// `radii[i]` is half the drawn width at `centre[i]` (a round nib).
    public static func outline(centre: [Point], radii: [Double]) -> InkPath {
        outline(centre: centre, nibs: radii.map { Nib.round(radius: $0) })
    }

    /// The outline of `nibs[i]` swept along `centre`.
    /// With `fitted` false the sides are polylines through every sample (the reference fitting is measured against).
    ///
    /// `startCut` / `endCut`: the direction of travel through the first / last sample, where
    /// the outline is cut straight across (square to it) instead of capped: a stretch of a
    /// longer stroke, whose neighbour cut at the same sample in the same direction meets it
    /// edge to edge, neither overlapping nor leaving a gap.
    public static func outline(centre: [Point], nibs: [Nib], fitted: Bool = true,
                               startCut: Point? = nil, endCut: Point? = nil) -> InkPath {
        precondition(centre.count == nibs.count)
        var path = InkPath()
        // Drop repeated positions: they have no direction.
        var points: [Point] = []
        var footprints: [Nib] = []
        points.reserveCapacity(centre.count)
        footprints.reserveCapacity(centre.count)
        for (p, nib) in zip(centre, nibs) {
            var nib = nib
            nib.major = max(nib.major, 0.01)
            nib.minor = max(nib.minor, 0.01)
            if let last = points.last, last.distance(to: p) < 1e-6 {
                if nib.reach > footprints[footprints.count - 1].reach { footprints[footprints.count - 1] = nib }
                continue
            }
            points.append(p)
            footprints.append(nib)
        }
        guard points.count > 1 else {
            if let p = points.first {
                let nib = footprints[0]
                path.move(to: p + nib.map(Point(1, 0)))
                appendHalfEllipse(around: p, nib: nib, from: Point(1, 0), heading: nib.map(Point(0, 1)), to: &path)
                appendHalfEllipse(around: p, nib: nib, from: Point(-1, 0), heading: nib.map(Point(0, -1)), to: &path)
                path.close()
            }
            return path
        }
        let last = points.count - 1
        forEachPiece(points) { range in
            appendPiece(Array(points[range]), Array(footprints[range]), fitted: fitted,
                        startCut: range.lowerBound == 0 ? startCut : nil, endCut: range.upperBound == last ? endCut : nil, to: &path)
        }
        return path
    }

    /// Calls `body` with the index ranges of the pieces (sharing their end samples)
    /// between turns of more than 90°.
    static func forEachPiece(_ points: [Point], _ body: (ClosedRange<Int>) -> Void) {
        points.withUnsafeBufferPointer { forEachPiece($0, body) }
    }

    /// The same, of a view of the points (at least two).
    static func forEachPiece(_ points: UnsafeBufferPointer<Point>, _ body: (ClosedRange<Int>) -> Void) {
        var pieceStart = 0
        var incoming = direction(points[0], points[1])
        for i in 1..<(points.count - 1) {
            let outgoing = direction(points[i], points[i + 1])
            defer { incoming = outgoing }   // each direction is worked out once
            if dot(incoming, outgoing) < 0 {
                body(pieceStart...i)
                pieceStart = i
            }
        }
        body(pieceStart...(points.count - 1))
    }

    private static func appendPiece(_ p: [Point], _ nibs: [Nib], fitted: Bool, startCut: Point? = nil, endCut: Point? = nil,
                                    to path: inout InkPath) {
        let n = p.count
        var left = Side(capacity: n), right = Side(capacity: n)
        var incoming = direction(p[0], p[1])
        for i in 0..<n {
            let nib = nibs[i]
            if i > 0 && i < n - 1 {
                let outgoing = direction(p[i], p[i + 1])
                defer { incoming = outgoing }   // each direction is worked out once
                let cosine = dot(incoming, outgoing)
                // Averaging the two directions cuts the corner by reach·(1 − cos(turn/2)).
                let halfTurnCosine = ((1 + cosine) / 2).squareRoot()
                if nib.reach * (1 - halfTurnCosine) > tolerance / 2 {
                    appendJoin(at: p[i], nib: nib, incoming: incoming, outgoing: outgoing, left: &left, right: &right)
                    continue
                }
            }
            let d = i == 0 ? startCut ?? direction(p[0], p[1])
                : i == n - 1 ? endCut ?? direction(p[n - 2], p[n - 1]) : direction(p[i - 1], p[i + 1])
            let offset = nib.support(normal(d))
            left.append(p[i] + offset)
            right.append(p[i] - offset)
        }
        let endHeading = direction(p[n - 2], p[n - 1])
        let startHeading = direction(p[1], p[0])
        path.move(to: left.points[0])
        left.appendFitted(to: &path, fitted: fitted)
        if endCut == nil {
            appendHalfEllipse(around: p[n - 1], nib: nibs[n - 1], from: nibs[n - 1].supportParameter(normal(endHeading)),
                              heading: endHeading, to: &path)
        } else {
            path.line(to: right.points[right.points.count - 1])
        }
        right.reverse()
        right.appendFitted(to: &path, fitted: fitted)
        if startCut == nil {
            appendHalfEllipse(around: p[0], nib: nibs[0], from: nibs[0].supportParameter(normal(startHeading)),
                              heading: startHeading, to: &path)
        }
        path.close()
    }

    /// A sharp corner: the outer side follows the nib's edge from the incoming
    /// offset to the outgoing one; the inner side goes through the centre point.
    private static func appendJoin(at c: Point, nib: Nib, incoming: Point, outgoing: Point,
                                   left: inout Side, right: inout Side) {
        let turnsLeft = cross(incoming, outgoing) > 0   // towards normal(d), the `left` side
        let sign: Double = turnsLeft ? -1 : 1           // the outer side's normal is sign·normal(d)
        let from = nib.supportParameter(normal(incoming) * sign)
        let to = nib.supportParameter(normal(outgoing) * sign)
        var arc: [Point] = []
        let a0 = atan2(from.y, from.x)
        var sweep = atan2(to.y, to.x) - a0
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        let steps = max(1, Int((abs(sweep) / (.pi / 12)).rounded(.up)))
        for k in 0...steps {
            let a = a0 + sweep * Double(k) / Double(steps)
            arc.append(c + nib.map(Point(cos(a), sin(a))))
        }
        let inner = [c + nib.map(from * -1), c, c + nib.map(to * -1)]
        if turnsLeft {
            for q in arc { right.append(q) }
            for q in inner { left.append(q, corner: true) }
        } else {
            for q in arc { left.append(q) }
            for q in inner { right.append(q, corner: true) }
        }
    }

    /// Half the nib's ellipse from `c + M·u` round through the side `heading`
    /// points to, to `c − M·u`. Béziers map exactly under `M`, so this is half
    /// a circle's cubics mapped. One cubic strays from a half circle by under
    /// 2 % of the radius, so small nibs (where that is within half the
    /// tolerance) take one; larger ones take two quarter arcs.
    static func appendHalfEllipse(around c: Point, nib: Nib, from u: Point, heading: Point, to path: inout InkPath) {
        var w = Point(-u.y, u.x)
        if dot(nib.map(w), heading) < 0 { w = w * -1 }
        func at(_ q: Point) -> Point { c + nib.map(q) }
        let back = u * -1
        if nib.reach * 0.02 <= tolerance / 2 {
            let k = 4.0 / 3
            path.curve(to: at(back), control1: at(u + w * k), control2: at(back + w * k))
            return
        }
        let k = 0.5522847498
        path.curve(to: at(w), control1: at(u + w * k), control2: at(w + u * k))
        path.curve(to: at(back), control1: at(w + back * k), control2: at(back + w * k))
    }

    @inline(__always) static func normal(_ d: Point) -> Point { Point(-d.y, d.x) }
    @inline(__always) static func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }
    @inline(__always) static func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }

    @inline(__always)
    static func direction(_ a: Point, _ b: Point) -> Point {
        let v = b - a
        let length = v.length
        return length > 0 ? v * (1 / length) : Point(1, 0)
    }
}
