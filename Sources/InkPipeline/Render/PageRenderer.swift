import InkFileSystem
import CCairo
import CPoppler
import Foundation
import InkModel
import InkRendering

/// Renders pages with their ink to PNG images, one page at a time: poppler
/// draws the page as a viewer shows it into a cairo image surface at the
/// scale, and the ink goes on top through the same painter as `flatten`.
public enum PageRenderer {
    /// Cairo's largest image side.
    static let maximumPixels = 32_767

    /// Writes `DIR/NAME-P.png` for each selected page (`P` zero-padded to the
    /// page count's digits), each atomically.
    public static func render(pdf pdfPath: String, ink inkPath: String, outputDirectory: String,
                              options: RenderOptions = RenderOptions()) throws(ExportError) -> RenderReport {
        guard options.scale.isFinite, options.scale > 0 else {
            throw .renderFailed(path: pdfPath, page: nil, reason: "the scale must be a positive number")
        }
        let layers: PageOrderedLayers
        do {
            layers = try LayersRevision.namingLastGoodRevision { try PageOrderedLayers(path: inkPath) }
        } catch {
            throw Flattener.exportError(from: error, path: inkPath)
        }
        let document = try PDFDocument(path: pdfPath, password: options.password)
        if let recorded = layers.header.pdfSHA256, !options.ignoreDocumentMismatch {
            let digest = try ExportError.sha256(ofFileAt: pdfPath)
            if recorded.lowercased() != digest {
                throw .documentMismatch(inkFile: inkPath, recorded: recorded, actual: digest, pdf: pdfPath)
            }
        }
        if let last = layers.inkedPages.last, last > document.pageCount {
            throw .pageOutOfRange(inkFile: inkPath, line: layers.firstLine(ofPage: last) ?? 1, page: last,
                                  pageCount: document.pageCount, pdf: pdfPath)
        }
        var pages = Array(1...document.pageCount)
        if let selection = options.pages {
            switch selection.pages(in: document.pageCount) {
            case .success(let selected): pages = selected
            case .failure(let error):
                throw .pageSelectionOutOfRange(pdf: pdfPath, page: error.missingPage ?? 0, pageCount: document.pageCount)
            }
        }
        options.progress?.begin(pages: pages)
        let base = URL(fileURLWithPath: pdfPath).deletingPathExtension().lastPathComponent
        let digits = String(document.pageCount).count
        let inked = Set(layers.inkedPages)
        let textures = InkTextures()
        var images: [String] = []
        var strokes = 0
        var warnings: [String] = []
        var warnedInks: Set<String> = []
        for number in pages {
            let name = "\(base)-\(String(repeating: "0", count: max(0, digits - String(number).count)))\(number).png"
            let destination = (outputDirectory as NSString).appendingPathComponent(name)
            var drawings: [StrokeDrawing] = []
            if inked.contains(number) {
                do {
                    for layer in try LayersRevision.namingLastGoodRevision({ try layers.layers(forPage: number) }) {
                        for (index, stroke) in layer.strokes.enumerated() {
                            let (strokeDrawings, warning) = InkStyle.drawings(for: stroke, quality: options.referenceInk ? .reference : .compact)
                            drawings.append(contentsOf: strokeDrawings)
                            guard let warning else { continue }
                            if case .unknown(let ink) = stroke.ink.type {
                                if warnedInks.insert(ink).inserted { warnings.append(warning) }
                            } else {
                                warnings.append("page \(number), stroke \(index + 1): \(warning)")
                            }
                        }
                        strokes += layer.strokes.count
                    }
                } catch {
                    throw Flattener.exportError(from: error, path: layers.displayName)
                }
            }
            try renderPage(number, of: document, drawings: drawings, options: options, textures: textures, to: destination)
            images.append(destination)
            options.progress?.finished(page: number)
        }
        return RenderReport(images: images, strokeCount: strokes, warnings: warnings)
    }

    /// One page: white paper, the page as displayed, the ink; written as PNG through a temporary file.
    ///
    /// The corresponding C functions are `cairo_image_surface_create`, `poppler_page_render`
    /// and `cairo_surface_write_to_png`.
    static func renderPage(_ number: Int, of document: PDFDocument, drawings: [StrokeDrawing], options: RenderOptions,
                           textures: InkTextures, to destination: String) throws(ExportError) {
        let scale = options.scale
        let page = try document.page(number)
        let size = page.displayedSize
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
        guard width <= maximumPixels, height <= maximumPixels else {
            throw .renderFailed(path: document.path, page: number,
                                reason: "at this scale the page would be \(width)×\(height) pixels, more than the \(maximumPixels) cairo can make; lower --dpi or --scale")
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(max(width, 1)), Int32(max(height, 1)))!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        cairo_save(context)
        if options.drawsPage { page.withHandle { poppler_page_render($0, context) } }
        cairo_restore(context)
        _ = consume page
        CairoInkPainter.draw(drawings, on: context, textures: textures, snapping: !options.referenceInk)
        cairo_surface_flush(surface)
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(path: document.path, page: number, reason: String(cString: cairo_status_to_string(status)))
        }
        let output = try AtomicOutput.reserve(destination)
        let written = cairo_surface_write_to_png(surface, output.writablePath)
        guard written == CAIRO_STATUS_SUCCESS else {
            throw .writeFailed(path: destination, reason: String(cString: cairo_status_to_string(written)))
        }
        try output.commitForExport()
    }
}
