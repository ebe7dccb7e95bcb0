import InkFixtures
import InkModel
import Testing
@testable import InkRendering

/// Ink only where the pen went: no point of any drawing farther from the stroke's
/// centreline than its widest nib plus a hair (`StrayInk`), whatever the jitter,
/// reversals, repeated points or widths falling to zero.
private typealias Point = InkRendering.Point

@Suite struct StrayInkTests {
    static let types: [InkType] = [.pen, .pencil, .marker, .monoline, .fountainPen, .watercolor, .crayon, .reed]

    func stroke(_ type: InkType, _ points: [(Double, Double)], size: Double, _ interpolation: Stroke.Interpolation) -> Stroke {
        let color = RGBAColor(hex: "#C0392BFF")!
        var stroke = Stroke(ink: Ink(type: type, colorText: "#C0392BFF", color: color, width: size), created: 1_764_460_000,
                            points: points.enumerated().map { index, p in
                                StrokePoint(x: p.0, y: p.1, t: Double(index) * 0.01, w: size, h: size, opacity: 1, force: 1,
                                            azimuth: 0.7, altitude: 1.2)
                            })
        stroke.interpolation = interpolation
        return stroke
    }

    /// The 25-point stroke of a real notebook that drew a hairline across 93 pt.
    @Test(arguments: types, [Stroke.Interpolation.linear, .bspline])
    func digitiserZigZagStaysWithinTheNib(type: InkType, interpolation: Stroke.Interpolation) {
        let found = StrayInk.excess(of: stroke(type, StrayInk.zigzagPoints, size: 1.4, interpolation))
        #expect(found.excess <= 0, "\(type), \(interpolation): \(found)")
    }

    /// The same stroke as plain lines (a Xournal++ pressure pen: each segment at its point's width,
    /// which falls to almost nothing at the end; or one width), with every cap.
    @Test(arguments: [Ink.LineWidth.perSegment, .constant], ["round", "butt", "square"])
    func digitiserZigZagAsPlainLinesStaysWithinTheNib(width: Ink.LineWidth, cap: String) {
        for interpolation in [Stroke.Interpolation.linear, .bspline] {
            var line = stroke(.pen, StrayInk.zigzagPoints, size: 1.4, interpolation)
            line.ink.setLines(width: width, cap: cap)
            for index in line.points.indices {
                let w = index == line.points.count - 1 ? 0.001 : 1.4 * (0.5 + Double(index % 5) / 5)
                line.points[index].w = w
                line.points[index].h = w
            }
            let found = StrayInk.excess(of: line)
            #expect(found.excess <= 0, "\(width), \(cap), \(interpolation): \(found)")
        }
    }

    /// Generated strokes of every ink type with the jitter, reversals, repeated points and
    /// vanishing widths real pens record; seeded, so a failure names the same stroke every run.
    @Test(arguments: [1 as UInt64, 2, 3, 4, 5, 6])
    func generatedJitterStaysWithinTheNib(seed: UInt64) {
        let strokes = StrayInk.jitterStrokes(seed: seed, perType: 16, within: (x: 50, y: 50, width: 500, height: 700))
        var strays: [String] = []
        for (index, stroke) in strokes.enumerated() {
            let found = StrayInk.excess(of: stroke)
            if found.excess > 0 { strays.append("stroke \(index) (\(stroke.ink.type), \(stroke.effectiveInterpolation)): \(found)") }
        }
        #expect(strays.isEmpty, "\(strays.count) strokes drawn beyond their nib: \(strays.prefix(5))")
    }

    /// The check itself sees a stray: a drawing with a point far off the centreline counts.
    @Test func theCheckSeesALineNobodyDrew() {
        let base = stroke(.pen, [(10, 10), (20, 10)], size: 2, .linear)
        var path = InkPath()
        path.move(to: Point(10, 10))
        path.curve(to: Point(20, 10), control1: Point(400, 300), control2: Point(-300, -200))
        let samples = CentrelineSampler.samples(of: base)
        #expect(StrayInk.nibReach(base.ink, samples) == 1)
        // The same measure as `excess(of:)` uses, on a hand-made bad drawing.
        var farthest = 0.0
        let grid = StrayInk.SegmentGrid(samples.map(\.position), cell: 1.25)
        StrayInk.forEachPoint(of: path) { farthest = max(farthest, grid.distance(from: $0, within: 1.25)) }
        #expect(farthest > 50)
    }

    /// The fit itself, on short runs of sub-point jitter (what the sides of a digitiser's
    /// zig-zag give it): a run whose end tangents almost face each other may meet its
    /// interior points at any handle length; the curve must still stay by its points.
    @Test func curveFitStaysByItsPointsBetweenThem() {
        var random = SplitMix64(seed: 39)
        var worst = (distance: 0.0, run: [Point]())
        for _ in 0..<5_000 {
            var run = [Point(0, 0)]
            for _ in 0..<random.integer(2...6) {
                run.append(run[run.count - 1] + Point(random.uniform(-0.6...0.9), random.uniform(-0.6...0.6)))
            }
            var path = InkPath()
            path.move(to: run[0])
            CurveFitter.appendFit(run, tolerance: 0.1, to: &path)
            let grid = StrayInk.SegmentGrid(run, cell: 1)
            StrayInk.forEachPoint(of: path) { p in
                let d = grid.distance(from: p, within: 1)
                if d > worst.distance { worst = (d, run) }
            }
        }
        #expect(worst.distance <= 0.5, "the fitted curve strays \(worst.distance) pt from its points \(worst.run)")
    }
}
