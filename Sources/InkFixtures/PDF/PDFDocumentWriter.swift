import LibCairo
import InkPipeline

/// A cairo PDF surface being written page by page, with the page geometry
/// each page asked for (so that qpdf can set `/Rotate` and `/CropBox` later)
/// and text helpers that work in the page's displayed coordinates.
public final class PDFDocumentWriter {
    private let path: String
    private let surface: CairoPDFSurface
    public let context: CairoContext
    private(set) var pages: [PageGeometry] = []
    private var pageOpen = false
    private var finished = false
    private var wordWidths: [String: Double] = [:]
    private var font = TextFont.body
    private var fontKey = ""

    /// Creates the surface and its context.
    ///
    /// Ownership: LibCairo's owners, each released once when the writer goes (or at a throw).
    ///
    /// The corresponding C functions are `cairo_pdf_surface_create` and `cairo_create`.
    public init(path: String, firstPageWidth: Double, firstPageHeight: Double) throws {
        self.path = path
        let surface = CairoPDFSurface(path: path, width: firstPageWidth, height: firstPageHeight)
        if let error = surface.status {
            throw SampleError.cairo(path: path, status: error.description)
        }
        self.surface = surface
        context = CairoContext(drawingOn: surface)
        if let error = context.status {
            throw SampleError.cairo(path: path, status: error.description)
        }
        surface.restrictToVersion1_5()
    }

    // MARK: Document

    /// Sets one Info entry. Dates are ISO 8601 with `Z` or `±hh:mm`.
    /// The corresponding C function is `cairo_pdf_surface_set_metadata`.
    public func setMetadata(_ key: CairoPDFSurface.Metadata, _ value: String) {
        surface.setMetadata(key, value)
    }

    /// Adds an outline item pointing at the named destination `dest` (or at nothing).
    /// Returns the item's id for children. The corresponding C function is
    /// `cairo_pdf_surface_add_outline`.
    @discardableResult
    public func addOutline(parent: Int32 = 0, title: String, dest: String?, open: Bool = false, bold: Bool = false) -> Int32 {
        var flags: CairoPDFSurface.OutlineFlags = []
        if open { flags.insert(.open) }
        if bold { flags.insert(.bold) }
        let attributes = dest.map { "dest=\(CairoTagAttributes.quoted($0))" } ?? ""
        return surface.addOutline(parent: parent, title: title, attributes: attributes, flags: flags)
    }

    /// Starts a page of the given geometry; drawing then happens in displayed
    /// coordinates (top-left of the visible, rotated page; y down).
    public func beginPage(_ geometry: PageGeometry, label: String? = nil) {
        precondition(!pageOpen && !finished)
        surface.setSize(width: geometry.mediaWidth, height: geometry.mediaHeight)
        if let label { surface.setPageLabel(label) }
        if pages.isEmpty {
            // Without a structure element around everything, cairo 1.16 writes
            // a parent tree that points at objects it never writes once a link
            // exists, and qpdf reports the file as damaged.
            context.tagBegin("Document", attributes: nil)
        }
        pages.append(geometry)
        pageOpen = true
        context.setMatrix(geometry.displayToCairo)
    }

    public func endPage() {
        precondition(pageOpen)
        context.showPage()
        pageOpen = false
    }

    /// Finishes the PDF and checks cairo's status. The corresponding C function is `cairo_surface_finish`.
    public func finish() throws {
        precondition(!pageOpen && !finished)
        finished = true
        if !pages.isEmpty { context.tagEnd("Document") }
        let contextStatus = context.status
        surface.finish()
        if let error = surface.status ?? contextStatus {
            throw SampleError.cairo(path: path, status: error.description)
        }
    }

    // MARK: Tags

    /// Draws `body` as a named destination (`CairoTag.destination`); the target is the
    /// top-left of what `body` draws. Names must be ASCII `[A-Za-z0-9._-]`.
    public func destination<Result>(_ name: String, _ body: () -> Result) -> Result {
        let attributes = "name=\(CairoTagAttributes.quoted(name))"
        context.tagBegin("cairo.dest", attributes: attributes)
        let result = body()
        context.tagEnd("cairo.dest")
        return result
    }

    /// Draws `body` as the active area of a link to the named destination `dest`.
    public func link<Result>(toDestination dest: String, _ body: () -> Result) -> Result {
        context.tagBegin("Link", attributes: "dest=\(CairoTagAttributes.quoted(dest))")
        let result = body()
        context.tagEnd("Link")
        return result
    }

    /// Draws `body` as the active area of a URI link; the URI is percent-encoded
    /// first, because cairo writes it into the PDF string unescaped.
    public func link<Result>(toURI uri: String, _ body: () -> Result) -> Result {
        context.tagBegin("Link", attributes: CairoTagAttributes.uri(uri))
        let result = body()
        context.tagEnd("Link")
        return result
    }

    // MARK: Drawing in displayed coordinates

    public func setColor(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        context.setSourceRGBA(red, green, blue, alpha)
    }

    public func fillRectangle(_ rect: Rect) {
        context.rectangle(rect.x, rect.y, rect.width, rect.height)
        context.fill()
    }

    public func strokeRectangle(_ rect: Rect, lineWidth: Double, dash: [Double] = []) {
        context.save()
        context.setLineWidth(lineWidth)
        if !dash.isEmpty { context.setDash(dash, offset: 0) }
        context.rectangle(rect.x, rect.y, rect.width, rect.height)
        context.stroke()
        context.restore()
    }

    public func strokeLine(from start: Point, to end: Point, lineWidth: Double) {
        context.setLineWidth(lineWidth)
        context.moveTo(start.x, start.y)
        context.lineTo(end.x, end.y)
        context.stroke()
    }

    public func strokePolyline(_ points: [Point], lineWidth: Double) {
        guard let first = points.first else { return }
        context.setLineWidth(lineWidth)
        context.setLineJoin(.round)
        context.moveTo(first.x, first.y)
        for point in points.dropFirst() { context.lineTo(point.x, point.y) }
        context.stroke()
    }

    // MARK: Text (cairo's toy font API)

    public func setFont(_ newFont: TextFont) {
        font = newFont
        fontKey = "\(newFont.family)|\(newFont.bold)|\(newFont.italic)|\(newFont.size)|"
        context.selectFontFace(newFont.family, slant: newFont.italic ? .italic : .normal, weight: newFont.bold ? .bold : .normal)
        context.setFontSize(newFont.size)
    }

    /// The advance width of `text` in the current font (cached per word).
    public func width(of text: String) -> Double {
        let key = fontKey + text
        if let cached = wordWidths[key] { return cached }
        let advance = context.textExtents(text).xAdvance
        wordWidths[key] = advance
        return advance
    }

    /// Shows `text` with its baseline at `baseline`; returns the line's box
    /// (ascent to descent, advance width) in displayed coordinates.
    @discardableResult
    public func show(_ text: String, x: Double, baseline: Double) -> Rect {
        context.moveTo(x, baseline)
        context.showText(text)
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
