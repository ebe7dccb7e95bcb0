import Foundation
import InkModel
import Testing
@testable import InkRendering

/// Measures what strokes put on the page: where the ink lands against the
/// centreline, how wide it is, how uniform, and what it leaves alone.
@Suite struct InkFidelityTests {
    /// Eight device pixels per point: edges measured to an eighth of a point.
    static let scale = 4.0

    /// Distances to a polyline, looked up through a grid of 2 pt cells that
    /// each list the segments within `reach` of them.
    struct PolylineDistance {
        let line: [Point]
        let reach: Double
        var cells: [Int: [Int]] = [:]

        init(_ line: [Point], reach: Double) {
            self.line = line
            self.reach = reach
            for i in 0..<max(line.count - 1, 1) {
                let a = line[i], b = line[min(i + 1, line.count - 1)]
                let x0 = Int(((min(a.x, b.x) - reach) / 2).rounded(.down)), x1 = Int(((max(a.x, b.x) + reach) / 2).rounded(.down))
                let y0 = Int(((min(a.y, b.y) - reach) / 2).rounded(.down)), y1 = Int(((max(a.y, b.y) + reach) / 2).rounded(.down))
                for cy in y0...y1 { for cx in x0...x1 { cells[cy * 100_000 + cx, default: []].append(i) } }
            }
        }

        /// The distance, or infinity when it is more than `reach`.
        func callAsFunction(_ p: Point) -> Double {
            let key = Int((p.y / 2).rounded(.down)) * 100_000 + Int((p.x / 2).rounded(.down))
            var best = Double.infinity
            for i in cells[key] ?? [] {
                let a = line[i], b = line[min(i + 1, line.count - 1)]
                let ab = b - a, ap = p - a
                let l2 = ab.x * ab.x + ab.y * ab.y
                let t = l2 > 0 ? min(max((ap.x * ab.x + ap.y * ab.y) / l2, 0), 1) : 0
                best = min(best, p.distance(to: a + ab * t))
            }
            return best
        }
    }

    /// A curly B-spline (a wave, a tight loop) and a polyline with a 60° corner and a 120° one.
    static let shapes: [(Stroke.Interpolation, [(Double, Double)])] = [
        (.bspline, [(10, 40), (20, 25), (32, 45), (44, 25), (56, 45), (62, 30), (54, 22), (50, 34), (70, 40), (90, 30)]),
        (.linear, [(10, 50), (45, 50), (62.5, 19.7), (80, 50), (50, 45)]),
    ]

