import LibCairo
import Foundation
import enum InkFixtures.InkPlacement
import InkModel
import Testing
@testable import InkRendering

/// Inks whose extension keys ask for plain lines (`constantWidth`, `segmentWidths`, `cap`),
/// checked against cairo stroking the same line itself.
@Suite struct LineStyleTests {
    func lineStroke(_ type: InkType = .pen, color: String = "#000000FF", widths: [Double], _ path: [(Double, Double)],
                    width: Ink.LineWidth, cap: String) -> Stroke {
        var stroke = makeStroke(type, color: color, size: widths[0], path)
        for index in stroke.points.indices {
            stroke.points[index].w = widths[min(index, widths.count - 1)]
            stroke.points[index].h = stroke.points[index].w
        }
        stroke.ink.setLines(width: width, cap: cap)
        return stroke
    }

    /// The same line stroked by cairo directly, black on white.
    func cairoLine(_ path: [(Double, Double)], width: Double, cap: CairoLineCap, canvas: RasterCanvas) {
        canvas.context.setSourceRGB(0, 0, 0)
        canvas.context.setLineWidth(width)
        canvas.context.setLineCap(cap)
        canvas.context.setLineJoin(.round)
        canvas.context.moveTo(path[0].0, path[0].1)
        for p in path.dropFirst() { canvas.context.lineTo(p.0, p.1) }
        canvas.context.stroke()
    }

