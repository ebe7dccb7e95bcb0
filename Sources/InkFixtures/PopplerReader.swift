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

/// An RGB image with pixel access.
public final class Raster {
    public let surface: OpaquePointer
    public let width: Int, height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
    }

    deinit { cairo_surface_destroy(surface) }

    public func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return (Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF))
    }

    /// A strongly red pixel: the colour the tests draw their ink in.
    public func isRed(_ x: Int, _ y: Int) -> Bool {
        let p = pixel(x, y)
        return p.r > 180 && p.g < 90 && p.b < 90
    }

    /// Mean absolute difference per channel against another raster of the same size (0…255).
    public func meanDifference(from other: Raster) -> Double {
        precondition(width == other.width && height == other.height)
        var total = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = pixel(x, y), b = other.pixel(x, y)
                total += abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)
            }
        }
        return Double(total) / Double(width * height * 3)
    }
}
