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

    /// Draws the page as a viewer shows it (annotations as displayed) onto `context`, whose user
    /// space is the displayed page: how the tests read a page back.
    ///
    /// The corresponding C function is `poppler_page_render`.
    public func render(on context: borrowing CairoContext) {
        context.withUnsafeHandle { poppler_page_render(handle, $0) }
    }
}
