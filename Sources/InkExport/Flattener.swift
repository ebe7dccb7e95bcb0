import CCairo
import Foundation
import InkModel
import InkRendering

/// What `flatten` may be told besides its files.
public struct FlattenOptions: Sendable {
    /// Opens an encrypted PDF (user or owner password).
    public var password: String?
    /// Draws the ink even when its header records a different PDF.
    public var ignoreDocumentMismatch: Bool
    /// Writes the full-fidelity `NAME.ink.jsonl.gz` beside the output.
    public var writeSidecar: Bool
    /// Only these source pages go into the output (nil: all).
    public var pages: PageSelection?
    /// Only pages with ink go into the output (within `pages`).
    public var onlyAnnotated: Bool
    /// Leaves out the author and the dates.
    public var stripMetadata: Bool
    /// Top-level keys added to (or replacing those of) the sidecar's header,
    /// e.g. `batch`'s `"source":{"inkSha256":…}` that tells it the output is up to date.
    public var sidecarHeaderExtra: JSONObject

    public init(password: String? = nil, ignoreDocumentMismatch: Bool = false, writeSidecar: Bool = true,
                pages: PageSelection? = nil, onlyAnnotated: Bool = false, stripMetadata: Bool = false,
                sidecarHeaderExtra: JSONObject = JSONObject()) {
        self.password = password
        self.ignoreDocumentMismatch = ignoreDocumentMismatch
        self.writeSidecar = writeSidecar
        self.pages = pages
        self.onlyAnnotated = onlyAnnotated
        self.stripMetadata = stripMetadata
        self.sidecarHeaderExtra = sidecarHeaderExtra
    }
}

/// What a flatten did.
public struct FlattenReport: Sendable, Equatable {
    public var output: String
    /// Nil when no sidecar was written (or it would have replaced the ink input).
    public var sidecar: String?
    /// Pages written (after `--pages` and `--only-annotated`).
    public var pageCount: Int
    /// Written pages that carry ink.
    public var inkedPageCount: Int
    public var strokeCount: Int
    /// One line each, e.g. an ink type this version does not know, named once.
    public var warnings: [String]
}

/// Flattens ink layers onto a PDF, one page at a time.
///
/// For each page, poppler draws the original with
/// `poppler_page_render_for_printing` into a cairo PDF page the size of the
/// page as displayed, and the page's layers are drawn on top. The ink of the
/// next pages is read and turned into paths on a second thread while the
/// current page renders; at most `lookahead` pages of ink are held at once.
public enum Flattener {
    static let lookahead = 2
    /// zlib level of the sidecar: the drawing is mostly digits, which level 1 already shrinks well.
    static let sidecarCompressionLevel: Int32 = 1

    public static func flatten(pdf pdfPath: String, ink inkPath: String, output outputPath: String,
                               options: FlattenOptions = FlattenOptions()) throws(ExportError) -> FlattenReport {
        let sidecarPath = sidecarPath(forOutput: outputPath)
        try refuseOverwritingInputs(output: outputPath, inputs: [pdfPath, inkPath])

        let layers = try openInk(inkPath)
        let document = try PDFDocument(path: pdfPath, password: options.password)
        let digest = try SHA256Digest.hexDigest(ofFileAt: pdfPath)
        if let recorded = layers.header.pdfSHA256, recorded.lowercased() != digest, !options.ignoreDocumentMismatch {
            throw .documentMismatch(inkFile: inkPath, recorded: recorded, actual: digest, pdf: pdfPath)
        }
        if let last = layers.inkedPages.last, last > document.pageCount {
            throw .pageOutOfRange(inkFile: inkPath, line: layers.firstLine(ofPage: last) ?? 1, page: last,
                                  pageCount: document.pageCount, pdf: pdfPath)
        }
        let kept = try keptPages(options: options, pageCount: document.pageCount, inkedPages: layers.inkedPages, pdf: pdfPath)

        let writesSidecar = options.writeSidecar && !LayersFileReplacement.sameFile(sidecarPath, inkPath)
        let output = try AtomicOutput(destination: outputPath)
        var sidecarOutput: AtomicOutput?
        do {
            if writesSidecar { sidecarOutput = try AtomicOutput(destination: sidecarPath) }
            var header = layers.header
            header.pdfSHA256 = digest
            header.pdfPageCount = document.pageCount
            for (key, value) in options.sidecarHeaderExtra.entries { header.extra[key] = value }
            let sidecarJob = sidecarOutput.map { SidecarJob(ink: inkPath, header: header, output: $0) }
            sidecarJob?.start()
            let stats = try render(document: document, keptPages: kept, layers: layers, options: options, to: output)
            try sidecarJob?.wait()
            try output.commit()
            if let sidecarOutput {
                // A sidecar this replaces is kept as NAME.ink.jsonl.gz.prev (the last good revision).
                _ = try LayersFileReplacement.keepRevision(of: sidecarOutput.destination)
                try sidecarOutput.commit()
            }
            return FlattenReport(output: outputPath, sidecar: writesSidecar ? sidecarPath : nil,
                                 pageCount: kept.count, inkedPageCount: stats.inkedPages,
                                 strokeCount: stats.strokes, warnings: stats.warnings)
        } catch {
            output.abandon()
            sidecarOutput?.abandon()
            throw error
        }
    }

