import InkFixtures
import LibCairo
import InkPipeline
import InkModel

/// The benchmark's peer for ink bytes: the same strokes drawn the way
/// Xournal++ 1.1 exports pressure strokes, each segment between two
/// consecutive points stroked on its own with that point's width (round caps),
/// with cairo, into an ink-only PDF of A4 pages. It is a re-creation of that
/// drawing method for comparison on the same strokes, not Xournal++ itself.
public enum PerSegmentPeer {
    /// Writes `pdf` with one page per page of the ink's PDF (its header's
    /// `pdf.pageCount`, else the last inked page), pages in ascending order.
    ///
    /// The corresponding C functions are `cairo_set_line_width`, `cairo_move_to`,
    /// `cairo_line_to` and `cairo_stroke`.
    public static func write(ink: String, pdf: String) throws {
        let reader = try InkLayersReader(path: ink)
        let size = Benchmark.a4
        let surface = CairoPDFSurface(path: pdf, width: size.width, height: size.height)
        let context = CairoContext(drawingOn: surface)
        context.setLineCap(.round)
        var page = 1
        while let layer = try reader.nextLayer() {
            while page < layer.page {
                context.showPage()
                page += 1
            }
            for stroke in layer.strokes {
                let c = stroke.ink.color
                context.setSourceRGBA(c.red, c.green, c.blue, c.alpha)
                for (a, b) in zip(stroke.points, stroke.points.dropFirst()) {
                    context.setLineWidth(a.w)
                    context.moveTo(a.x, a.y)
                    context.lineTo(b.x, b.y)
                    context.stroke()
                }
            }
        }
        while page < (reader.header.pdfPageCount ?? page) {
            context.showPage()
            page += 1
        }
        context.showPage()
        surface.finish()
        if let error = surface.status {
            throw SampleError.cairo(path: pdf, status: error.description)
        }
    }
}
