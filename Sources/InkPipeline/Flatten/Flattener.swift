import LibPoppler
import InkFileSystem
import LibCairo
import Foundation
import InkImport
import InkModel
import InkPDFContent
import InkRendering

/// Flattens ink layers onto a PDF, one page at a time.
///
/// For each page, poppler draws the original with
/// `poppler_page_render_for_printing` into a cairo PDF page the size of the
/// page as displayed. The ink is made meanwhile by `PageInkFeed` on threads of
/// its own, one a core, below this thread's priority (unless `singleThreaded`):
/// written as PDF content, spooled, and appended to the finished file as an
/// incremental update (`appendInk`). Only a page whose text boxes or images lie
/// over its ink has that ink drawn by cairo, under them; at most `lookahead` of
/// those pages' drawings wait at once.
public enum Flattener {
    /// The sidecar header key that records what the output was made from:
    /// `"source":{"inkSha256":"…"}` (the PDF's hash is in `pdf.sha256`).
    public static let sourceKey = "source"
    public static let inkHashKey = "inkSha256"
    /// In the sidecar's `source` (with `inkHashKey` in a batch's): the languages `--recognize` read the ink in, so that
    /// `batch --recognize` tells an output with the words from one without, and every `--recognize` reuses them
    /// (`RecognitionCache`). Another tool's document records it in the ink-layers file of its words (`InkRecognitionRun`).
    public static let recognisedKey = "recognised"
    static let lookahead = 2
    /// Pages drawn from one opening of a PDF drawn with its own annotations as ink (see `flatten`).
    static let annotatedPagesPerOpening = 50
    /// libdeflate level of the sidecar (gzip members of about a megabyte, `FileOutput`): the
    /// drawing is mostly digits, which level 1 already shrinks well, smaller than zlib's
    /// streaming level 1 in less than half its time; a higher level saves less than it costs
    /// (`inkpdf-content-bench gzip`; docs/benchmarks.md, "Compression").
    static let sidecarCompressionLevel: Int32 = 1

    /// Flattens `ink` onto `pdf`: ink-layers over the PDF given, or another tool's
    /// document (Xournal++, reMarkable) with its own pages, over `pdf` when given or
    /// the PDF the document names (none for a notebook).
    public static func flatten(pdf pdfPath: String?, ink inkPath: String, output outputPath: String,
                               options: FlattenOptions = FlattenOptions()) throws(ExportError) -> FlattenReport {
        do {
            return try flattenOnce(pdf: pdfPath, ink: inkPath, output: outputPath, options: options)
        } catch {
            // cairo 1.16 writes the embedded CFF fonts of some annotations' appearances (free text) into
            // nothing, leaving a cross-reference table that points past the end of the file
            // (`checkPDFWhole` finds it): drawn again with what the annotations add as an image.
            guard case .writing(.damagedOutput(_, let reason)) = error, !options.annotationsAsImages else { throw error }
            var again = options
            again.annotationsAsImages = true
            var report = try flattenOnce(pdf: pdfPath, ink: inkPath, output: outputPath, options: again)
            report.warnings.append("the PDF's annotations and form fields were drawn as images (\(Int(72 * annotationImageScale)) dpi): "
                                   + "drawn as they are, cairo wrote a damaged file (\(reason))")
            return report
        }
    }

