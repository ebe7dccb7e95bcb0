import LibCairo
import InkModel
@testable import InkRendering
import Testing

/// Paper rulings draw bounded work whatever page size they are given: a dotted page of
/// 1e6 pt once took 3.6 GB, and one of 3e38 pt never ended.
@Suite struct PaperPainterBoundsTests {
    /// Draws `paper` on a `width` × `height` page onto a 4 × 4 pixel surface: cairo's status
    /// and the lines or dots drawn.
    func draw(_ paper: Paper, width: Double, height: Double) -> (status: CairoError?, marks: Int) {
        let surface = CairoImageSurface(format: .argb32, width: 4, height: 4)
        let context = CairoContext(drawingOn: surface)
        let marks = PaperPainter.draw(paper, width: width, height: height, on: context)
        return (context.status, marks)
    }

    // The limit catches a hang (InkRenderingTests runs in seconds; no test waits on a child any more).
    @Test(.timeLimit(.minutes(1)), arguments: Paper.Ruling.allCases)
    func anyPageSizeDrawsInBoundedWork(_ ruling: Paper.Ruling) {
        for side in [1e6, 3e38, .infinity, .nan, -5] {
            #expect(draw(Paper(ruling: ruling), width: side, height: side).status == nil, "\(ruling) at \(side)")
        }
    }

    /// At most `maximumMarks` lines or dots on any page; real paper keeps Xournal++'s 5 mm.
    @Test(arguments: Paper.Ruling.allCases)
    func aPageDrawsAtMostTheMaximumMarks(_ ruling: Paper.Ruling) {
        for side in [14_400.0, 1e6, 3e38] {
            let marks = draw(Paper(ruling: ruling), width: side, height: side).marks
            #expect(marks <= PaperPainter.maximumMarks, "\(ruling) at \(side): \(marks) marks")
        }
        #expect(PaperPainter.spacing(for: ruling, width: 595, height: 842) == PaperPainter.square)
        #expect(PaperPainter.spacing(for: ruling, width: 3_000, height: 3_000) == PaperPainter.square)
        if ruling == .dotted {
            // A4 dotted: 41 × 59 dots, as Xournal++ draws them.
            #expect(draw(Paper(ruling: ruling), width: 595, height: 842).marks == 41 * 59)
            #expect(PaperPainter.spacing(for: ruling, width: 14_400, height: 14_400) > PaperPainter.square)
        }
    }
}
