import LibCairo
import Foundation

/// A cairo PDF surface and its drawing context, writing to a file page by page.
///
/// Ownership: the writer owns both (LibCairo's owners, each released once when the
/// writer goes); the context is lent out only through `withContext`.
final class CairoPDFWriter {
    private let surface: CairoPDFSurface
    private let context: CairoContext
    /// The destination named in errors (the file written may be its temporary twin).
    let name: String
    private let path: String

    /// The corresponding C functions are `cairo_pdf_surface_create` and `cairo_create`.
    init(path: String, name: String, width: Double, height: Double) throws(ExportError) {
        self.name = name
        self.path = path
        surface = CairoPDFSurface(path: path, width: width, height: height)
        context = CairoContext(drawingOn: surface)
        try check()
    }

    /// Calls `body` with the drawing context, lent for the call.
    func withContext<T, E: Error>(_ body: (borrowing CairoContext) throws(E) -> T) throws(E) -> T { try body(context) }

    /// Sets one metadata entry; cairo omits values it cannot take (see the notes on dates).
    ///
    /// The corresponding C function is `cairo_pdf_surface_set_metadata`.
    func setMetadata(_ key: CairoPDFSurface.Metadata, _ value: String) {
        surface.setMetadata(key, value)
    }

    /// Adds an outline entry under `parent`; returns its id, or 0 when cairo refused it.
    ///
    /// The corresponding C function is `cairo_pdf_surface_add_outline`.
    func addOutline(parent: Int32, title: String, attributes: String, flags: CairoPDFSurface.OutlineFlags) -> Int32 {
        surface.addOutline(parent: parent, title: title, attributes: attributes, flags: flags)
    }

    /// Labels the current page ("iv", "A-3").
    ///
    /// The corresponding C function is `cairo_pdf_surface_set_page_label`.
    func setPageLabel(_ label: String) {
        surface.setPageLabel(label)
    }

    /// Starts a page of the given size; must come before anything is drawn on it.
    ///
    /// The corresponding C function is `cairo_pdf_surface_set_size`.
    func beginPage(width: Double, height: Double) {
        surface.setSize(width: width, height: height)
    }

    /// The corresponding C function is `cairo_show_page`.
    func endPage() throws(ExportError) {
        context.showPage()
        try check()
    }

    /// Writes the rest of the file, closes it and names inkpdf as its Producer (`ProducerStamp`).
    ///
    /// The corresponding C function is `cairo_surface_finish`.
    func finish() throws(ExportError) {
        surface.finish()
        try check()
        try ProducerStamp.apply(to: path, name: name)
    }

    private func check() throws(ExportError) {
        if let error = context.status ?? surface.status {
            let reason = error.description
            if error == .writeError || error == .noMemory {
                throw .writing(.writeFailed(path: name, reason: reason))
            }
            throw .drawing(.renderFailed(path: name, page: nil, reason: reason))
        }
    }
}
