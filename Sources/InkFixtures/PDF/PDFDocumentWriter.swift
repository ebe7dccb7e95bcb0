import CCairo
import InkPipeline

/// A cairo PDF surface being written page by page, with the page geometry
/// each page asked for (so that qpdf can set `/Rotate` and `/CropBox` later)
/// and text helpers that work in the page's displayed coordinates.
public final class PDFDocumentWriter {
    private let path: String
    private let surface: OpaquePointer
    public let context: OpaquePointer
    private(set) var pages: [PageGeometry] = []
    private var pageOpen = false
    private var finished = false
    private var wordWidths: [String: Double] = [:]
    private var font = TextFont.body
    private var fontKey = ""

    /// Creates the surface and its context.
    ///
    /// Ownership: `deinit` alone destroys the two. A throw before both are
    /// stored destroys what was made here (deinit does not run on a partly
    /// initialised object); a throw after runs deinit, so nothing is destroyed
    /// here too.
    ///
    /// The corresponding C functions are `cairo_pdf_surface_create` and `cairo_create`.
    public init(path: String, firstPageWidth: Double, firstPageHeight: Double) throws {
        self.path = path
        let surface = cairo_pdf_surface_create(path, firstPageWidth, firstPageHeight)!
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw SampleError.cairo(path: path, status: String(cString: cairo_status_to_string(surfaceStatus)))
        }
        self.surface = surface
        context = cairo_create(surface)
        // Every stored property is set: from here, deinit destroys both.
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw SampleError.cairo(path: path, status: String(cString: cairo_status_to_string(status)))
        }
        cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_5)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    // MARK: Document

    /// Sets one Info entry. Dates are ISO 8601 with `Z` or `±hh:mm`.
    /// The corresponding C function is `cairo_pdf_surface_set_metadata`.
    public func setMetadata(_ key: cairo_pdf_metadata_t, _ value: String) {
        cairo_pdf_surface_set_metadata(surface, key, value)
    }

    /// Adds an outline item pointing at the named destination `dest` (or at nothing).
    /// Returns the item's id for children. The corresponding C function is
    /// `cairo_pdf_surface_add_outline`.
    @discardableResult
    public func addOutline(parent: Int32 = 0, title: String, dest: String?, open: Bool = false, bold: Bool = false) -> Int32 {
        var flags: UInt32 = 0
        if open { flags |= CAIRO_PDF_OUTLINE_FLAG_OPEN.rawValue }
        if bold { flags |= CAIRO_PDF_OUTLINE_FLAG_BOLD.rawValue }
        let attributes = dest.map { "dest=\(CairoTagAttributes.quoted($0))" } ?? ""
        return cairo_pdf_surface_add_outline(surface, parent, title, attributes, cairo_pdf_outline_flags_t(rawValue: flags))
    }

    /// Starts a page of the given geometry; drawing then happens in displayed
    /// coordinates (top-left of the visible, rotated page; y down).
    public func beginPage(_ geometry: PageGeometry, label: String? = nil) {
        precondition(!pageOpen && !finished)
        cairo_pdf_surface_set_size(surface, geometry.mediaWidth, geometry.mediaHeight)
        if let label { cairo_pdf_surface_set_page_label(surface, label) }
        if pages.isEmpty {
            // Without a structure element around everything, cairo 1.16 writes
            // a parent tree that points at objects it never writes once a link
            // exists, and qpdf reports the file as damaged.
            cairo_tag_begin(context, "Document", nil)
        }
        pages.append(geometry)
        pageOpen = true
        var matrix = geometry.displayToCairo
        cairo_set_matrix(context, &matrix)
    }

    public func endPage() {
        precondition(pageOpen)
        cairo_show_page(context)
        pageOpen = false
    }

    /// Finishes the PDF and checks cairo's status. The corresponding C function is `cairo_surface_finish`.
    public func finish() throws {
        precondition(!pageOpen && !finished)
        finished = true
        if !pages.isEmpty { cairo_tag_end(context, "Document") }
        let contextStatus = cairo_status(context)
        cairo_surface_finish(surface)
        var status = cairo_surface_status(surface)
        if status == CAIRO_STATUS_SUCCESS { status = contextStatus }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw SampleError.cairo(path: path, status: String(cString: cairo_status_to_string(status)))
        }
    }

    // MARK: Tags

    /// Draws `body` as a named destination (`CAIRO_TAG_DEST`); the target is the
    /// top-left of what `body` draws. Names must be ASCII `[A-Za-z0-9._-]`.
    public func destination<Result>(_ name: String, _ body: () -> Result) -> Result {
        let attributes = "name=\(CairoTagAttributes.quoted(name))"
        cairo_tag_begin(context, "cairo.dest", attributes)
        let result = body()
        cairo_tag_end(context, "cairo.dest")
        return result
    }

    /// Draws `body` as the active area of a link to the named destination `dest`.
    public func link<Result>(toDestination dest: String, _ body: () -> Result) -> Result {
        cairo_tag_begin(context, "Link", "dest=\(CairoTagAttributes.quoted(dest))")
        let result = body()
        cairo_tag_end(context, "Link")
        return result
    }

    /// Draws `body` as the active area of a URI link; the URI is percent-encoded
    /// first, because cairo writes it into the PDF string unescaped.
    public func link<Result>(toURI uri: String, _ body: () -> Result) -> Result {
        cairo_tag_begin(context, "Link", CairoTagAttributes.uri(uri))
        let result = body()
        cairo_tag_end(context, "Link")
        return result
    }

    // MARK: Drawing in displayed coordinates

    public func setColor(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        cairo_set_source_rgba(context, red, green, blue, alpha)
    }

    public func fillRectangle(_ rect: Rect) {
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(context)
    }

    public func strokeRectangle(_ rect: Rect, lineWidth: Double, dash: [Double] = []) {
        cairo_save(context)
        cairo_set_line_width(context, lineWidth)
        if !dash.isEmpty { cairo_set_dash(context, dash, Int32(dash.count), 0) }
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_stroke(context)
        cairo_restore(context)
    }

    public func strokeLine(from start: Point, to end: Point, lineWidth: Double) {
        cairo_set_line_width(context, lineWidth)
        cairo_move_to(context, start.x, start.y)
        cairo_line_to(context, end.x, end.y)
        cairo_stroke(context)
    }

    public func strokePolyline(_ points: [Point], lineWidth: Double) {
        guard let first = points.first else { return }
        cairo_set_line_width(context, lineWidth)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(context, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(context, point.x, point.y) }
        cairo_stroke(context)
    }

    // MARK: Text (cairo's toy font API)

    public func setFont(_ newFont: TextFont) {
        font = newFont
        fontKey = "\(newFont.family)|\(newFont.bold)|\(newFont.italic)|\(newFont.size)|"
        cairo_select_font_face(context, newFont.family,
                               newFont.italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                               newFont.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, newFont.size)
    }

    /// The advance width of `text` in the current font (cached per word).
    public func width(of text: String) -> Double {
        let key = fontKey + text
        if let cached = wordWidths[key] { return cached }
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        wordWidths[key] = extents.x_advance
        return extents.x_advance
    }

    /// Shows `text` with its baseline at `baseline`; returns the line's box
    /// (ascent to descent, advance width) in displayed coordinates.
    @discardableResult
    public func show(_ text: String, x: Double, baseline: Double) -> Rect {
        cairo_move_to(context, x, baseline)
        cairo_show_text(context, text)
        let ascent = font.size * 0.76, descent = font.size * 0.24
        return Rect(x: x, y: baseline - ascent, width: width(of: text), height: ascent + descent)
    }

    /// Breaks `text` into lines no wider than `width`, at spaces.
    public func wrap(_ text: String, width maximum: Double) -> [String] {
        let space = width(of: " ")
        var lines: [String] = []
        var current = ""
        var currentWidth = 0.0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordText = String(word)
            let wordWidth = width(of: wordText)
            if current.isEmpty {
                current = wordText
                currentWidth = wordWidth
            } else if currentWidth + space + wordWidth <= maximum {
                current += " " + wordText
                currentWidth += space + wordWidth
            } else {
                lines.append(current)
                current = wordText
                currentWidth = wordWidth
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Sets a wrapped paragraph from `top` (the first line's top); returns the
    /// boxes of its lines.
    public func paragraph(_ text: String, x: Double, top: Double, width: Double, lineHeight: Double) -> [Rect] {
        var rects: [Rect] = []
        var baseline = top + font.size * 0.76
        for line in wrap(text, width: width) {
            rects.append(show(line, x: x, baseline: baseline))
            baseline += lineHeight
        }
        return rects
    }
}
