import InkModel
import Testing
@testable import InkRendering

@Suite struct OpaqueStrokeBatchingTests {
    /// A pen stroke whose width grows from `from` to `to` along a horizontal line at `y`.
    func pen(y: Double, from: Double, to: Double, color: String = "#000000FF") -> Stroke {
        var stroke = makeStroke(color: color, size: from, [(10, y), (190, y)])
        stroke.points[1].w = to
        stroke.points[1].h = to
        return stroke
    }

    func drawings(_ strokes: [Stroke]) -> [StrokeDrawing] { strokes.flatMap { InkStyle.drawings(for: $0).drawings } }

    @Test func opaqueStretchesOfOneColourBecomeOnePathPerWidth() {
        let before = drawings([pen(y: 20, from: 2, to: 3), pen(y: 40, from: 2, to: 3), pen(y: 60, from: 2, to: 3)])
        let widths = Set(before.compactMap { if case .stroke(let w) = $0.paint.style { w } else { nil } })
        #expect(before.count >= 3 * 6, "each stroke is several stretches")
        let after = OpaqueStrokeBatching.batched(before)
        #expect(after.count == widths.count)
        // Every subpath survives: as many moves after as before.
        let moves = { (d: [StrokeDrawing]) in d.reduce(0) { $0 + $1.path.elements.filter { if case .move = $0 { true } else { false } }.count } }
        #expect(moves(after) == moves(before))
    }

    @Test func anythingElseEndsABatchAndKeepsItsPlace() {
        let black = drawings([pen(y: 20, from: 2, to: 3)])
        let translucent = drawings([makeStroke(.watercolor, color: "#FF000080", [(10, 30), (190, 30)])])
        let blue = drawings([pen(y: 40, from: 2, to: 3, color: "#0000FFFF")])
        let after = OpaqueStrokeBatching.batched(black + translucent + black + blue)
        let colors = after.map(\.paint.color)
        let firstTranslucent = try! #require(colors.firstIndex { $0.alpha < 1 })
        #expect(colors[..<firstTranslucent].allSatisfy { $0 == black[0].paint.color })
        #expect(colors.filter { $0.alpha < 1 }.count == 1)
        let firstBlue = try! #require(colors.firstIndex { $0 == blue[0].paint.color })
        #expect(firstBlue > firstTranslucent)
        #expect(colors[(firstTranslucent + 1)..<firstBlue].allSatisfy { $0 == black[0].paint.color })
        #expect(colors[firstBlue...].allSatisfy { $0 == blue[0].paint.color })
    }

    @Test func batchedDrawingLooksTheSameAsStrokeByStroke() {
        // Crossing strokes of one colour: drawn in one call (batched) and one drawing at a time.
        let strokes = [pen(y: 30, from: 1, to: 4), makeStroke(size: 3, [(100, 5), (100, 95)]), pen(y: 50, from: 4, to: 1)]
        let together = RasterCanvas(width: 200, height: 100)
        together.draw(strokes)
        let apart = RasterCanvas(width: 200, height: 100)
        for drawing in drawings(strokes) { CairoInkPainter.draw([drawing], on: apart.context, textures: InkTextures()) }
        var differing = 0
        for y in 0..<100 {
            for x in 0..<200 {
                let a = together.pixel(x, y), b = apart.pixel(x, y)
                if max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) > 32 { differing += 1 }
            }
        }
        #expect(together.inkedPixelCount > 1000)
        #expect(differing * 100 < together.inkedPixelCount, "only antialiased edges where strokes overlap may differ")
    }
}

@Suite struct GrainUnionTests {
    @Test func everySubpathTurnsTheSameWayAndKeepsItsPoints() {
        var path = InkPath()
        // Clockwise on the page (y down) …
        path.move(to: Point(0, 0)); path.line(to: Point(10, 0)); path.line(to: Point(10, 10)); path.line(to: Point(0, 10)); path.close()
        // … and the other way, with a curve.
        path.move(to: Point(20, 0)); path.line(to: Point(20, 10))
        path.curve(to: Point(30, 0), control1: Point(25, 12), control2: Point(32, 5)); path.close()
        let oriented = path.uniformlyOriented()
        var starts: [Int] = []
        for (index, element) in oriented.elements.enumerated() { if case .move = element { starts.append(index) } }
        #expect(starts == [0, 5])
        let first = oriented.elements[0..<5], second = oriented.elements[5...]
        #expect(InkPath.signedArea(first) > 0 && InkPath.signedArea(second) > 0)
        #expect(abs(InkPath.signedArea(first)) == abs(InkPath.signedArea(path.elements[0..<5])))
        #expect(oriented.elements[5] == .move(Point(30, 0)) && oriented.elements[6] == .curve(Point(32, 5), Point(25, 12), Point(20, 10)))
    }

    @Test(arguments: [Grain.pencil, .crayon, .stipple(level: Grain.stippleLevels / 2)])
    func shapesTurningOppositeWaysKeepTheirGrainWhereTheyOverlap(grain: Grain) {
        // Two grained shapes overlapping in 40…80 × 20…40, one traced clockwise and one
        // anticlockwise: joined as they are, the overlap would wind to zero and lose its grain.
        var clockwise = InkPath(), anticlockwise = InkPath()
        clockwise.move(to: Point(10, 20)); clockwise.line(to: Point(80, 20)); clockwise.line(to: Point(80, 40))
        clockwise.line(to: Point(10, 40)); clockwise.close()
        anticlockwise.move(to: Point(40, 20)); anticlockwise.line(to: Point(40, 40)); anticlockwise.line(to: Point(110, 40))
        anticlockwise.line(to: Point(110, 20)); anticlockwise.close()
        let paint = Paint(color: RGBAColor(red: 0.3, green: 0.3, blue: 0.3, alpha: 0.8), style: .fill, grain: grain)
        let canvas = RasterCanvas(width: 480, height: 240, scale: 4)   // 120 × 60 pt
        CairoInkPainter.draw([StrokeDrawing(path: clockwise, paint: paint), StrokeDrawing(path: anticlockwise, paint: paint)],
                             on: canvas.context, textures: InkTextures())
        func spread(_ x: Int) -> Double {   // over 20 × 5 pt from device column x, row 100 (y = 25 pt)
            let tones = (0..<80).flatMap { dx in (0..<20).map { dy in Double(canvas.pixel(x + dx, 100 + dy).r) } }
            let mean = tones.reduce(0, +) / Double(tones.count)
            return (tones.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(tones.count)).squareRoot()
        }
        #expect(spread(80) > 4, "grain in the first shape alone (σ = \(spread(80)))")
        #expect(spread(200) > 4, "grain where the shapes overlap (σ = \(spread(200)))")
    }
}
