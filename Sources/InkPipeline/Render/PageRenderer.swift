import LibPoppler
import InkFileSystem
import LibCairo
import Foundation
import InkModel
import InkRendering

/// Renders pages with their ink to PNG images, one page at a time: poppler
/// draws the page as a viewer shows it into a cairo image surface at the
/// scale, and the ink goes on top through the same painter as `flatten`.
public enum PageRenderer {
    /// Cairo's largest image side.
    static let maximumPixels = 32_767

    /// Renders the kept pages of `ink` over `pdf` (or another tool's document over
    /// its own pages) to PNG files `NAME-PAGE.png` in `outputDirectory`.
    public static func render(pdf pdfPath: String?, ink inkPath: String, outputDirectory: String,
                              options: RenderOptions = RenderOptions()) throws(ExportError) -> RenderReport {
        guard options.scale.isFinite, options.scale > 0 else {
            throw .drawing(.renderFailed(path: pdfPath ?? inkPath, page: nil, reason: "the scale must be a positive number"))
        }
        let source = try InkSource.open(ink: inkPath, pdf: pdfPath, format: options.inkFormat, page: options.page,
                                        password: options.password, confinement: options.confinement,
                                        annotations: options.annotations)
        let document = try source.pdfPath.map { (path: String) throws(ExportError) in try PDFDocument.openForDrawing(path: path, password: options.password) }
        let input = try InkInputs.prepare(source, pdfPageCount: document?.pageCount, selection: options.pages,
                                          onlyAnnotated: false, ignoreMismatch: options.ignoreDocumentMismatch)
        let layers = source.layers
        let base = URL(fileURLWithPath: source.plan == nil ? (source.pdfPath ?? inkPath) : inkPath).deletingPathExtension().lastPathComponent
        let digits = String(source.outputPageCount(pdfPageCount: document?.pageCount)).count
        options.progress?.begin(pages: input.kept)
        let inked = Set(layers.inkedPages)
        let textures = InkTextures()
        var images: [String] = []
        var strokes = 0
        var warnings: [String] = source.notes + (document?.drawnCopy.map { [$0.warning] } ?? [])
        var warnedInks: Set<String> = []
        // poppler keeps every page's annotations it has loaded: the document is opened afresh once
        // the pages drawn have made it load a page's budget of annotation points (`PopplerAnnotationBudget`).
        var drawing = document
        var loadedPoints = 0
        for number in input.kept {
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
            let background: RenderedBackground
            if let document, let pdfNumber = source.pdfPage(ofOutputPage: number) {
                let points = document.annotationPoints[pdfNumber] ?? 0
                if loadedPoints > 0, loadedPoints + points > PopplerAnnotationBudget.pointsPerPage {
                    drawing = try document.reopened(password: options.password)
                    loadedPoints = 0
                    FreedMemory.release()
                }
                loadedPoints += points
                background = .pdf(drawing ?? document, pdfNumber)
            } else if let planned = source.plan?[number - 1], case .paper(let paper) = planned.background {
                background = .paper(paper, width: planned.width, height: planned.height)
            } else {
                throw .drawing(.renderFailed(path: inkPath, page: number, reason: "the page has no PDF under it"))
            }
            warnings += try renderPage(number, background: background, planned: source.plan?[number - 1], drawings: drawings,
                                       options: options, textures: textures, to: destination)
            images.append(destination)
            options.progress?.finished(page: number)
        }
        return RenderReport(images: images, strokeCount: strokes, warnings: warnings, summary: source.summary)
    }

    /// What a rendered page shows under its ink.
    enum RenderedBackground {
        case pdf(PDFDocument, Int)
        case paper(Paper, width: Double, height: Double)
    }

    /// One page: white paper, the page as displayed (or the tool's paper), what lies under the
    /// ink, the ink, what lies over it; written as PNG through a temporary file.
    ///
    /// The corresponding C functions are `cairo_image_surface_create`, `poppler_page_render`
    /// and `cairo_surface_write_to_png`.
    static func renderPage(_ number: Int, background: RenderedBackground, planned: DocumentPage?, drawings: [StrokeDrawing],
                           options: RenderOptions, textures: InkTextures, to destination: String) throws(ExportError) -> [String] {
        let scale = options.scale
        let name: String
        let size: (width: Double, height: Double)
        switch background {
        case .pdf(let document, let pdfNumber):
            name = document.path
            let displayed = document.displayedSize(ofPage: pdfNumber)
            size = (displayed.0, displayed.1)
        case .paper(_, let width, let height):
            name = destination
            size = (width, height)
        }
        // Checked as reals: a page side times a scale can pass Int's range before any guard on integers.
        let exactWidth = (size.width * scale).rounded(.up), exactHeight = (size.height * scale).rounded(.up)
        guard exactWidth.isFinite, exactHeight.isFinite, exactWidth <= Double(maximumPixels), exactHeight <= Double(maximumPixels) else {
            throw .drawing(.renderFailed(path: name, page: number,
                                reason: "at this scale the page would be \(exactWidth)×\(exactHeight) pixels, more than the \(maximumPixels) cairo can make; lower --dpi or --scale"))
        }
        let width = Int(exactWidth), height = Int(exactHeight)
        let surface = CairoImageSurface(format: .rgb24, width: max(width, 1), height: max(height, 1))
        let context = CairoContext(drawingOn: surface)
        context.setSourceRGB(1, 1, 1)
        context.paint()
        context.scale(scale, scale)
        var warnings: [String] = []
        switch background {
        case .pdf(let document, let pdfNumber):
            let page = try document.page(pdfNumber)
            context.save()
            if options.drawsPage { page.render(on: context) }
            context.restore()
            _ = consume page
        case .paper(_, let width, let height):
            warnings += DecorationPainter.drawPaper(of: planned, width: width, height: height, page: number, on: context)
        }
        warnings += DecorationPainter.drawInk(of: planned, width: size.width, height: size.height, page: number, on: context) {
            CairoInkPainter.draw(drawings, on: context, textures: textures, snapping: !options.referenceInk)
        }
        surface.flush()
        if let error = context.status {
            throw .drawing(.renderFailed(path: name, page: number, reason: error.description))
        }
        let output = try AtomicOutput.reserve(destination)
        do throws(CairoError) {
            try surface.writePNG(to: output.writablePath)
        } catch {
            throw .writing(.writeFailed(path: destination, reason: error.description))
        }
        try output.commitForExport()
        return warnings
    }
}
