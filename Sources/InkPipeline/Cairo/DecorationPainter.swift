import LibPoppler
import LibCairo
import LibRsvg
import Foundation
import InkFileSystem
import InkImport
import InkModel
import InkRendering

/// Draws what an imported page shows besides ink: filled polygons (under
/// the ink), then text boxes and images (over it), with cairo; a PDF image
/// (a TeX formula) is drawn with poppler.
enum DecorationPainter {

    /// The paper of an imported page that shows no PDF page: its colour and ruling, then its
    /// image if it has one. Returns a warning for an image it cannot decode.
    static func drawPaper(of planned: DocumentPage?, width: Double, height: Double, page: Int,
                          on context: borrowing CairoContext) -> [String] {
        guard let planned, case .paper(let paper) = planned.background else { return [] }
        PaperPainter.draw(paper, width: width, height: height, on: context)
        guard let image = paper.image else { return [] }
        var notes: [String] = []
        if !drawImage(image, in: Decoration(layer: 0, x: 0, y: 0, width: width, height: height, content: .image(image)),
                      on: context, notes: &notes) {
            return ["page \(page): the background image is neither PNG, PDF nor SVG (or cannot be drawn); plain paper is drawn"]
        }
        return notes.map { "page \(page): the background image: " + $0 }
    }

    /// Draws a page's ink (`drawInk`) between what lies under it and over it, in the frame
    /// the tool recorded: a page shown at another size (`width` × `height`) is scaled to it.
    /// Returns a warning for each image it cannot decode.
    static func drawInk<E: Error>(of planned: DocumentPage?, width: Double, height: Double, page: Int, on context: borrowing CairoContext,
                                  _ drawInk: () throws(E) -> Void) throws(E) -> [String] {
        context.save()
        defer { context.restore() }
        if let scale = Flattener.inkFrame(of: planned, displayed: (width, height)).matrix {
            context.scale(scale[0], scale[3])
        }
        if let planned { drawUnderInk(planned.decorations, on: context) }
        try drawInk()
        guard let planned else { return [] }
        return drawOverInk(planned.decorations, on: context).map { "page \(page): \($0)" }
    }

    /// Draws the page's polygons (the insides of filled strokes), which lie under its ink.
    static func drawUnderInk(_ decorations: [Decoration], on context: borrowing CairoContext) {
        for decoration in decorations {
            guard case .polygon(let coordinates, let fill) = decoration.content, coordinates.count >= 6 else { continue }
            context.save()
            context.setSourceRGBA(fill.red, fill.green, fill.blue, fill.alpha)
            context.moveTo(coordinates[0], coordinates[1])
            var index = 2
            while index + 1 < coordinates.count {
                context.lineTo(coordinates[index], coordinates[index + 1])
                index += 2
            }
            context.closePath()
            context.fill()
            context.restore()
        }
    }

    /// Draws the page's text boxes and images; returns a warning for each image it cannot decode.
    static func drawOverInk(_ decorations: [Decoration], on context: borrowing CairoContext) -> [String] {
        var warnings: [String] = []
        for decoration in decorations {
            switch decoration.content {
            case .polygon: continue
            case .text(let text, let family, let size, let color):
                drawText(text, family: family, size: size, color: color, x: decoration.x, y: decoration.y, on: context)
            case .image(let bytes):
                if !drawImage(bytes, in: decoration, on: context, notes: &warnings) {
                    warnings.append("an image at (\(decoration.shownX), \(decoration.shownY)) is neither PNG, PDF nor SVG (or cannot be drawn); it is not drawn")
                }
            }
        }
        return warnings
    }

    /// Lines of text, the first with its top at `y`, one line height (the font's ascent,
    /// descent and line gap) apart, as Pango lays out a text box, in the font file Pango
    /// would choose (`TextFontFace`): `family` is a Pango font
    /// description ("Sans", "DejaVu Serif Bold Italic 12"), and glyph advances are
    /// rounded to whole points (Pango's hinted metrics), so that lines run as long.
    static func drawText(_ text: String, family: String, size: Double, color: RGBAColor, x: Double, y: Double,
                         on context: borrowing CairoContext) {
        context.save()
        defer { context.restore() }
        let font = FontDescription(family)
        TextFontFace.select(font, on: context)
        context.setFontSize(size > 0 ? size : 12)
        context.setSourceRGBA(color.red, color.green, color.blue, color.alpha)
        // Line metrics unrounded, as Pango has them; only the advances are hinted.
        let extents = context.fontExtents()
        context.setHintMetrics(true)
        var baseline = y + extents.ascent
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            context.moveTo(x, baseline)
            context.showText(String(line))
            baseline += extents.height   // ascent, descent and the line gap, as Pango spaces lines
        }
    }

    /// Draws PNG, PDF or SVG (librsvg, as vectors) bytes stretched over the decoration's rectangle; false for other data.
    /// What a PDF image leaves out goes to `notes`.
    static func drawImage(_ bytes: [UInt8], in box: Decoration, on context: borrowing CairoContext, notes: inout [String]) -> Bool {
        guard box.width > 0, box.height > 0 else { return true }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            guard let surface = PNGData.surface(bytes) else { return false }
            let width = Double(surface.width), height = Double(surface.height)
            guard width > 0, height > 0 else { return false }
            context.save()
            context.translate(box.x, box.y)
            context.scale(box.width / width, box.height / height)
            context.setSourceSurface(surface, x: 0, y: 0)
            context.paint()
            context.restore()
            return true
        }
        if bytes.starts(with: Array("%PDF".utf8)) {
            return drawPDF(bytes, in: box, on: context, notes: &notes)
        }
        if SVGImage.looksLikeSVG(bytes) {
            switch SVGImage.parse(bytes) {
            case .success(let image):
                context.save()
                defer { context.restore() }
                return image.draw(x: box.x, y: box.y, width: box.width, height: box.height, on: context) == nil
            case .failure:
                return false
            }
        }
        return false
    }

    private static func drawPDF(_ bytes: [UInt8], in box: Decoration, on context: borrowing CairoContext, notes: inout [String]) -> Bool {
        let path = (ImportOptions.defaultTemporaryDirectory as NSString).appendingPathComponent("inkpdf-image-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).pdf")
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return false }
        defer { try? FileSystem.remove(path) }
        // Opened for drawing: an image's PDF is anyone's, and its annotations could ask poppler for gigabytes.
        guard let document = try? PDFDocument.openForDrawing(path: path), document.pageCount >= 1, let page = try? document.page(1) else { return false }
        if let copy = document.drawnCopy {
            notes.append("an image at (\(box.shownX), \(box.shownY)) is a PDF; its \(copy.summary)")
        }
        let (width, height) = document.displayedSize(of: page)
        guard width > 0, height > 0 else { return false }
        context.save()
        context.translate(box.x, box.y)
        context.scale(box.width / width, box.height / height)
        page.renderForPrinting(on: context)
        context.restore()
        return true
    }
}

extension Decoration {
    /// The rectangle's corner as a message shows it: whole points, clamped to `InkRange`.
    var shownX: Int { Int(InkRange.clamped(x, to: InkRange.maximumCoordinate)) }
    var shownY: Int { Int(InkRange.clamped(y, to: InkRange.maximumCoordinate)) }

    /// Text boxes and images are drawn over the page's ink, polygons under it.
    var liesOverInk: Bool {
        if case .polygon = content { return false }
        return true
    }
}
