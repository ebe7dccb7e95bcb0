import InkModel
import Testing
@testable import InkRendering

@Suite struct InkStyleTests {
    @Test func penCoversItsWidthAndNoMore() {
        let canvas = RasterCanvas(width: 100, height: 60)
        canvas.draw([makeStroke(size: 10, [(20, 30), (80, 30)])])
        #expect(canvas.isInked(50, 30))
        #expect(canvas.isInked(50, 26))
        #expect(canvas.isInked(50, 33))
        #expect(!canvas.isInked(50, 22))
        #expect(!canvas.isInked(50, 38))
        // Round caps reach half the width past the ends.
        #expect(canvas.isInked(17, 30))
        #expect(!canvas.isInked(12, 30))
    }

    @Test(arguments: [InkType.pen, .pencil, .crayon, .watercolor, .fountainPen, .reed, .monoline])
    func translucentStrokeThatCrossesItselfHasOneAlpha(type: InkType) {
        // A loop: the stroke passes through (50, 50) twice, and turns sharply at the end.
        let loop = [(20.0, 50.0), (80, 50), (80, 20), (50, 20), (50, 80), (60, 80), (20, 80)]
        let canvas = RasterCanvas(width: 100, height: 100)
        canvas.draw([makeStroke(type, color: "#0000FF80", size: 8, loop)])
        let crossing = canvas.pixel(50, 50)
        // One grain tile (8 pt for pencil, 12 pt for crayon) to the right: the same grain, once inked.
        let single = canvas.pixel(type == .crayon ? 62 : 58, 50)
        #expect(crossing.r > 20, "ink must stay translucent")
        #expect(abs(crossing.r - single.r) <= 2, "the crossing is no darker than the stroke elsewhere")
    }

    @Test func opaquePenWidthFollowsEachPointsSize() {
        var stroke = makeStroke(size: 2, [(10, 30), (90, 30)])
        stroke.points[1].w = 12
        stroke.points[1].h = 12
        // Four device pixels per point, so that edges are measured to a quarter point.
        let canvas = RasterCanvas(width: 400, height: 240, scale: 4)
        canvas.draw([stroke])
        func thickness(at x: Int) -> Double { Double((0..<240).filter { canvas.isInked(4 * x, $0) }.count) / 4 }
        for x in stride(from: 20, through: 80, by: 20) {
            let expected = 2 + 10 * Double(x - 10) / 80
            #expect(abs(thickness(at: x) - expected) <= 0.5, "width at x = \(x)")
        }
    }

    @Test func opaquePenOfGentlyChangingWidthIsAFewEvenStretches() {
        var stroke = makeStroke(size: 2, [(10, 30), (90, 30)])
        stroke.points[1].w = 2.5
        let drawings = InkStyle.drawings(for: stroke).drawings
        // A 0.5 pt change cut into bands of ConstantWidthRuns.widthBand (0.15 pt): four, or five where a sample straddles.
        let bands = Int((0.5 / ConstantWidthRuns.widthBand).rounded(.up))
        #expect((bands...bands + 1).contains(drawings.count), "a 0.5 pt change in \(ConstantWidthRuns.widthBand) pt bands")
        #expect(drawings.allSatisfy { if case .stroke = $0.paint.style { true } else { false } })
    }

    @Test func sharpTurnLeavesNoHole() {
        // Back and forth: every sample inside the stroke's width must be inked.
        let zigzag = [(10.0, 50.0), (90, 50), (12, 54), (90, 58)]
        let canvas = RasterCanvas(width: 100, height: 100)
        canvas.draw([makeStroke(size: 6, zigzag)])
        for x in stride(from: 15, through: 85, by: 5) {
            #expect(canvas.isInked(x, 50))
        }
        #expect(canvas.isInked(90, 52))
        #expect(canvas.isInked(12, 52))
    }

    @Test func markerMultipliesSoTextUnderItStaysDark() {
        let canvas = RasterCanvas(width: 100, height: 40)
        canvas.fillRect(x: 40, y: 10, width: 20, height: 20, gray: 0)   // "text"
        canvas.draw([makeStroke(.marker, color: "#FFE600FF", size: 16, [(10, 20), (90, 20)])])
        let onText = canvas.pixel(50, 20)
        let onPaper = canvas.pixel(20, 20)
        #expect(onText.r < 10 && onText.g < 10 && onText.b < 10, "black stays black under the marker")
        #expect(onPaper.r > 240 && onPaper.g > 200 && onPaper.b < 30, "paper turns marker yellow")
    }

