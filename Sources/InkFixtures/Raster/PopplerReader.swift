import LibPoppler
import LibCairo
import Foundation
import InkPipeline

/// Reads a PDF back with poppler-glib the way a viewer would: page sizes,
/// text, and pages rendered to pixels (through InkPipeline's poppler wrapper).
public final class PopplerReader {
    private let document: PDFDocument

    public init(path: String, password: String? = nil) throws {
        do throws(ExportError) {
            document = try PDFDocument.open(path: path, password: password)
        } catch {
            throw ReadError(message: error.description)
        }
    }

    public struct ReadError: Error { public var message: String; public init(message: String) { self.message = message } }

    public var pageCount: Int { document.pageCount }

    private func withPage<T>(_ number: Int, _ body: (borrowing PDFPage) -> T) -> T {
        let page = try! document.page(number)
        return body(page)
    }

    /// Displayed size in points.
    public func size(ofPage number: Int) -> (width: Double, height: Double) {
        withPage(number) { $0.displayedSize }
    }

    public func text(ofPage number: Int) -> String {
        withPage(number) { String(String.UnicodeScalarView($0.textScalars())) }
    }

    public var title: String? { document.info.title }

    /// The page as displayed, rendered at `scale` pixels per point on white.
    public func render(page number: Int, scale: Double = 1) -> Raster {
        withPage(number) { page in
            let (w, h) = page.displayedSize
            let raster = Raster(width: Int((w * scale).rounded(.up)), height: Int((h * scale).rounded(.up)))
            let cr = CairoContext(drawingOn: raster.surface)
            cr.setSourceRGB(1, 1, 1)
            cr.paint()
            cr.scale(scale, scale)
            page.render(on: cr)
            _ = consume cr
            raster.surface.flush()
            return raster
        }
    }
}
