import InkFixtures
import CCairo
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
        let surface = cairo_pdf_surface_create(pdf, size.width, size.height)!
        let context = cairo_create(surface)!
        defer {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        var page = 1
        while let layer = try reader.nextLayer() {
            while page < layer.page {
                cairo_show_page(context)
                page += 1
            }
            for stroke in layer.strokes {
                let c = stroke.ink.color
                cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha)
                for (a, b) in zip(stroke.points, stroke.points.dropFirst()) {
                    cairo_set_line_width(context, a.w)
                    cairo_move_to(context, a.x, a.y)
                    cairo_line_to(context, b.x, b.y)
                    cairo_stroke(context)
                }
            }
        }
        while page < (reader.header.pdfPageCount ?? page) {
            cairo_show_page(context)
            page += 1
        }
        cairo_show_page(context)
        cairo_surface_finish(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw SampleError.cairo(path: pdf, status: String(cString: cairo_status_to_string(cairo_surface_status(surface))))
        }
    }
}
