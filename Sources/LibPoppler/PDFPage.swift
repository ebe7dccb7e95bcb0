import CPoppler
import Foundation
import LibCairo

/// One page of a `PDFDocument`, released when it goes out of scope.
public struct PDFPage: ~Copyable {
    private let handle: OpaquePointer
    public let number: Int

    init(adopting handle: OpaquePointer, number: Int) {
        self.handle = handle
        self.number = number
    }

    deinit {
        inkpdf_g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// Calls `body` with the `PopplerPage`, which must not outlive the call.
    func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(handle) }

    /// The size of the page as displayed (CropBox, after /Rotate), in points.
    ///
    /// The corresponding C function is `poppler_page_get_size`.
    public var displayedSize: (width: Double, height: Double) {
        var width = 0.0, height = 0.0
        poppler_page_get_size(handle, &width, &height)
        return (width, height)
    }

    /// Draws the page as it prints (annotations with the Print flag, form
    /// fields burned in) onto `context`, whose user space is the displayed page.
    ///
    /// The corresponding C function is `poppler_page_render_for_printing`.
    public func renderForPrinting(on context: borrowing CairoContext) {
        context.withUnsafeHandle { poppler_page_render_for_printing(handle, $0) }
    }

    /// Draws the page as it prints without any annotation or form field: the page's own content.
    ///
    /// The corresponding C function is `poppler_page_render_for_printing_with_options`.
    public func renderContentForPrinting(on context: borrowing CairoContext) {
        context.withUnsafeHandle { poppler_page_render_for_printing_with_options(handle, $0, POPPLER_PRINT_DOCUMENT) }
    }

    /// What the page's printed annotations and form fields add to it, as an image `scale` pixels a
    /// point of the displayed page, transparent wherever the page looks the same without them
    /// (nil when they change no pixel). Drawn by poppler twice, with and without them.
    ///
    /// The corresponding C functions are `poppler_page_render_for_printing` and
    /// `poppler_page_render_for_printing_with_options`.
    public func printedAnnotationsImage(scale: Double) -> CairoImageSurface? {
        let size = displayedSize
        let width = max(1, Int((size.width * scale).rounded(.up))), height = max(1, Int((size.height * scale).rounded(.up)))
        func drawn(withAnnotations: Bool) -> CairoImageSurface {
            let image = CairoImageSurface(format: .argb32, width: width, height: height)
            let context = CairoContext(drawingOn: image)
            context.setSourceRGB(1, 1, 1)
            context.paint()
            context.scale(scale, scale)
            if withAnnotations { renderForPrinting(on: context) } else { renderContentForPrinting(on: context) }
            image.flush()
            return image
        }
        let with = drawn(withAnnotations: true), without = drawn(withAnnotations: false)
        let stride = with.stride
        let changed = with.withUnsafeMutableData { annotated -> Bool in
            without.withUnsafeMutableData { plain -> Bool in
                guard let annotated, let plain else { return false }
                var any = false
                for row in 0..<height {
                    let base = row * stride
                    for column in 0..<width {
                        let offset = base + column * 4
                        if annotated[offset] == plain[offset], annotated[offset + 1] == plain[offset + 1], annotated[offset + 2] == plain[offset + 2] {
                            for byte in 0..<4 { annotated[offset + byte] = 0 }
                        } else {
                            any = true
                        }
                    }
                }
                return any
            }
        }
        with.markDirty()
        return changed ? with : nil
    }

    /// Draws the page as a viewer shows it (annotations as displayed) onto `context`, whose user
    /// space is the displayed page: how the tests read a page back.
    ///
    /// The corresponding C function is `poppler_page_render`.
    public func render(on context: borrowing CairoContext) {
        context.withUnsafeHandle { poppler_page_render(handle, $0) }
    }
}