    private static func flattenOnce(pdf pdfPath: String?, ink inkPath: String, output outputPath: String,
                                    options: FlattenOptions) throws(ExportError) -> FlattenReport {
        try InkInputs.refuseOverwritingInputs(output: outputPath, inputs: [inkPath] + (pdfPath.map { [$0] } ?? []))
        options.progress?.doing(.readingInk)
        let recognising = try InkRecognitionRun.start(languages: options.recognitionLanguages, ink: inkPath, format: options.inkFormat,
                                                      output: outputPath, progress: options.progress)
        let source = try InkSource.open(ink: inkPath, pdf: pdfPath, format: options.inkFormat, page: options.page,
                                        password: options.password, confinement: options.confinement,
                                        annotations: options.annotations, recognising: recognising)
        try recognising?.checkLoaded()
        if source.pdfPath != nil { options.progress?.doing(.openingPDF) }
        let opened = try source.pdfPath.map { (path: String) throws(ExportError) in try PDFDocument.openForPrinting(path: path, password: options.password, links: options.annotations) }
        let document = opened?.document
        let input = try InkInputs.prepare(source, pdfPageCount: document?.pageCount, selection: options.pages,
                                          onlyAnnotated: options.onlyAnnotated, ignoreMismatch: options.ignoreDocumentMismatch)
        options.progress?.begin(pages: input.kept)
        let output = try AtomicOutput.reserve(outputPath)
        var sidecar: SidecarOutput?
        /// Another tool's document recognised: its layers with their words, beside the document kept as it is.
        var words: SidecarOutput?
        let stats: (strokes: Int, inkedPages: Int, warnings: [String])
        do {
            if let digest = input.pdfSHA256, let pageCount = document?.pageCount {
                var headerExtra = JSONObject()
                var recorded = JSONObject()
                if let inkHash = options.recordedInkSHA256 { recorded[inkHashKey] = .string(inkHash) }
                if let record = recognising?.headerRecord { recorded[record.key] = record.value }
                if !recorded.isEmpty { headerExtra[sourceKey] = .object(recorded) }
                sidecar = try SidecarOutput.start(for: outputPath, ink: source.layersLinesPath, header: source.layers.header, pdfSHA256: digest,
                                                  pdfPageCount: pageCount, headerExtra: headerExtra,
                                                  wanted: options.writeSidecar, concurrent: !options.singleThreaded,
                                                  belowDrawing: true)
            } else {
                sidecar = try SidecarOutput.start(for: outputPath, keeping: source, wanted: options.writeSidecar)
                words = try recognising.flatMap { (run) throws(ExportError) in
                    try SidecarOutput.start(for: outputPath, recognisedLayersOf: source, record: run.headerRecord, wanted: options.writeSidecar)
                }
            }
            stats = try render(document: document, linkBorders: opened?.linkBorders ?? [:], input: input, options: options,
                               to: output.writablePath, name: output.destination)
            options.progress?.doing(.writing)
            try sidecar?.wait()
            try words?.wait()
            try output.checkPDFWhole()
        } catch {
            sidecar?.abandon()
            words?.abandon()
            throw error
        }
        try SidecarOutput.commit(output, with: sidecar, words)
        var report = FlattenReport(output: outputPath, sidecar: sidecar?.destination,
                                   pageCount: input.kept.count, inkedPageCount: stats.inkedPages, strokeCount: stats.strokes,
                                   warnings: source.notes + (document?.drawnCopy.map { [$0.warning] } ?? []) + stats.warnings)
        report.recognisedText = words?.destination
        report.summary = source.summary
        return report
    }


    /// `DIR/NAME.pdf` → `DIR/NAME.ink.jsonl.gz`.
    public static func sidecarPath(forOutput output: String) -> String {
        let url = URL(fileURLWithPath: output)
        let name = url.pathExtension.lowercased() == "pdf" ? url.deletingPathExtension().lastPathComponent : url.lastPathComponent
        let directory = PathName.folder(of: output)
        return directory.isEmpty ? "\(name).ink.jsonl.gz" : (directory as NSString).appendingPathComponent("\(name).ink.jsonl.gz")
    }

    /// Where another tool's document is kept beside `output`, and how: a Xournal++
    /// file as it is (`NAME.xopp`, `NAME.xoj`); a reMarkable document folder as a
    /// `.rmdoc` archive; a `.rmdoc` or a single `.rm` page as it is.
    static func foreignSidecar(forOutput output: String, source: InkSource) -> (path: String, content: SidecarJob.Content) {
        let path = sidecarPath(forOutput: output, ink: source.path, format: source.format)
        if source.format == .remarkable, path.hasSuffix(".rmdoc"), ReMarkableImporter.detect(path: source.path) != .archive {
            return (path, .remarkableArchive(of: source.path))
        }
        return (path, .copy(of: source.path))
    }

