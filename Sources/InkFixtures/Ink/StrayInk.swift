import Foundation
import InkModel
import InkRendering

/// Ink where the pen did not go: the check that pairs every "pixels near the
/// reference" figure. A figure over a whole page cannot see one thin line
/// across it; this looks at every point of every drawing of a stroke (curves
/// sampled finely) and measures how far it lies from the stroke's centreline
/// beyond the widest nib the ink can have there.
public enum StrayInk {
    /// Geometry's point (not the fixtures' own `Point`, which lays out test pages).
    public typealias Point = InkRendering.Point

    /// What a drawing may stray beyond the nib: rounding, the curve fit's own
    /// tolerance (0.1 pt), the sampling of curves here, and a fitted side that rounds a wide nib's turn a little outside the chord between two of its samples (seen: 0.29 pt for a tilted crayon;
    /// 0.308 pt for a pen's hairpin turn in a real Xournal++ notebook, scrouthtv-raycast.xopp page 2, stroke 7). A stray
    /// line is points to inches away: a third of a point does not hide one.
    public static let hair = 0.33

    /// The worst point of a stroke's drawings: how far beyond its allowance it lies
    /// (negative or zero when every point is within it), and where.
    public struct Excess: Sendable, CustomStringConvertible {
        public var excess: Double
        public var at: Point
        public var description: String { "\(excess) pt beyond the nib at (\(at.x), \(at.y))" }
    }

    /// The drawings inkpdf makes of `stroke` (`InkStyle.drawings`), checked point by point.
    public static func excess(of stroke: Stroke) -> Excess {
        let drawings = InkStyle.drawings(for: stroke).drawings
        let samples = CentrelineSampler.samples(of: stroke)
        let centre = samples.map(\.position)
        let reach = nibReach(stroke.ink, samples)
        var worst = Excess(excess: -.infinity, at: Point(0, 0))
        for drawing in drawings {
            // A filled path is an outline: its points may lie as far out as the nib reaches.
            // A stroked path is a centreline with the ink drawn round it (half its width, a
            // square cap's corner farther): its points may stray only by what that leaves.
            let allowed: Double
            switch drawing.paint.style {
            case .fill: allowed = reach + hair
            case .stroke(let width):
                let edge = width / 2 * (drawing.paint.cap == .square ? 2.0.squareRoot() : 1)
                allowed = max(reach - edge, 0) + hair
            }
            let index = SegmentGrid(centre, cell: max(allowed, 0.5))
            forEachPoint(of: drawing.path) { p in
                let distance = index.distance(from: p, within: allowed)
                if distance - allowed > worst.excess { worst = Excess(excess: distance - allowed, at: p) }
            }
        }
        return worst
    }

    /// The first stroke (index) of `strokes` drawn beyond its nib, with how far.
    public static func firstStray(in strokes: [Stroke]) -> (index: Int, excess: Excess)? {
        for (index, stroke) in strokes.enumerated() {
            let found = excess(of: stroke)
            if found.excess > 0 { return (index, found) }
        }
        return nil
    }

    /// The widest a filled outline can be from the centreline, by ink, as `InkStyle` sizes its nibs
    /// (half the point's size for a round nib, the ellipses of pencil and crayon as they tilt,
    /// watercolour's broad brush, a chisel's half diagonal).
    /// An ink drawn as plain lines (`LineStyle`) reaches half its widest point's size, a square cap's corner farther.
    public static func nibReach(_ ink: Ink, _ samples: [StrokeSample]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let widest = samples.map(\.width).max() ?? 0
        if let line = LineStyle(ink) {
            return max(widest / 2 * (line.cap == .square ? 2.0.squareRoot() : 1), 0.01)
        }
        let reach: Double
        switch ink.type {
        case .pen, .unknown, .fountainPen, .reed, .monoline:
            reach = widest / 2
        case .pencil, .crayon:
            let spread = ink.type == .pencil ? 1.0 : 1.15
            reach = samples.map { s -> Double in
                let tilt = 1 - min(max(s.altitude, 0), .pi / 2) / (.pi / 2)
                return s.width / 2 * spread * (1 + 1.5 * tilt)
            }.max() ?? 0
        case .watercolor:
            reach = widest * 0.85
        case .marker:
            let mean = samples.reduce(0) { $0 + $1.width } / Double(samples.count)
            reach = (mean * mean + mean * mean / 4).squareRoot() / 2
        }
        return max(reach, 0.01)
    }

