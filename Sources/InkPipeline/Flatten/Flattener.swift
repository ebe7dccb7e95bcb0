import InkFileSystem
import CCairo
import Foundation
import InkModel
import InkRendering

/// Flattens ink layers onto a PDF, one page at a time.
///
/// For each page, poppler draws the original with
/// `poppler_page_render_for_printing` into a cairo PDF page the size of the
/// page as displayed, and the page's layers are drawn on top. The ink of the
/// next pages is read and turned into paths on a second thread while the
/// current page renders (unless `singleThreaded`); at most `lookahead` pages
/// of ink are held at once.
public enum Flattener {
    /// The sidecar header key that records what the output was made from:
    /// `"source":{"inkSha256":"…"}` (the PDF's hash is in `pdf.sha256`).
    public static let sourceKey = "source"
    public static let inkHashKey = "inkSha256"
    static let lookahead = 2
    /// zlib level of the sidecar: the drawing is mostly digits, which level 1 already shrinks well.
    static let sidecarCompressionLevel: Int32 = 1

    public static func flatten(pdf pdfPath: String, ink inkPath: String, output outputPath: String,
                               options: FlattenOptions = FlattenOptions()) throws(ExportError) -> FlattenReport {
        try InkInputs.refuseOverwritingInputs(output: outputPath, inputs: [pdfPath, inkPath])
        let layers = try InkInputs.openInk(inkPath)
        let document = try PDFDocument(path: pdfPath, password: options.password)
        let digest = try InkInputs.checkInk(layers, ink: inkPath, pdf: pdfPath, pageCount: document.pageCount,
                                            ignoreMismatch: options.ignoreDocumentMismatch)
        let kept = try InkInputs.keptPages(selection: options.pages, onlyAnnotated: options.onlyAnnotated,
                                           pageCount: document.pageCount, inkedPages: layers.inkedPages, pdf: pdfPath)
        options.progress?.begin(pages: kept)

        let output = try AtomicOutput.reserve(outputPath)
        var sidecar: SidecarOutput?
        let stats: (strokes: Int, inkedPages: Int, warnings: [String])
        do {
            var headerExtra = JSONObject()
            if let inkHash = options.recordedInkSHA256 {
                headerExtra[sourceKey] = .object(JSONObject([(key: inkHashKey, value: .string(inkHash))]))
            }
            sidecar = try SidecarOutput.start(for: outputPath, ink: inkPath, header: layers.header, pdfSHA256: digest,
                                              pdfPageCount: document.pageCount, headerExtra: headerExtra,
                                              wanted: options.writeSidecar, concurrent: !options.singleThreaded)
            stats = try render(document: document, keptPages: kept, layers: layers, options: options,
                               to: output.writablePath, name: output.destination)
            try sidecar?.wait()
        } catch {
            sidecar?.abandon()
            throw error
        }
        // The output goes in place first; a sidecar that then fails is removed, the output stays.
        do {
            try output.commitForExport()
            try sidecar?.commit()
        } catch {
            sidecar?.abandon()
            throw error
        }
        return FlattenReport(output: outputPath, sidecar: sidecar?.destination,
                             pageCount: kept.count, inkedPageCount: stats.inkedPages,
                             strokeCount: stats.strokes, warnings: stats.warnings)
    }

    /// `DIR/NAME.pdf` → `DIR/NAME.ink.jsonl.gz`.
    public static func sidecarPath(forOutput output: String) -> String {
        let url = URL(fileURLWithPath: output)
        let name = url.pathExtension.lowercased() == "pdf" ? url.deletingPathExtension().lastPathComponent : url.lastPathComponent
        let directory = (output as NSString).deletingLastPathComponent
        return directory.isEmpty ? "\(name).ink.jsonl.gz" : (directory as NSString).appendingPathComponent("\(name).ink.jsonl.gz")
    }

