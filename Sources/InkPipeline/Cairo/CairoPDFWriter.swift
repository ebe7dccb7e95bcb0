import CCairo
import Foundation

/// A cairo PDF surface and its drawing context, writing to a file page by page.
///
/// Ownership: the writer owns both and destroys each once, in `deinit`; the
/// context is lent out only through `withUnsafeHandle`.
final class CairoPDFWriter {
    private let surface: OpaquePointer
    private let context: OpaquePointer
    /// The destination named in errors (the file written may be its temporary twin).
    let name: String
    private let path: String

    /// The corresponding C functions are `cairo_pdf_surface_create` and `cairo_create`.
    init(path: String, name: String, width: Double, height: Double) throws(ExportError) {
        self.name = name
        self.path = path
        surface = cairo_pdf_surface_create(path, width, height)
        context = cairo_create(surface)
        try check()
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Calls `body` with the drawing context (`cairo_t`), which must not outlive the call.
    func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(context) }

    /// Sets one metadata entry; cairo omits values it cannot take (see the notes on dates).
    ///
    /// The corresponding C function is `cairo_pdf_surface_set_metadata`.
    func setMetadata(_ key: cairo_pdf_metadata_t, _ value: String) {
        cairo_pdf_surface_set_metadata(surface, key, value)
    }

    /// Adds an outline entry under `parent`; returns its id, or 0 when cairo refused it.
    ///
    /// The corresponding C function is `cairo_pdf_surface_add_outline`.
    func addOutline(parent: Int32, title: String, attributes: String, flags: cairo_pdf_outline_flags_t) -> Int32 {
        cairo_pdf_surface_add_outline(surface, parent, title, attributes, flags)
    }

    /// Labels the current page ("iv", "A-3").
    ///
    /// The corresponding C function is `cairo_pdf_surface_set_page_label`.
    func setPageLabel(_ label: String) {
        cairo_pdf_surface_set_page_label(surface, label)
    }

    /// Starts a page of the given size; must come before anything is drawn on it.
    ///
    /// The corresponding C function is `cairo_pdf_surface_set_size`.
    func beginPage(width: Double, height: Double) {
        cairo_pdf_surface_set_size(surface, width, height)
    }

    /// The corresponding C function is `cairo_show_page`.
    func endPage() throws(ExportError) {
        cairo_show_page(context)
        try check()
    }

    /// Writes the rest of the file, closes it and names inkpdf as its Producer (`ProducerStamp`).
    ///
    /// The corresponding C function is `cairo_surface_finish`.
    func finish() throws(ExportError) {
        cairo_surface_finish(surface)
        try check()
        try ProducerStamp.apply(to: path, name: name)
    }

    private func check() throws(ExportError) {
        let status = cairo_status(context) != CAIRO_STATUS_SUCCESS ? cairo_status(context) : cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(status))
            if status == CAIRO_STATUS_WRITE_ERROR || status == CAIRO_STATUS_NO_MEMORY {
                throw .writeFailed(path: name, reason: reason)
            }
            throw .renderFailed(path: name, page: nil, reason: reason)
        }
    }
}