    /// `DIR/NAME.pdf` → `DIR/NAME.ink.jsonl.gz`.
    public static func sidecarPath(forOutput output: String) -> String {
        let url = URL(fileURLWithPath: output)
        let name = url.pathExtension.lowercased() == "pdf" ? url.deletingPathExtension().lastPathComponent : url.lastPathComponent
        let directory = (output as NSString).deletingLastPathComponent
        return directory.isEmpty ? "\(name).ink.jsonl.gz" : (directory as NSString).appendingPathComponent("\(name).ink.jsonl.gz")
    }

    private static func openInk(_ path: String) throws(ExportError) -> PageOrderedLayers {
        do {
            return try LayersRevision.namingLastGoodRevision { try PageOrderedLayers(path: path) }
        } catch {
            throw exportError(from: error, path: path)
        }
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

    private static func refuseOverwritingInputs(output: String, inputs: [String]) throws(ExportError) {
        for input in inputs where LayersFileReplacement.sameFile(output, input) {
            throw .outputIsInput(path: output)
        }
        let sidecar = sidecarPath(forOutput: output)
        if LayersFileReplacement.sameFile(sidecar, inputs[0]) { throw .outputIsInput(path: sidecar) }
    }

    private static func keptPages(options: FlattenOptions, pageCount: Int, inkedPages: [Int],
                                  pdf: String) throws(ExportError) -> [Int] {
        var kept = Array(1...pageCount)
        if let selection = options.pages {
            switch selection.pages(in: pageCount) {
            case .success(let pages): kept = pages
            case .failure(let error):
                throw .pageSelectionOutOfRange(pdf: pdf, page: error.missingPage ?? 0, pageCount: pageCount)
            }
        }
        if options.onlyAnnotated {
            let inked = Set(inkedPages)
            kept = kept.filter { inked.contains($0) }
        }
        guard !kept.isEmpty else { throw .nothingSelected(pdf: pdf) }
        return kept
    }

    private static func render(document: PDFDocument, keptPages: [Int], layers: PageOrderedLayers, options: FlattenOptions,
                               to output: AtomicOutput) throws(ExportError) -> (strokes: Int, inkedPages: Int, warnings: [String]) {
        let firstSize = document.displayedSize(ofPage: keptPages[0])
        let writer = try CairoPDFWriter(path: output.writablePath, name: output.destination,
                                        width: firstSize.0, height: firstSize.1)
        let info = document.info
        copyMetadata(info, stripping: options.stripMetadata, to: writer)
        let navigation = NavigationWriter(keptPages: keptPages)
        navigation.addOutline(document.outline(), to: writer)

        let kept = Set(keptPages)
        let inkedKeptPages = layers.inkedPages.filter { kept.contains($0) }
        let channel = PageInkChannel(capacity: lookahead)
        let producer = PageInkProducer(layers: layers, pages: inkedKeptPages, channel: channel)
        producer.start()
        defer { channel.cancel() }

        var pending = inkedKeptPages[...]
        for number in keptPages {
            let page = try document.page(number)
            let size = page.displayedSize
            writer.beginPage(width: size.width, height: size.height)
            if let label = document.label(of: page) { writer.setPageLabel(label) }
            navigation.beginPage(source: number, on: writer)
            cairo_save(writer.context)
            page.renderForPrinting(on: writer.context)
            cairo_restore(writer.context)
            navigation.addLinks(document.links(on: page), source: number, on: writer)
            _ = consume page
            if pending.first == number {
                pending.removeFirst()
                let ink = try channel.take()
                precondition(ink.page == number, "ink arrived for page \(ink.page) while drawing page \(number)")
                CairoInkPainter.draw(ink.drawings, on: writer.context)
            }
            try writer.endPage()
        }
        navigation.finish(on: writer)
        // The document was last changed when its last stroke ended; without ink, when the source says.
        if !options.stripMetadata, let modified = producer.latestInkTime.map(isoDate) ?? info.modificationDate {
            writer.setMetadata(CAIRO_PDF_METADATA_MOD_DATE, modified)
        }
        try writer.finish()
        return (producer.strokeCount, inkedKeptPages.count, producer.warnings)
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
