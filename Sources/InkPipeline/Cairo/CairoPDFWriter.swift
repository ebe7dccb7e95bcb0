import LibCairo
import Foundation
import InkPDFContent

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
    /// The size pages have now (the surface's, or the latest `beginPage`'s).
    private var size: (width: Double, height: Double)
    /// Pages begun so far.
    private var pageCount = 0
    /// The pages cairo clipped to whole points (`beginPage`), by number: their size.
    private(set) var wholePointClips: [Int: (width: Double, height: Double)] = [:]

    /// The corresponding C functions are `cairo_pdf_surface_create` and `cairo_create`.
    init(path: String, name: String, width: Double, height: Double) throws(ExportError) {
        self.name = name
        self.path = path
        size = (width, height)
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
    /// The size is set only when it changes: cairo 1.16's `cairo_pdf_surface_set_size` records the page
    /// on a surface of whole points (595 × 841 for A4's 595.276 × 841.89) and clips everything drawn to
    /// it, a strip along the bottom and right edges left white; a page the size the surface already has
    /// is recorded on the surface's own extents, which cover it. A page whose size differs from the one
    /// before keeps the strip (cairo offers no other way to change the size).
    ///
    /// The corresponding C function is `cairo_pdf_surface_set_size`.
    func beginPage(width: Double, height: Double) {
        pageCount += 1
        guard width != size.width || height != size.height else { return }
        size = (width, height)
        surface.setSize(width: width, height: height)
        if width.rounded(.down) != width || height.rounded(.down) != height { wholePointClips[pageCount] = (width, height) }
    }

    /// Takes away the clip to whole points cairo wrote on the pages `beginPage` names in `wholePointClips`, in
    /// the finished file at `path`: their `0 0 W H re W n` (W and H the size cut to whole points) made as large as
    /// the page or a little larger (whole points rounded up: the page's own box clips the rest), as an incremental update.
    static func widenWholePointClips(_ clips: [Int: (width: Double, height: Double)], in path: String, name: String) throws(ExportError) {
        guard !clips.isEmpty else { return }
        try IncrementalUpdate.appendStaged(to: path, name: name) { (update) throws(ExportError) -> Void in
            for (page, size) in clips.sorted(by: { $0.key < $1.key }) {
                let cut = Array("0 0 \(Int(size.width)) \(Int(size.height)) re W n".utf8)
                let whole = Array("0 0 \(Int(size.width.rounded(.up))) \(Int(size.height.rounded(.up))) re W n".utf8)
                do throws(IncrementalUpdateError) {
                    _ = try update.patchContents(ofPage: page) { data in Self.replacing(cut, with: whole, in: data) }
                } catch {
                    throw ExportError(appending: error, name: name)
                }
            }
        }
    }

    /// `data` with every `pattern` (preceded by nothing or white space) replaced by `replacement`.
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 16)
        var i = 0
        while i < data.count {
            if data[i] == pattern[0], i + pattern.count <= data.count, (i == 0 || [0x20, 0x0A, 0x0D, 0x09].contains(data[i - 1])),
               data[i..<(i + pattern.count)].elementsEqual(pattern) {
                out += replacement
                i += pattern.count
            } else {
                out.append(data[i])
                i += 1
            }
        }
        return out
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