    @Test func unknownInkIsDrawnAsPenWithAWarning() {
        let stroke = makeStroke(.unknown("glitterPen"), size: 6, [(10, 10), (50, 10)])
        let (drawings, warning) = InkStyle.drawings(for: stroke)
        let pen = InkStyle.drawings(for: makeStroke(.pen, size: 6, [(10, 10), (50, 10)])).drawings
        #expect(drawings == pen)
        #expect(warning == "ink type 'glitterPen' is newer than this inkpdf; drawn as pen")
    }

    @Test func maskClipsTheStroke() {
        let canvas = RasterCanvas(width: 100, height: 40)
        canvas.draw([makeStroke(size: 10, mask: "M 0 0 L 50 0 L 50 40 L 0 40 Z", [(10, 20), (90, 20)])])
        #expect(canvas.isInked(30, 20))
        #expect(!canvas.isInked(70, 20))
    }

    @Test func maskIsInPointCoordinatesBeforeTheTransform() {
        let canvas = RasterCanvas(width: 200, height: 40)
        let moved = StrokeTransform(a: 1, b: 0, c: 0, d: 1, tx: 100, ty: 0)
        canvas.draw([makeStroke(size: 10, transform: moved, mask: "M 0 0 h 50 v 40 h -50 z", [(10, 20), (90, 20)])])
        #expect(canvas.isInked(130, 20))
        #expect(!canvas.isInked(170, 20))
        #expect(!canvas.isInked(30, 20))
    }

    @Test(arguments: [InkType.fountainPen, .reed])
    func broadNibIsBroadAcrossItsEdgeAndThinAlongIt(type: InkType) {
        // Barrel along x (azimuth 0): the nib's edge lies along y, so a horizontal
        // stroke is as broad as the nib and a vertical one thin.
        let canvas = RasterCanvas(width: 100, height: 100)
        canvas.draw([makeStroke(type, size: 12, azimuth: 0, [(10, 20), (90, 20)]),
                     makeStroke(type, size: 12, azimuth: 0, [(50, 35), (50, 95)])])
        let horizontalThickness = (0..<34).filter { canvas.isInked(30, $0) }.count
        let verticalThickness = (0..<100).filter { canvas.isInked($0, 70) }.count
        #expect(abs(horizontalThickness - 12) <= 1)
        #expect(verticalThickness <= 5)
        // Turned a quarter, the nib swaps which stroke is broad.
        let turned = RasterCanvas(width: 100, height: 40)
        turned.draw([makeStroke(type, size: 12, azimuth: .pi / 2, [(10, 20), (90, 20)])])
        #expect((0..<40).filter { turned.isInked(30, $0) }.count <= 5)
    }

    @Test func tiltedPencilIsWiderAndLighter() {
        let upright = RasterCanvas(width: 100, height: 40)
        upright.draw([makeStroke(.pencil, size: 4, altitude: .pi / 2, [(10, 20), (90, 20)])])
        let tilted = RasterCanvas(width: 100, height: 40)
        tilted.draw([makeStroke(.pencil, size: 4, altitude: 0.2, [(10, 20), (90, 20)])])
        #expect(tilted.inkedPixelCount > upright.inkedPixelCount)
        #expect(tilted.pixel(50, 20).r > upright.pixel(50, 20).r)
    }

    @Test func pointOpacityAndColourAlphaCombine() {
        let full = RasterCanvas(width: 60, height: 30)
        full.draw([makeStroke(color: "#000000FF", size: 10, opacity: 1, [(10, 15), (50, 15)])])
        let half = RasterCanvas(width: 60, height: 30)
        half.draw([makeStroke(color: "#00000080", size: 10, opacity: 1, [(10, 15), (50, 15)])])
        let quarter = RasterCanvas(width: 60, height: 30)
        quarter.draw([makeStroke(color: "#00000080", size: 10, opacity: 0.5, [(10, 15), (50, 15)])])
        #expect(full.pixel(30, 15).r < 5)
        #expect(abs(half.pixel(30, 15).r - 127) <= 3)
        #expect(abs(quarter.pixel(30, 15).r - 191) <= 3)
    }

    @Test func singlePointIsADot() {
        let canvas = RasterCanvas(width: 40, height: 40)
        canvas.draw([makeStroke(size: 10, [(20, 20)])])
        #expect(canvas.isInked(20, 20))
        #expect(canvas.isInked(23, 20))
        #expect(!canvas.isInked(28, 20))
    }
}