    static func exportError(from error: any Error, path: String) -> ExportError {
        switch error {
        case let error as InkLayersError: return .invalidInk(error)
        case let error as DamagedLayersError: return .damagedInk(error)
        case InkFileError.cannotOpen(let file, let code) where code == ENOENT: return .inputMissing(path: file)
        case InkFileError.cannotOpen(let file, let code): return .inputUnreadable(path: file, reason: String(cString: strerror(code)))
        case let error as InkFileError: return .writeFailed(path: error.path, reason: error.description)
        case let error as ExportError: return error
        default: return .renderFailed(path: path, page: nil, reason: "\(error)")
        }
    }

    private static func render(document: PDFDocument, keptPages: [Int], layers: PageOrderedLayers, options: FlattenOptions,
                               to path: String, name: String) throws(ExportError) -> (strokes: Int, inkedPages: Int, warnings: [String]) {
        let firstSize = document.displayedSize(ofPage: keptPages[0])
        let writer = try CairoPDFWriter(path: path, name: name,
                                        width: firstSize.0, height: firstSize.1)
        let info = document.info
        copyMetadata(info, stripping: options.stripMetadata, to: writer)
        let navigation = NavigationWriter(keptPages: keptPages)
        navigation.addOutline(document.outline(), to: writer)

        // cairo writes an empty label tree when every label is the page's own number (which
        // poppler then reads as empty labels): labels are set only when some page's label
        // is not its place in the output (the source has labels, or pages were left out).
        var labels: [String?] = []
        for number in keptPages { labels.append(document.label(of: try document.page(number))) }
        let writesLabels = labels.enumerated().contains { $1 != nil && $1 != String($0 + 1) }

        let kept = Set(keptPages)
        let inkedKeptPages = layers.inkedPages.filter { kept.contains($0) }
        let ink = try PageInkFeed(layers: layers, pages: inkedKeptPages, concurrent: !options.singleThreaded)
        for (index, number) in keptPages.enumerated() {
            let page = try document.page(number)
            let size = document.displayedSize(of: page)
            writer.beginPage(width: size.0, height: size.1)
            if writesLabels, let label = labels[index] { writer.setPageLabel(label) }
            navigation.beginPage(source: number, on: writer)
            cairo_save(writer.context)
            page.renderForPrinting(on: writer.context)
            cairo_restore(writer.context)
            navigation.addLinks(document.links(on: page), source: number, on: writer)
            _ = consume page
            try ink.drawInk(ofPage: number, on: writer.context)
            try writer.endPage()
            options.progress?.finished(page: number)
        }
        navigation.finish(on: writer)
        // The document was last changed when its last stroke ended; without ink, when the source says.
        if !options.stripMetadata, let modified = ink.latestInkTime.map(isoDate) ?? info.modificationDate {
            writer.setMetadata(CAIRO_PDF_METADATA_MOD_DATE, modified)
        }
        try writer.finish()
        return (ink.strokeCount, inkedKeptPages.count, ink.warnings)
    }

    /// Seconds since 1970 as the ISO 8601 UTC form cairo's metadata takes.
    static func isoDate(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    private static func copyMetadata(_ info: DocumentInfo, stripping: Bool, to writer: CairoPDFWriter) {
        if let title = info.title { writer.setMetadata(CAIRO_PDF_METADATA_TITLE, title) }
        if !stripping, let author = info.author { writer.setMetadata(CAIRO_PDF_METADATA_AUTHOR, author) }
        if let subject = info.subject { writer.setMetadata(CAIRO_PDF_METADATA_SUBJECT, subject) }
        if let keywords = info.keywords { writer.setMetadata(CAIRO_PDF_METADATA_KEYWORDS, keywords) }
        if let creator = info.creator { writer.setMetadata(CAIRO_PDF_METADATA_CREATOR, creator) }
        // The source's date, or none: never "now", so that the same inputs give the same bytes.
        writer.setMetadata(CAIRO_PDF_METADATA_CREATE_DATE, stripping ? "" : info.creationDate ?? "")
    }
}