    func differingPixels(_ a: RasterCanvas, _ b: RasterCanvas) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x, y), q = b.pixel(x, y)
                if max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b)) > 24 { count += 1 }
            }
        }
        return count
    }

    @Test(arguments: [("round", CairoLineCap.round), ("butt", .butt), ("square", .square)])
    func capsAreCairos(_ cap: (String, CairoLineCap)) {
        let path = [(20.0, 30.0), (80, 30), (80, 50)]
        let ours = RasterCanvas(width: 120, height: 80, scale: 1)
        ours.draw([lineStroke(widths: [10], path, width: .constant, cap: cap.0)])
        let theirs = RasterCanvas(width: 120, height: 80, scale: 1)
        cairoLine(path, width: 10, cap: cap.1, canvas: theirs)
        #expect(differingPixels(ours, theirs) == 0)
        // The left end: a butt cap stops at x = 20, the others reach 5 pt past it.
        #expect(ours.isInked(17, 30) == (cap.0 != "butt"))
        // The corner of a square cap is inked; a round cap's is not.
        #expect(ours.isInked(15, 25) == (cap.0 == "square"))
    }

    @Test func constantWidthIgnoresThePointsSizesAndAMarkerMultiplies() {
        // Sizes 4 … 20, mean 12: drawn 12 wide all along, as a highlighter that ignores pressure.
        let path = [(20.0, 40.0), (50, 40), (80, 40), (110, 40)]
        let stroke = lineStroke(.marker, color: "#FFFF0078", widths: [4, 8, 16, 20], path, width: .constant, cap: "butt")
        let canvas = RasterCanvas(width: 520, height: 320, scale: 4)
        canvas.fillRect(x: 60, y: 0, width: 10, height: 80, gray: 0)
        canvas.draw([stroke])
        func thickness(at x: Int) -> Double { Double((0..<320).filter { canvas.isInked(4 * x, $0) }.count) / 4 }
        #expect(abs(thickness(at: 30) - 12) <= 0.5)
        #expect(abs(thickness(at: 100) - 12) <= 0.5)
        // Multiplied: black under it stays black.
        let dark = canvas.pixel(4 * 65, 4 * 40)
        #expect(dark.r < 10 && dark.g < 10 && dark.b < 10)
        let yellow = canvas.pixel(4 * 40, 4 * 40)
        #expect(yellow.r > 245 && yellow.g > 245 && yellow.b < 160 && yellow.b > 100)
    }

    @Test func segmentWidthsAreStepsNotRamps() {
        // Segment 1 is 2 wide, segment 2 is 10 wide: at 3/4 of segment 1 a ramp would be 8 wide.
        let path = [(10.0, 40.0), (60, 40), (110, 40)]
        let stroke = lineStroke(widths: [2, 10, 10], path, width: .perSegment, cap: "round")
        let canvas = RasterCanvas(width: 520, height: 320, scale: 4)
        canvas.draw([stroke])
        func thickness(at x: Double) -> Double { Double((0..<320).filter { canvas.isInked(Int(4 * x), $0) }.count) / 4 }
        #expect(abs(thickness(at: 40) - 2) <= 0.5)
        #expect(abs(thickness(at: 85) - 10) <= 0.5)
        let theirs = RasterCanvas(width: 520, height: 320, scale: 4)
        cairoLine(Array(path[0...1]), width: 2, cap: .round, canvas: theirs)
        cairoLine(Array(path[1...2]), width: 10, cap: .round, canvas: theirs)
        #expect(differingPixels(canvas, theirs) == 0)
    }

    /// Round-capped segments of one width in a row are one subpath (round joins cover what
    /// the caps did): the same picture as one subpath a segment, with fewer elements. Other caps
    /// keep a subpath a segment, since their joins would fill what separate segments leave open.
    @Test(arguments: [Stroke.Interpolation.linear, .bspline])
    func segmentsOfOneWidthInARowAreOneSubpathWhenRound(interpolation: Stroke.Interpolation) {
        let path = [(10.0, 40.0), (60, 90), (110, 40), (160, 90), (210, 40)]
        var stroke = lineStroke(widths: [6, 6, 6, 12, 12], path, width: .perSegment, cap: "round")
        stroke.interpolation = interpolation
        let drawings = InkStyle.drawings(for: stroke).drawings
        func moves(_ drawing: StrokeDrawing) -> Int { drawing.path.elements.filter { if case .move = $0 { true } else { false } }.count }
        #expect(drawings.map(moves) == [1, 1], "three segments 6 wide, then one 12 wide")

        // The picture one subpath a segment makes, stroked in one operation as before.
        var separate = drawings
        for index in separate.indices {
            var split = InkPath()
            var current: Point?
            for element in drawings[index].path.elements {
                switch element {
                case .move(let p): current = p
                case .line(let p): split.move(to: current!); split.line(to: p); current = p
                case .curve(let a, let b, let p): split.move(to: current!); split.curve(to: p, control1: a, control2: b); current = p
                case .close: break
                }
            }
            separate[index].path = split
        }
        let joined = RasterCanvas(width: 520, height: 320, scale: 4), apart = RasterCanvas(width: 520, height: 320, scale: 4)
        CairoInkPainter.draw(drawings, on: joined.context, textures: InkTextures())
        CairoInkPainter.draw(separate, on: apart.context, textures: InkTextures())
        #expect(differingPixels(joined, apart) == 0)

        stroke.ink.setLines(width: .perSegment, cap: "butt")
        #expect(InkStyle.drawings(for: stroke).drawings.map(moves) == [3, 1])
    }

    /// A pressure pen as Xournal++ records one (a point every 1.5 pt, widths creeping from
    /// segment to segment, opaque, round caps) is drawn as a native pen is: a few fitted
    /// centreline strokes, one per stretch of widths within `ConstantWidthRuns.widthBand`, not a
    /// path a width; and looks like cairo stroking each segment at its own width.
    @Test func opaqueRoundSegmentsOfCreepingWidthAreRuns() {
        let path: [(Double, Double)] = (0..<80).map { (i: Int) -> (Double, Double) in
            let t = Double(i)
            return (20 + 1.5 * t, 60 + 25 * sin(t / 12))
        }
        let widths: [Double] = (0..<80).map { 1.2 + 0.02 * Double($0) }
        let stroke = lineStroke(widths: widths, path, width: .perSegment, cap: "round")
        let drawings = InkStyle.drawings(for: stroke).drawings
        #expect(drawings.count <= 12, "widths 1.2 … 2.78: about one drawing per 0.175 pt, not \(drawings.count)")
        #expect(drawings.allSatisfy { $0.path.elements.contains { if case .curve = $0 { true } else { false } } })

        let ours = RasterCanvas(width: 560, height: 480, scale: 4), theirs = RasterCanvas(width: 560, height: 480, scale: 4)
        ours.draw([stroke])
        for i in 0..<(path.count - 1) {
            cairoLine(Array(path[i...(i + 1)]), width: widths[i], cap: .round, canvas: theirs)
        }
        // Each edge within half the band plus the fitting (0.16 pt) of cairo's: every inked pixel
        // of either has one of the other's within 1 px (0.25 pt at this scale).
        func mask(_ canvas: RasterCanvas) -> [Bool] {
            (0..<(canvas.width * canvas.height)).map { canvas.isInked($0 % canvas.width, $0 / canvas.width) }
        }
        let placement = InkPlacement.compare(mask(theirs), mask(ours), width: ours.width, height: ours.height, radius: 1)
        #expect(placement.referencePixels > 5000)
        #expect(placement.referenceCovered == placement.referencePixels && placement.candidateCovered == placement.candidatePixels,
                "\(placement)")
        // Butt caps, or ink that is not opaque, keep the path a width.
        var butt = stroke
        butt.ink.setLines(width: .perSegment, cap: "butt")
        #expect(InkStyle.drawings(for: butt).drawings.count > 20)
    }

    @Test func inksWithoutTheKeysAreDrawnByTheirNib() {
        let plain = makeStroke(size: 6, [(10, 10), (50, 30)])
        #expect(LineStyle(plain.ink) == nil)
        var capOnly = plain
        capOnly.ink.extra["cap"] = .string("butt")
        #expect(LineStyle(capOnly.ink) == nil)
        #expect(InkStyle.drawings(for: capOnly).drawings == InkStyle.drawings(for: plain).drawings)
        var unknownCap = plain
        unknownCap.ink.setLines(width: .constant, cap: "triangle")
        #expect(LineStyle(unknownCap.ink) == LineStyle(width: .constant, cap: .round))
    }
}
