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