    /// Every end point of `path`, and twelve points along each curve.
    public static func forEachPoint(of path: InkPath, _ body: (Point) -> Void) {
        var current = Point(0, 0)
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p):
                body(p)
                current = p
            case .curve(let c1, let c2, let p):
                for k in 1...12 {
                    let t = Double(k) / 12, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    let x: Double = a * current.x + b * c1.x + c * c2.x + d * p.x
                    let y: Double = a * current.y + b * c1.y + c * c2.y + d * p.y
                    body(Point(x, y))
                }
                current = p
            case .close:
                break
            }
        }
    }

    /// The centreline's segments in a grid of square cells, so that a point's distance is
    /// measured against the few segments near it.
    public struct SegmentGrid {
        let points: [Point]
        let cell: Double
        var cells: [Int64: [Int]] = [:]

        public init(_ points: [Point], cell: Double) {
            self.points = points
            self.cell = cell
            if points.count == 1 { cells[key(cellOf(points[0]))] = [0] }
            for i in 0..<max(points.count - 1, 0) {
                let a = cellOf(points[i]), b = cellOf(points[i + 1])
                for x in min(a.x, b.x)...max(a.x, b.x) {
                    for y in min(a.y, b.y)...max(a.y, b.y) { cells[key((x, y)), default: []].append(i) }
                }
            }
        }

        func cellOf(_ p: Point) -> (x: Int, y: Int) {
            (Int((p.x / cell).rounded(.down)), Int((p.y / cell).rounded(.down)))
        }

        func key(_ c: (x: Int, y: Int)) -> Int64 { Int64(c.x) << 32 ^ Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: c.y))) }

        /// The distance from `p` to the nearest segment; exact when it is within `within`,
        /// otherwise the exact distance over every segment (a stray is rare and is then reported).
        public func distance(from p: Point, within: Double) -> Double {
            let c = cellOf(p), r = Int((within / cell).rounded(.up)) + 1
            var best = Double.infinity
            for x in (c.x - r)...(c.x + r) {
                for y in (c.y - r)...(c.y + r) {
                    for i in cells[key((x, y))] ?? [] { best = min(best, segmentDistance(p, i)) }
                }
            }
            if best <= within { return best }
            if points.count == 1 { return p.distance(to: points[0]) }
            return (0..<(points.count - 1)).reduce(Double.infinity) { min($0, segmentDistance(p, $1)) }
        }

        func segmentDistance(_ p: Point, _ i: Int) -> Double {
            let a = points[i], b = points[min(i + 1, points.count - 1)]
            let ab = b - a, ap = p - a
            let lengthSquared = ab.x * ab.x + ab.y * ab.y
            let t = lengthSquared > 0 ? min(max((ap.x * ab.x + ap.y * ab.y) / lengthSquared, 0), 1) : 0
            return p.distance(to: a + ab * t)
        }
    }

    // MARK: - Strokes that used to draw lines nobody drew

    /// A real pen stroke (1.4 pt, 25 points) with a digitiser's sub-point zig-zag, as a
    /// Xournal++ lecture notebook recorded it: drawn with a hairline from x = 255 to x = 348
    /// before the curve fit was held to its points.
    public static let zigzagPoints: [(Double, Double)] = [
        (271.8, 459.78), (271.83, 459.16), (272.41, 459.87), (272.83, 459.87), (272.31, 459.71),
        (273.17, 459.75), (273.15, 459.63), (273.31, 459.9), (272.88, 459.65), (273.52, 459.31),
        (274.47, 459.76), (274.84, 459.22), (275.25, 459.56), (276.37, 459.03), (276.84, 459.32),
        (277.12, 458.93), (277.79, 458.94), (278.12, 459.01), (277.9, 459.39), (278.5, 459.1),
        (278.37, 459.23), (278.29, 459.23), (278.9, 459.16), (278.9, 459.35), (279.07, 458.63),
    ]

    /// Strokes of every ink type, both interpolations, with what digitisers and hands make:
    /// sub-point jitter, sharp reversals, repeated points and widths falling to almost nothing.
    /// The same strokes for the same seed.
    public static func jitterStrokes(seed: UInt64, perType: Int = 12, within box: (x: Double, y: Double, width: Double, height: Double)) -> [Stroke] {
        var random = SplitMix64(seed: seed)
        let types: [InkType] = [.pen, .pencil, .marker, .monoline, .fountainPen, .watercolor, .crayon, .reed]
        var strokes: [Stroke] = []
        for type in types {
            for index in 0..<perType {
                var r = random.fork(UInt64(strokes.count))
                let count = r.integer(3...60)
                var x = r.uniform(box.x...(box.x + box.width)), y = r.uniform(box.y...(box.y + box.height))
                var heading = r.uniform(0...(2 * .pi))
                let size = r.uniform(0.3...6)
                var points: [StrokePoint] = []
                for k in 0..<count {
                    switch index % 4 {
                    case 0:   // a digitiser's zig-zag: steps under a point in every direction, drifting on
                        x += r.uniform(-0.6...0.9); y += r.uniform(-0.6...0.6)
                    case 1:   // sharp reversals: back and forth along a line, each turn nearly 180°
                        let step = r.uniform(0.2...8) * (k % 2 == 0 ? 1 : -0.97)
                        x += cos(heading) * step; y += sin(heading) * step
                        heading += r.uniform(-0.05...0.05)
                    case 2:   // repeated points between small jumps
                        if !r.chance(0.5) { x += r.uniform(-1.5...1.5); y += r.uniform(-1.5...1.5) }
                    default:  // a hand's curve with noise
                        heading += r.uniform(-1.2...1.2)
                        let step = r.uniform(0.05...2.5)
                        x += cos(heading) * step + r.uniform(-0.2...0.2); y += sin(heading) * step + r.uniform(-0.2...0.2)
                    }
                    // Widths that go to almost nothing at the end (a pressure pen lifting), or anywhere.
                    var w = size * r.uniform(0.2...1.3)
                    if k == count - 1 || r.chance(0.1) { w = 0.001 }
                    points.append(StrokePoint(x: x, y: y, t: Double(k) * 0.01, w: w, h: w,
                                              opacity: 1, force: r.uniform(0...2),
                                              azimuth: r.uniform(0...(2 * .pi)), altitude: r.uniform(0...(.pi / 2))))
                }
                let color = index % 3 == 0 ? "#1F2A4480" : "#1F2A44FF"
                var stroke = Stroke(ink: Ink(type: type, colorText: color, color: RGBAColor(hex: color)!, width: size),
                                    created: 1_764_460_000 + Double(strokes.count), points: points)
                stroke.interpolation = index % 2 == 0 ? .linear : .bspline
                // Some drawn as plain lines, as Xournal++'s and rnote's pens are (`LineStyle`).
                if index % 5 == 4 {
                    stroke.ink.setLines(width: index % 2 == 0 ? .perSegment : .constant, cap: r.pick(["round", "butt", "square"]))
                }
                // Some pencils and crayons laid as dots (`Ink.isStippled`, a reMarkable pencil), pressed
                // lighter and harder along them: stretches of many levels, cut square where they meet.
                if (type == .pencil || type == .crayon) && index % 3 != 2 {
                    stroke.ink.setStippled()
                    for k in stroke.points.indices { stroke.points[k].opacity = 0.55 + 0.45 * sin(Double(k) * 0.7) }
                }
                strokes.append(stroke)
            }
        }
        return strokes
    }
}