    @Test(arguments: [InkType.pen, .monoline, .watercolor, .unknown("futurePen")], [0, 1])
    func inkLandsWithinHalfAPointOfItsWidthAroundTheCentreline(type: InkType, shape: Int) {
        let (interpolation, path) = Self.shapes[shape]
        // Opaque and translucent pens are drawn differently (centreline runs, outlines): check both.
        for color in ["#000000FF", "#00000099"] {
            let stroke = makeStroke(type, color: color, size: 6, interpolation: interpolation, path)
            let radius = type == .watercolor ? 6 * 0.85 : 3
            let centre = CentrelineSampler.samples(of: stroke).map(\.position)
            let distance = PolylineDistance(centre, reach: radius + 1)
            let canvas = RasterCanvas(width: 100 * Int(Self.scale), height: 70 * Int(Self.scale), scale: Self.scale)
            canvas.draw([stroke])
            let full = canvas.pixel(Int(centre[0].x * Self.scale), Int(centre[0].y * Self.scale)).r
            var strays = 0, holes = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width {
                    let p = Point((Double(x) + 0.5) / Self.scale, (Double(y) + 0.5) / Self.scale)
                    let d = distance(p)
                    guard d > radius - 0.5 - 0.2 else { continue }
                    let inked = canvas.pixel(x, y).r < (255 + full) / 2
                    if inked && d > radius + 0.5 { strays += 1 }
                    if !inked && d < radius - 0.5 { holes += 1 }
                }
            }
            #expect(strays == 0, "\(type) \(color): \(strays) pixels of ink beyond half a point outside its width")
            #expect(holes == 0, "\(type) \(color): \(holes) pixels left blank within half a point inside its width")
        }
    }

    @Test(arguments: ["#000000FF", "#0000FF80"])
    func penWidthFollowsTheSizesAlongTheStroke(color: String) {
        var stroke = makeStroke(color: color, size: 2, [(10, 30), (90, 30)])
        stroke.points[1].w = 12
        stroke.points[1].h = 12
        let canvas = RasterCanvas(width: 400, height: 240, scale: Self.scale)
        canvas.draw([stroke])
        let full = canvas.pixel(200, 120)
        func thickness(at x: Double) -> Double {
            let column = Int(x * Self.scale)
            return Double((0..<240).filter { canvas.pixel(column, $0).r < (255 + full.r) / 2 }.count) / Self.scale
        }
        for x in stride(from: 15.0, through: 85, by: 10) {
            let expected = 2 + 10 * (x - 10) / 80
            #expect(abs(thickness(at: x) - expected) <= 0.25 + 0.5 / Self.scale, "width at x = \(x)")
        }
    }

    @Test(arguments: [InkType.pen, .watercolor, .pencil, .crayon, .marker, .fountainPen])
    func translucentStrokeCurlingTighterThanItsWidthIsOneEvenColour(type: InkType) throws {
        // A wide nib round a curl of radius 3: the inner side of the outline folds over itself.
        var curl: [(Double, Double)] = [(10, 50), (30, 50)]
        for k in 0...14 { let a = Double(k) / 14 * 2 * .pi; curl.append((40 + 3 * sin(a), 47 - 3 * cos(a) + 0.2 * Double(k))) }
        curl += [(60, 50), (80, 52)]
        let stroke = makeStroke(type, color: "#00008080", size: 14, interpolation: .bspline, azimuth: 0.3, curl)
        let canvas = RasterCanvas(width: 100, height: 100)
        canvas.draw([stroke])
        let distance = PolylineDistance(CentrelineSampler.samples(of: stroke).map(\.position), reach: 2)
        // Sample pixels well inside the ink (within 1.2 pt of the centreline; the thinnest nib here is 4 pt).
        var reds: [Int] = [], curlReds: [Int] = [], straightReds: [Int] = []
        for y in 0..<100 { for x in 0..<100 where distance(Point(Double(x) + 0.5, Double(y) + 0.5)) < 1.2 {
            let red = canvas.pixel(x, y).r
            reds.append(red)
            // The curl (where the outline folds over itself) and the straight runs before and after it.
            if abs(Double(x) - 40) < 4 && abs(Double(y) - 47) < 5 { curlReds.append(red) }
            if (12...26).contains(x) || (64...76).contains(x) { straightReds.append(red) }
        } }
        guard let lightest = reds.max(), let darkest = reds.min() else { Issue.record("no ink"); return }
        if type == .pencil || type == .crayon {
            // Grain varies pixel by pixel; self-overlap would darken whole areas, so compare the
            // average tone of the curl with that of the straight runs of the same stroke.
            try #require(curlReds.count > 30 && straightReds.count > 30, "\(type): \(curlReds.count) and \(straightReds.count) pixels")
            let curl = Double(curlReds.reduce(0, +)) / Double(curlReds.count)
            let straight = Double(straightReds.reduce(0, +)) / Double(straightReds.count)
            #expect(abs(curl - straight) <= 6, "\(type): the curl averages \(curl), the straight runs \(straight)")
            #expect(straight < 235, "\(type): the stroke is inked (\(straight))")
            #expect(lightest < 250, "the curl is inked throughout")
        } else {
            #expect(lightest - darkest <= 3, "\(type): \(darkest)…\(lightest) in one stroke")
            #expect(lightest < 250, "no hole in the curl")
        }
    }

    @Test func markerChiselIsBroadAcrossItsAzimuthAndUniform() {
        let canvas = RasterCanvas(width: 120, height: 120)
        canvas.fillRect(x: 0, y: 0, width: 120, height: 120, gray: 1)
        canvas.draw([makeStroke(.marker, color: "#FFE600FF", size: 12, azimuth: 0, [(10, 20), (100, 20)]),
                     makeStroke(.marker, color: "#FFE600FF", size: 12, azimuth: 0, [(60, 40), (60, 110)])])
        func yellow(_ x: Int, _ y: Int) -> Bool { canvas.pixel(x, y).b < 128 }
        #expect(abs((0..<35).filter { yellow(40, $0) }.count - 12) <= 1, "across the azimuth: the chisel's length")
        #expect(abs((0..<120).filter { yellow($0, 80) }.count - 6) <= 1, "along it: the chisel's thickness")
        // The chisel's corners are square: the stroke ends as a flat edge.
        #expect(yellow(8, 15) && yellow(8, 25))
        #expect(!yellow(5, 20))
    }

    @Test func markerOverBlackTextLeavesTheTextBlack() {
        let canvas = RasterCanvas(width: 400, height: 120, scale: 2)
        for x in stride(from: 20.0, to: 180, by: 6) { canvas.fillRect(x: x, y: 18, width: 3, height: 12, gray: 0) }
        var wavy: [(Double, Double)] = []
        for k in 0...20 { wavy.append((10 + 9 * Double(k), 24 + 2 * sin(Double(k)))) }
        canvas.draw([makeStroke(.marker, color: "#FF66CCB0", size: 14, interpolation: .bspline, wavy),
                     makeStroke(.marker, color: "#66FF66FF", size: 10, [(60, 20), (120, 28)])])
        for x in stride(from: 20.0, to: 180, by: 6) {
            let p = canvas.pixel(Int((x + 1.5) * 2), 48)
            #expect(p.r < 8 && p.g < 8 && p.b < 8, "text at x = \(x) stays black")
        }
    }

    @Test(arguments: [InkType.pen, .marker, .pencil, .watercolor, .fountainPen, .monoline])
    func maskedStrokeLeavesNoInkOutsideTheMask(type: InkType) {
        // A triangle with a hole, moved by the transform like the points.
        let mask = "M 0 0 L 60 0 L 0 60 Z M 10 10 L 10 20 L 20 10 Z"   // the hole wound the other way
        let moved = StrokeTransform(a: 1, b: 0, c: 0, d: 1, tx: 20, ty: 10)
        let stroke = makeStroke(type, size: 8, interpolation: .bspline, transform: moved, mask: mask,
                                [(0, 5), (30, 20), (5, 30), (50, 40), (60, 60)])
        let canvas = RasterCanvas(width: 200, height: 200, scale: 2)
        canvas.draw([stroke])
        var inside = 0, outside: [Point] = []
        for y in 0..<200 {
            for x in 0..<200 {
                let p = Point(Double(x) / 2 + 0.25 - 20, Double(y) / 2 + 0.25 - 10)   // pixel centre, before the transform
                let inTriangle = p.x >= -0.5 && p.y >= -0.5 && p.x + p.y <= 60.5
                let inHole = p.x > 10.5 && p.y > 10.5 && p.x + p.y < 29.5
                if canvas.isInked(x, y) {
                    if inTriangle && !inHole { inside += 1 } else { outside.append(p) }
                }
            }
        }
        #expect(outside.isEmpty, "\(type): \(outside.count) pixels of ink outside the mask, e.g. at \(outside.prefix(3))")
        #expect(inside > 100, "\(type): the part inside the mask is drawn")
    }

    @Test func watercolorBuildsUpWhereStrokesOverlap() {
        let canvas = RasterCanvas(width: 100, height: 60)
        canvas.draw([makeStroke(.watercolor, color: "#2E86C1FF", size: 8, [(10, 30), (90, 30)]),
                     makeStroke(.watercolor, color: "#2E86C1FF", size: 8, [(50, 5), (50, 55)])])
        let once = canvas.pixel(25, 30), twice = canvas.pixel(50, 30)
        #expect(once.r < 230, "one stroke tints the paper")
        #expect(twice.r < once.r - 20, "a second stroke over it darkens it")
        #expect(twice.r > 40, "still translucent")
    }

    @Test(arguments: [InkType.pencil, .crayon])
    func grainedInksShowTheirTileAndShareIt(type: InkType) {
        let textures = InkTextures()
        let canvas = RasterCanvas(width: 120, height: 60, scale: 4)
        let strokes = (0..<5).map { makeStroke(type, size: 6, [(10, 10 + 9 * Double($0)), (110, 12 + 9 * Double($0))]) }
        canvas.draw(strokes, textures: textures)
        #expect(textures.tileCount == 1, "one tile for every stroke of the ink")
        // Grain: the body of a stroke is not one flat colour.
        let body = (0..<200).map { canvas.pixel(100 + $0, 40).r }
        let mean = Double(body.reduce(0, +)) / Double(body.count)
        let spread = (body.map { (Double($0) - mean) * (Double($0) - mean) }.reduce(0, +) / Double(body.count)).squareRoot()
        #expect(spread > 4, "grain varies the tone (σ = \(spread))")
        #expect(mean < 200, "but the stroke is clearly drawn")
    }

    @Test func everyInkTypeDrawsOnlyOverAndMultiplyWithoutGroups() {
        let types: [InkType] = [.pen, .pencil, .marker, .monoline, .fountainPen, .watercolor, .crayon, .reed]
        for type in types {
            let (drawings, warning) = InkStyle.drawings(for: makeStroke(type, size: 5, interpolation: .bspline,
                                                                        [(0, 0), (10, 5), (20, 0), (30, 5)]))
            #expect(!drawings.isEmpty && warning == nil)
            #expect(drawings.allSatisfy { $0.paint.blend == (type == .marker ? .multiply : .over) })
        }
    }
}