    /// The sidecar beside `output` for ink of `format` at `ink`: `NAME.ink.jsonl.gz`, or
    /// another tool's document kept whole (`NAME.xopp`, `NAME.xoj`, `NAME.rmdoc`, `NAME.rm`, `NAME.inkml`).
    public static func sidecarPath(forOutput output: String, ink: String, format: InkFormat) -> String {
        let name = String(sidecarPath(forOutput: output).dropLast(".ink.jsonl.gz".count))
        switch format {
        case .xournal:
            return name + "." + ((ink as NSString).pathExtension.lowercased() == "xoj" ? "xoj" : "xopp")
        case .remarkable:
            if case .linesFile = ReMarkableImporter.detect(path: ink) { return name + ".rm" }
            return name + ".rmdoc"
        case .inkML:
            return name + ".inkml"
        case .rnote:
            return name + ".rnote"
        case .inkLayers, .pdfAnnotations:
            return sidecarPath(forOutput: output)
        }
    }

    static func exportError(from error: any Error, path: String) -> ExportError {
        switch error {
        case let error as InkLayersError: return .reading(.invalidInk(error))
        case let error as DamagedLayersError: return .reading(.damagedInk(error))
        case InkFileError.cannotOpen(let file, let code) where code == ENOENT: return .opening(.inputMissing(path: file))
        case InkFileError.cannotOpen(let file, let code): return .opening(.inputUnreadable(path: file, reason: Errno(rawValue: code).description))
        case let error as InkFileError: return .writing(.writeFailed(path: error.path, reason: error.description))
        case let error as ExportError: return error
        default: return .drawing(.renderFailed(path: path, page: nil, reason: "\(error)"))
        }
    }

