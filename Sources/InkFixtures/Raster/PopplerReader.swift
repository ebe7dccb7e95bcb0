import CCairo
import CPoppler
import Foundation

/// Reads a PDF back with poppler-glib the way a viewer would: page sizes,
/// text, and pages rendered to pixels.
public final class PopplerReader {
    private let document: OpaquePointer

    public init(path: String, password: String? = nil) throws {
        var error: UnsafeMutablePointer<GError>?
        let uri = URL(fileURLWithPath: path).absoluteString
        guard let document = poppler_document_new_from_file(uri, password, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            if let error { g_error_free(error) }
            throw ReadError(message: "\(path): \(message)")
        }
        self.document = document
    }

    deinit { inkpdf_g_object_unref(UnsafeMutableRawPointer(document)) }

    public struct ReadError: Error { public var message: String; public init(message: String) { self.message = message } }

    public var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    private func withPage<T>(_ number: Int, _ body: (OpaquePointer) -> T) -> T {
        let page = poppler_document_get_page(document, Int32(number - 1))!
        defer { inkpdf_g_object_unref(UnsafeMutableRawPointer(page)) }
        return body(page)
    }

    /// Displayed size in points.
    public func size(ofPage number: Int) -> (width: Double, height: Double) {
        withPage(number) { page in
            var w = 0.0, h = 0.0
            poppler_page_get_size(page, &w, &h)
            return (w, h)
        }
    }

    public func text(ofPage number: Int) -> String {
        withPage(number) { page in
            guard let text = poppler_page_get_text(page) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
    }

    public var title: String? {
        guard let value = poppler_document_get_title(document) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The page as displayed, rendered at `scale` pixels per point on white.
    public func render(page number: Int, scale: Double = 1) -> Raster {
        withPage(number) { page in
            var w = 0.0, h = 0.0
            poppler_page_get_size(page, &w, &h)
            let raster = Raster(width: Int((w * scale).rounded(.up)), height: Int((h * scale).rounded(.up)))
            let cr = cairo_create(raster.surface)!
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_scale(cr, scale, scale)
            poppler_page_render(page, cr)
            cairo_destroy(cr)
            cairo_surface_flush(raster.surface)
            return raster
        }
    }
}