    /// Draws every kept page, page by page: the PDF page (or paper) first, with its links' borders
    /// (`linkBorders`, by PDF page), then what lies under the ink, the ink, and what lies over it.
    private static func render(document: PDFDocument?, linkBorders: [Int: [LinkBorder]], input: PreparedInk, options: FlattenOptions,
                               to path: String, name: String) throws(ExportError) -> (strokes: Int, inkedPages: Int, warnings: [String]) {
        let source = input.source
        func size(ofOutputPage number: Int) -> (Double, Double) {
            if let document, let pdfNumber = source.pdfPage(ofOutputPage: number) { return document.displayedSize(ofPage: pdfNumber) }
            let page = source.plan![number - 1]
            return (page.width, page.height)
        }
        let firstSize = size(ofOutputPage: input.kept[0])
        let writer = try CairoPDFWriter(path: path, name: name, width: firstSize.0, height: firstSize.1)
        // The ink is written by the content writer on the producer's threads, spooled, and appended
        // to the finished file; a page whose text boxes or images lie over its ink (an imported
        // page's) has its ink drawn by cairo, under them. The feed starts before the outline and
        // the labels are read, so that its threads draw ink while this one reads the document's
        // navigation (its pages' /Rotate and outline, which take a while on a long manual).
        let inkFrames = Dictionary(uniqueKeysWithValues: input.inkedKept.map { number in
            (number, inkFrame(ofOutputPage: number, displayed: size(ofOutputPage: number), plan: source.plan))
        })
        let requests = input.inkedKept.map { number -> PageInkFeed.Request in
            let frame = inkFrames[number]!
            if let planned = source.plan?[number - 1], planned.decorations.contains(where: \.liesOverInk) {
                return PageInkFeed.Request(page: number, form: .drawings(width: frame.width, height: frame.height))
            }
            return PageInkFeed.Request(page: number, form: .content(width: frame.width, height: frame.height))
        }
        let spool = try PageInkSpool(besides: name, name: name)
        let ink = try PageInkFeed(layers: source.layers, requests: requests, spool: spool, concurrent: !options.singleThreaded,
                                  belowDrawing: true, handwritingText: options.handwritingText,
                                  handwritingMinimumConfidence: options.handwritingMinimumConfidence,
                                  handwritingTextNote: options.handwritingTextNote)
        let info = document?.info ?? DocumentInfo(title: source.layers.header.extra["title"].flatMap { if case .string(let title) = $0 { title } else { nil } })
        copyMetadata(info, stripping: options.stripMetadata, to: writer)
        let sources = input.kept.map { source.pdfPage(ofOutputPage: $0) }
        let navigation = NavigationWriter(sources: sources)
        if let document { navigation.addOutline(document.outline(), to: writer) }

        // cairo writes an empty label tree when every label is the page's own number (which
        // poppler then reads as empty labels): labels are set only when some page's label
        // is not its place in the output (the source has labels, or pages were left out).
        var labels: [String?] = []
        for pdfNumber in sources {
            if let document, let pdfNumber { labels.append(document.label(of: try document.page(pdfNumber))) } else { labels.append(nil) }
        }
        let writesLabels = labels.enumerated().contains { $1 != nil && $1 != String($0 + 1) }

        var warnings: [String] = []
        // poppler keeps each page's annotations once it has loaded them: a PDF drawn with its own
        // annotations as ink (their memory grows with every page drawn) is drawn from a copy opened
        // afresh every so many pages. Its navigation (sizes, links' targets, outline, labels) stays the document's.
        let drawsOwnAnnotations = document.map { source.drawsAnnotationsAsInk(of: $0.path) } ?? false
        // Likewise once the pages drawn from one opening have made poppler load a page's budget of
        // annotation points (`PopplerAnnotationBudget`): pages each at that budget would otherwise
        // add up to gigabytes.
        var drawing = document
        var loadedPoints = 0
        for (index, number) in input.kept.enumerated() {
            let points = sources[index].flatMap { document?.annotationPoints[$0] } ?? 0
            let periodic = drawsOwnAnnotations && index > 0 && index % Self.annotatedPagesPerOpening == 0
            if periodic || (loadedPoints > 0 && loadedPoints + points > PopplerAnnotationBudget.pointsPerPage), let document {
                drawing = try document.reopened(password: options.password)
                loadedPoints = 0
                FreedMemory.release()
            }
            loadedPoints += points
            let (width, height) = size(ofOutputPage: number)
            writer.beginPage(width: width, height: height)
            if writesLabels, let label = labels[index] { writer.setPageLabel(label) }
            navigation.beginPage(output: index + 1, on: writer)
            let planned = source.plan?[number - 1]
            try writer.withContext { (context) throws(ExportError) in
                if let document, let drawing, let pdfNumber = sources[index] {
                    let page = try drawing.page(pdfNumber)
                    // A PDF flattened with its own annotations as ink: those that became strokes are
                    // hidden on poppler's page (in memory), so that each is drawn once, as ink.
                    page.hideAnnotations(source.annotationsDrawnAsInk(onPage: pdfNumber, of: document.path))
                    context.save()
                    if options.annotationsAsImages {
                        drawAnnotationsAsImage(of: page, on: context)
                    } else {
                        page.renderForPrinting(on: context)
                    }
                    LinkBorderPainter.draw(linkBorders[pdfNumber] ?? [], on: context)
                    context.restore()
                    navigation.addLinks(document.links(on: page), output: index + 1, on: writer)
                    _ = consume page
                }
                warnings += DecorationPainter.drawPaper(of: planned, width: width, height: height, page: number, on: context)
                warnings += try DecorationPainter.drawInk(of: planned, width: width, height: height, page: number,
                                                          on: context) { () throws(ExportError) in
                    try ink.drawInk(ofPage: number, on: context)
                }
            }
            try writer.endPage()
            options.progress?.finished(page: number)
        }
        navigation.finish(on: writer)
        let spooled = try ink.finish()
        // The document was last changed when its last stroke ended; without ink, when the source says.
        if !options.stripMetadata, let modified = ink.latestInkTime.map(isoDate) ?? info.modificationDate {
            writer.setMetadata(.modDate, modified)
        }
        try writer.finish()
        try CairoPDFWriter.widenWholePointClips(writer.wholePointClips, in: path, name: name)
        if !spooled.isEmpty {
            let outputPages = Dictionary(uniqueKeysWithValues: input.kept.enumerated().map { ($1, $0 + 1) })
            warnings += try appendInk(spooled, from: spool, to: path, name: name) { number in
                (outputPages[number]!, inkFrames[number]!.matrix)
            }
        }
        return (ink.strokeCount, input.inkedKept.count, ink.warnings + warnings)
    }

    /// Pixels a point of the image a page's annotations are drawn as, when drawn as they are they
    /// make cairo write a damaged file (216 dpi).
    static let annotationImageScale = 3.0

    /// Draws `page` with its own content as it is and what its annotations and form fields add as one
    /// image over it: the route taken when cairo writes the annotations' embedded fonts damaged
    /// (cairo 1.16 with some CFF fonts of free-text appearances).
    private static func drawAnnotationsAsImage(of page: borrowing PDFPage, on context: borrowing CairoContext) {
        page.renderContentForPrinting(on: context)
        guard let image = page.printedAnnotationsImage(scale: annotationImageScale) else { return }
        context.save()
        context.scale(1 / annotationImageScale, 1 / annotationImageScale)
        context.setSourceSurface(image, x: 0, y: 0)
        context.paint()
        context.restore()
    }

    /// The frame a page's ink is written in: the page size the tool recorded (an
    /// imported document's), or the displayed page; and the matrix that scales it
    /// onto the displayed page when the two differ (nil when they are the same).
    static func inkFrame(ofOutputPage number: Int, displayed: (Double, Double), plan: [DocumentPage]?)
        -> (width: Double, height: Double, matrix: [Double]?) {
        inkFrame(of: plan?[number - 1], displayed: displayed)
    }

    /// The same for the planned page `planned` (nil: a PDF page as it is).
    static func inkFrame(of planned: DocumentPage?, displayed: (Double, Double)) -> (width: Double, height: Double, matrix: [Double]?) {
        let (width, height) = displayed
        if let planned, planned.width > 0, planned.height > 0,
           abs(planned.width - width) > 0.01 || abs(planned.height - height) > 0.01 {
            return (planned.width, planned.height, [width / planned.width, 0, 0, height / planned.height, 0, 0])
        }
        return (width, height, nil)
    }

    /// Appends the spooled ink to the finished file at `path` as an incremental
    /// update: each page's ink a Form XObject drawn after the page's own content, and its
    /// text (`CompressedInkContent.text`) after it. Returns the text layer's warnings.
    /// The update is staged in a temporary file beside the output (qpdf keeps
    /// reading the whole PDF meanwhile) and copied onto its end.
    @discardableResult
    static func appendInk(_ entries: [PageInkSpool.Entry], from spool: PageInkSpool, to path: String, name: String,
                                  placement: (Int) -> (page: Int, matrix: [Double]?)) throws(ExportError) -> [String] {
        try IncrementalUpdate.appendStaged(to: path, name: name) { (update) throws(ExportError) -> [String] in
            for entry in entries {
                let (page, matrix) = placement(entry.page)
                let content = try spool.content(entry)
                do throws(IncrementalUpdateError) { try update.addInk(content, toPage: page, matrix: matrix) } catch {
                    throw ExportError(appending: error, name: name)
                }
            }
            return HandwritingWords.leftOutWarning(update.handwritingWordsLeftOut).map { [$0] } ?? []
        }
    }

    /// Seconds since 1970 as the ISO 8601 UTC form cairo's metadata takes.
    static func isoDate(_ seconds: Double) -> String {
        // Clamped to what a four-digit year can say before the conversion, which would trap beyond time_t.
        var time = time_t(min(max(seconds.isNaN ? 0 : seconds, InkRange.earliestTime), InkRange.latestTime).rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    private static func copyMetadata(_ info: DocumentInfo, stripping: Bool, to writer: CairoPDFWriter) {
        if let title = info.title { writer.setMetadata(.title, title) }
        if !stripping, let author = info.author { writer.setMetadata(.author, author) }
        if let subject = info.subject { writer.setMetadata(.subject, subject) }
        if let keywords = info.keywords { writer.setMetadata(.keywords, keywords) }
        if let creator = info.creator { writer.setMetadata(.creator, creator) }
        // The source's date, or none: never "now", so that the same inputs give the same bytes.
        writer.setMetadata(.createDate, stripping ? "" : info.creationDate ?? "")
    }
}
