import LibPoppler
import InkFileSystem
import LibCairo
import Foundation
import InkImport
import InkModel
import InkPDFContent
import InkRendering
import LibQPDF

/// Exports a PDF with its ink laid over the original pages, keeping the
/// whole document: every object of the source (outline, links, forms,
/// annotations, metadata, labels, attachments, structure) stays, and pages
/// without ink are left exactly as they were.
///
/// The ink is PDF content written by inkpdf itself (`InkContentWriter`, made
/// and compressed on the ink feed's threads, `PageInkFeed`), one Form XObject
/// a page, placed on the page's default user space by its boxes, `/Rotate`
/// and `/UserUnit` (`PagePlacement`). Cairo draws only what the content writer
/// does not: an imported document's paper and decorations (and the ink of a
/// page whose text boxes or images lie over it), and every page of `--ink-only`.
/// The result is written one of three ways, each in bounded memory:
/// - **Incremental update** (every page kept in its place, nothing for cairo,
///   no embedded layers, not encrypted): the original's bytes are copied as
///   they are and the ink, if any, appended after them (`IncrementalUpdate`),
///   so a signature over the original stays valid. A file that cannot take an
///   update as it is (qpdf would repair it, a page is not an object of the
///   file, a page tree qpdf would mend) is rewritten instead.
/// - **qpdf rewrite** (otherwise): the ink content is spooled to a PDF of
///   forms beside the output and what cairo draws to a PDF of its own; qpdf
///   opens the source, arranges its pages when the document inserts, repeats
///   or reorders them, lays each page's forms over it (`InkOverlay`), drops
///   pages left out (`PageRemoval`), attaches the layers if asked
///   (`EmbeddedInk`), and writes the result with a deterministic `/ID`. Stream
///   data is copied as it is, never decoded, and object handles are released
///   after every page, so memory is qpdf's object table.
/// - **`--ink-only`**: cairo draws one page per kept page at its displayed
///   size, and the ink is appended to that PDF as an incremental update.
/// Either way the output must read back with its page count before it
/// replaces anything.
public enum Exporter {
    /// Exports `ink` laid over `pdf` (or, for another tool's document, over the PDF it
    /// names when `pdf` is nil), keeping the PDF's objects.
    public static func export(pdf pdfPath: String?, ink inkPath: String, output outputPath: String,
                              options: ExportOptions = ExportOptions()) throws(ExportError) -> ExportReport {
        try InkInputs.refuseOverwritingInputs(output: outputPath, inputs: [inkPath] + (pdfPath.map { [$0] } ?? []))
        options.progress?.doing(.readingInk)
        let recognising = try InkRecognitionRun.start(languages: options.recognitionLanguages, ink: inkPath, format: options.inkFormat,
                                                      output: outputPath, progress: options.progress)
        let source = try InkSource.open(ink: inkPath, pdf: pdfPath, format: options.inkFormat, page: options.page,
                                        password: options.password, confinement: options.confinement,
                                        annotations: options.annotations, recognising: recognising)
        try recognising?.checkLoaded()
        guard let pdfPath = source.pdfPath else { throw .reading(.noPDFToKeep(inkFile: inkPath)) }
        if source.format == .pdfAnnotations, FileIdentity.sameFile(pdfPath, inkPath) { throw .opening(.ownAnnotationsAsInk(path: pdfPath)) }
        let layers = source.layers
        // Without qpdf's list of all pages where it can (`QPDFPageList`): only what rewrites the
        // document (arranging, removing pages) makes it. The walk drops what qpdf parsed as seldom
        // as the incremental update's own walk of the same file does, which sets the memory anyway.
        let pages = QPDFPageList(path: pdfPath, password: options.password, reopeningEvery: 256)
        options.progress?.doing(.openingPDF)
        let document = try pages.open()
        let pageCount = pages.pageCount(of: document)
        let input = try InkInputs.prepare(source, pdfPageCount: pageCount, selection: options.pages,
                                          onlyAnnotated: options.onlyAnnotated, ignoreMismatch: options.ignoreDocumentMismatch)
        // A document that shows the PDF's pages in their own order is laid over them in place;
        // one that inserts, repeats or reorders pages is arranged first (`arrange`).
        let arranged = source.plan.map { plan in
            plan.count != pageCount || plan.enumerated().contains { $1.background != .pdfPage($0 + 1) }
        } ?? false
        let kept = input.kept
        let inked = Set(layers.inkedPages)
        let plan = source.plan
        // Pages with strokes; their ink is written by the content writer, except on an imported
        // page whose text boxes or images lie over its ink (cairo draws that ink, under them).
        let inkPages = kept.filter { inked.contains($0) }
        let cairoInk = Set(inkPages.filter { page in plan?[page - 1].decorations.contains(where: \.liesOverInk) ?? false })
        // Pages cairo draws something for: paper, decorations (and that ink); every page for --ink-only.
        let cairoPages = options.inkOnly ? kept
            : kept.filter { page in !(plan?[page - 1].decorations.isEmpty ?? true) || source.pdfPage(ofOutputPage: page) == nil }
        let placements = Dictionary(uniqueKeysWithValues: Set(inkPages + cairoPages).map { number in
            if let pdfNumber = source.pdfPage(ofOutputPage: number) { return (number, InkOverlay.placement(of: pages.page(pdfNumber, of: document))) }
            let page = plan![number - 1]
            return (number, PagePlacement(mediaBox: [0, 0, page.width, page.height], cropBox: nil, rotate: 0, userUnit: nil))
        })
        let isEncrypted = document.isEncrypted
        document.releaseAllObjects()
        // Progress is counted in pages whose ink is laid over (--ink-only: every page drawn).
        options.progress?.begin(pages: options.inkOnly ? kept : Array(Set(inkPages + cairoPages)).sorted())
        // The ink's frame onto the page's default user space (in --ink-only, cairo's pages are displayed pages).
        func matrix(_ page: Int, displayed: Bool = false) -> [Double]? {
            let placement = placements[page]!
            let frame = Flattener.inkFrame(ofOutputPage: page, displayed: placement.displayedSize, plan: plan)
            if displayed { return frame.matrix }
            return InkContentWriter.concatenate(frame.matrix ?? [1, 0, 0, 1, 0, 0], placement.matrix)
        }
        // As annotations, the ink of every page goes on as annotations but where cairo draws
        // it (under an imported page's text boxes or images): that stays content.
        let asAnnotations = options.inkAs == .annotations && !options.inkOnly
        if asAnnotations, isEncrypted { throw .opening(.annotationsOnEncryptedPDF(path: pdfPath)) }
        let author: String? = if case .string(let name)? = layers.header.extra["author"], !name.isEmpty { name } else { nil }
        var requests: [PageInkFeed.Request] = []
        var annotationRequests: [PageInkFeed.Request] = []
        for page in inkPages {
            let frame = Flattener.inkFrame(ofOutputPage: page, displayed: placements[page]!.displayedSize, plan: plan)
            if cairoInk.contains(page) {
                requests.append(PageInkFeed.Request(page: page, form: .drawings(width: frame.width, height: frame.height)))
                continue
            }
            if asAnnotations {
                let annotationFrame = InkAnnotationBuilder.Frame(width: frame.width, height: frame.height, placement: matrix(page)!)
                annotationRequests.append(PageInkFeed.Request(page: page, form: .annotations(
                    frame: annotationFrame, grouping: options.annotationGrouping, author: author)))
            } else {
                requests.append(PageInkFeed.Request(page: page, form: .content(width: frame.width, height: frame.height)))
            }
        }

        let output = try AtomicOutput.reserve(outputPath)
        var sidecar: SidecarOutput?
        /// Another tool's document recognised: its layers with their words, beside the document kept as it is.
        var words: SidecarOutput?
        var stats = InkDrawingStats()
        do {
            if let digest = input.pdfSHA256 {
                let headerExtra = recognising.map { JSONObject([(key: Flattener.sourceKey, value: .object(JSONObject([$0.headerRecord])))]) }
                sidecar = try SidecarOutput.start(for: outputPath, ink: source.layersLinesPath, header: layers.header, pdfSHA256: digest,
                                                  pdfPageCount: pageCount, headerExtra: headerExtra ?? JSONObject(), wanted: options.writeSidecar,
                                                  forEmbedding: options.embedInk && !options.inkOnly)
            } else {
                sidecar = try SidecarOutput.start(for: outputPath, keeping: source, wanted: options.writeSidecar,
                                                  forEmbedding: options.embedInk && !options.inkOnly)
                words = try recognising.flatMap { (run) throws(ExportError) in
                    try SidecarOutput.start(for: outputPath, recognisedLayersOf: source, record: run.headerRecord, wanted: options.writeSidecar)
                }
            }
            // A document whose pages are all kept as they are: the original bytes, then an
            // incremental update with the ink, if any (measured the faster way, and any
            // signature over the original stays valid; without ink the copy is the original,
            // where qpdf's rewrite would hold a long manual's objects). Otherwise qpdf rewrites it.
            let incremental = !options.inkOnly && !arranged && !options.embedInk && !isEncrypted && cairoPages.isEmpty
                && kept == Array(1...pageCount)
            if options.inkOnly {
                let spool = try PageInkSpool(besides: outputPath, name: outputPath)
                let ink = try PageInkFeed(layers: layers, requests: requests, spool: spool, handwritingText: options.handwritingText,
                                          handwritingMinimumConfidence: options.handwritingMinimumConfidence,
                                          handwritingTextNote: options.handwritingTextNote)
                stats = try drawCairoPages(source: source, pages: kept, placements: placements, ink: ink,
                                           to: output.writablePath, name: outputPath, progress: options.progress)
                let textWarnings = try Flattener.appendInk(try ink.finish(), from: spool, to: output.writablePath, name: outputPath) { page in
                    (kept.firstIndex(of: page)! + 1, matrix(page, displayed: true))
                }
                stats.take(ink, notes: source.notes)
                stats.warnings += textWarnings
            } else if incremental, let made = try exportIncrementally(pdfPath, layers: layers, requests: requests + annotationRequests,
                                                                     to: output.writablePath, name: outputPath, matrix: { matrix($0) },
                                                                     header: asAnnotations ? try annotationHeader(layers) : nil,
                                                                     text: (options.handwritingText, options.handwritingTextNote, options.handwritingMinimumConfidence),
                                                                     progress: options.progress) {
                stats = made
                stats.warnings = source.notes + stats.warnings
                try checkReadsBack(output.writablePath, pageCount: kept.count, source: pdfPath, password: options.password,
                                   withPoppler: asAnnotations)
            } else {
                // qpdf rewrites the document. What cairo draws (paper, decorations) is an ink
                // PDF read while the output is written, removed when this scope ends. The ink's
                // content and annotations, and the embedded layers, are then appended to qpdf's
                // copy as an incremental update, so qpdf never holds them. Encrypted (the update
                // would have to be encrypted too), the content is spooled instead, as a PDF of
                // forms that qpdf copies from (and reads each form's data from only when it
                // writes it), and qpdf attaches the layers.
                let appendsContent = !isEncrypted
                let appended = (appendsContent ? requests.filter { !$0.isDrawings } : []) + annotationRequests
                let appendedPages = Set(appended.map(\.page))
                var cairoDocument: QPDFDocument?
                var cairoFile: AtomicOutput?
                let spool = appendsContent ? nil : try PageInkSpool(besides: outputPath, name: outputPath, asPDF: true)
                // The words of the pages whose ink cairo draws, appended with the rest (text only, `PageInkFeed`).
                let textSpool = appendsContent && options.handwritingText && !cairoInk.isEmpty
                    ? try PageInkSpool(besides: outputPath, name: outputPath) : nil
                let ink = try PageInkFeed(layers: layers, requests: requests.filter { !appendedPages.contains($0.page) },
                                          spool: spool ?? textSpool, handwritingText: options.handwritingText && (spool ?? textSpool) != nil,
                                          handwritingMinimumConfidence: options.handwritingMinimumConfidence,
                                          handwritingTextNote: appended.isEmpty ? options.handwritingTextNote : nil)
                if !cairoPages.isEmpty {
                    let file = try AtomicOutput.reserve(outputPath + ".ink.pdf")
                    let cairoPath = file.writablePath
                    cairoFile = consume file
                    stats = try drawCairoPages(source: source, pages: cairoPages, placements: placements, ink: ink,
                                               to: cairoPath, name: outputPath, progress: nil)
                    cairoDocument = try openInkPDF(cairoPath, name: outputPath)
                }
                let finished = try ink.finish()
                let spooled = spool == nil ? [:] : Dictionary(uniqueKeysWithValues: finished.map { ($0.page, $0) })
                let textOnly = textSpool.map { spool in (entries: finished, spool: spool) }
                FreedMemory.release()
                let inkStreams = if let spool, !spooled.isEmpty { try QPDFDocument(path: try spool.finishPDF(), password: nil) } else { nil as QPDFDocument? }
                if arranged {
                    try arrange(kept, of: source, in: document, inkPages: cairoPages, inkDocument: cairoDocument)
                }
                var overlay = InkOverlay(document: document, ink: cairoDocument)
                for (index, page) in kept.enumerated() {
                    // Arranged, the output's pages are already in place: page N of the output is kept page N.
                    let target = arranged ? index + 1 : page
                    if let cairoIndex = cairoPages.firstIndex(of: page), source.pdfPage(ofOutputPage: page) != nil {
                        try overlay.overlay(inkPage: cairoIndex + 1, onto: target, placement: placements[page]!)
                    }
                    if let entry = spooled[page], let inkStreams {
                        try overlay.overlay(entry, from: inkStreams, onto: target, matrix: matrix(page)!)
                    }
                    document.releaseAllObjects()
                    cairoDocument?.releaseAllObjects()
                    if (inked.contains(page) || cairoPages.contains(page)) && !appendedPages.contains(page) {
                        options.progress?.finished(page: page)
                    }
                }
                overlay.finish()
                stats.take(ink, notes: source.notes)
                if let warning = HandwritingWords.leftOutWarning(overlay.handwritingWordsLeftOut) { stats.warnings.append(warning) }
                if !arranged { try PageRemoval.keep(kept, in: document) }
                let embedded = options.embedInk ? sidecar : nil
                if let embedded {
                    let fileName = (embedded.destination as NSString).lastPathComponent
                    if appendsContent {
                        EmbeddedInk.attachPlaceholder(fileName: fileName, to: document)
                    } else {
                        try embedded.wait()
                        let bytes = try readFile(embedded.writablePath, name: embedded.destination)
                        try EmbeddedInk.attach(bytes, fileName: fileName, date: stats.latestInkTime.map(EmbeddedInk.pdfDate), to: document)
                    }
                    document.releaseAllObjects()
                }
                try document.write(to: output.writablePath, name: outputPath)
                // What qpdf holds of the documents goes before the ink is appended.
                document.close()
                inkStreams?.close()
                cairoDocument?.close()
                // qpdf's copy must read back before anything is appended to it (from some damaged
                // sources qpdf writes a file it cannot read). The placeholder it wrote for the layers
                // is replaced once the ink is appended.
                let written = try readBack(output.writablePath, pageCount: kept.count, source: pdfPath, password: options.password)
                let placeholder = appendsContent && embedded != nil ? try attachedStream(in: written, name: outputPath) : nil
                written.close()
                FreedMemory.release()
                if !appended.isEmpty || placeholder != nil || !(textOnly?.entries.isEmpty ?? true) {
                    // The rewritten document's pages are the kept ones in order.
                    let outputPages = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0 + 1) })
                    let cairoInkTime = stats.latestInkTime
                    let made = try appendInk(layers: layers, requests: appended, to: output.writablePath, name: outputPath,
                                             matrix: { matrix($0) }, header: asAnnotations ? try annotationHeader(layers) : nil,
                                             text: (options.handwritingText, options.handwritingTextNote, options.handwritingMinimumConfidence), textOnly: textOnly,
                                             outputPage: { outputPages[$0]! }, progress: options.progress) { (update, made) throws(ExportError) in
                        guard let placeholder, let embedded else { return }
                        try embedded.wait()
                        let date = [cairoInkTime, made.latestInkTime].compactMap { $0 }.max().map(EmbeddedInk.pdfDate)
                        try attachLayers(embedded.writablePath, as: placeholder, date: date, to: &update, name: outputPath)
                    }
                    stats.strokes += made.strokes
                    stats.warnings += made.warnings
                    stats.latestInkTime = [stats.latestInkTime, made.latestInkTime].compactMap { $0 }.max()
                }
                if !appended.isEmpty || placeholder != nil || !(textOnly?.entries.isEmpty ?? true) {
                    try checkReadsBack(output.writablePath, pageCount: kept.count, source: pdfPath, password: options.password,
                                       withPoppler: asAnnotations)
                }
                // The spools (read while writing) are released here, before the spool's file goes.
                withExtendedLifetime((spool, textSpool)) {}
                cairoFile.take()?.abandon()
            }
            options.progress?.doing(.writing)
            try sidecar?.wait()
            try words?.wait()
            try output.checkPDFWhole(password: options.password, keepingWarningsOf: pdfPath)
        } catch {
            sidecar?.abandon()
            words?.abandon()
            throw error
        }
        try SidecarOutput.commit(output, with: sidecar, words)
        return ExportReport(output: outputPath, sidecar: sidecar?.isKept == true ? sidecar?.destination : nil,
                            pageCount: kept.count, inkedPageCount: input.inkedKept.count, strokeCount: stats.strokes,
                            embeddedInk: options.embedInk && !options.inkOnly, warnings: stats.warnings,
                            recognisedText: words?.destination, summary: source.summary)
    }

    /// Puts the document's pages in the order `kept` shows them: PDF pages no kept page
    /// shows are removed (with the links and outline entries that led to them), a PDF
    /// page shown again is a copy, and a page of paper is the ink PDF's own page
    /// (drawn with its paper and ink).
    private static func arrange(_ kept: [Int], of source: InkSource, in document: QPDFDocument, inkPages: [Int],
                                inkDocument: QPDFDocument?) throws(ExportError) {
        let shown = Array(Set(kept.compactMap { source.pdfPage(ofOutputPage: $0) })).sorted()
        let references = Dictionary(uniqueKeysWithValues: shown.map { ($0, document.page($0).reference) })
        try PageRemoval.keep(shown, in: document)
        document.releaseAllObjects()
        for number in (1...document.pageCount).reversed() {
            try document.removingPage(document.page(number))
            document.releaseAllObjects()
        }
        for page in kept {
            if let pdfNumber = source.pdfPage(ofOutputPage: page) {
                guard let reference = references[pdfNumber] ?? nil else {
                    throw .opening(.damagedPDF(path: document.path, reason: "page \(pdfNumber) is not an indirect object"))
                }
                try document.addingPage(document.object(id: reference.id, generation: reference.generation))
            } else if let inkDocument, let index = inkPages.firstIndex(of: page) {
                try document.addingPage(inkDocument.page(index + 1), from: inkDocument)
            }
            document.releaseAllObjects()
            inkDocument?.releaseAllObjects()
        }
    }

    struct InkDrawingStats {
        var strokes = 0
        var warnings: [String] = []
        var latestInkTime: Double?

        /// Adds the feed's counts (once it has finished) to what cairo's pages warned of.
        mutating func take(_ ink: PageInkFeed, notes: [String]) {
            strokes = ink.strokeCount
            warnings = notes + ink.warnings + warnings
            latestInkTime = ink.latestInkTime
        }
    }

    /// Appends the ink to a copy of `pdfPath` at `path` as an incremental update:
    /// the original bytes stay as they are. Nil when the PDF cannot be appended to
    /// as it is (qpdf would have to repair it, a page is not an object of the
    /// file, its page tree reaches a node twice): the caller rewrites it with qpdf instead.
    private static func exportIncrementally(_ pdfPath: String, layers: any PageLayerSource, requests: [PageInkFeed.Request],
                                            to path: String, name: String, matrix: (Int) -> [Double]?, header: [UInt8]?,
                                            text: (write: Bool, note: String?, minimum: Double), progress: PageProgress?) throws(ExportError) -> InkDrawingStats? {
        var update: IncrementalUpdate
        do {
            update = try IncrementalUpdate(original: pdfPath, output: path)
        } catch .unreadablePDF, .encrypted {
            return nil
        } catch {
            throw ExportError(appending: error, name: name)
        }
        guard let stats = try append(requests, layers: layers, to: &update, outputPage: { $0 }, matrix: matrix, header: header,
                                     text: text, name: name, progress: progress) else { return nil }
        do { try update.finish() } catch { throw ExportError(appending: error, name: name) }
        return stats
    }

    /// Appends the ink of `requests` (content placed by `matrix`, or annotations) to the PDF
    /// at `path` (qpdf's rewrite, whose page `outputPage(N)` shows page N of the ink) as an
    /// incremental update.
    /// `then` adds more to the update once the ink is in, given what was made.
    private static func appendInk(layers: any PageLayerSource, requests: [PageInkFeed.Request], to path: String,
                                  name: String, matrix: (Int) -> [Double]?, header: [UInt8]?, text: (write: Bool, note: String?, minimum: Double),
                                  textOnly: (entries: [PageInkSpool.Entry], spool: PageInkSpool)? = nil,
                                  outputPage: (Int) -> Int,
                                  progress: PageProgress?,
                                  then: (inout IncrementalUpdate, InkDrawingStats) throws(ExportError) -> Void = { _, _ in })
        throws(ExportError) -> InkDrawingStats {
        try IncrementalUpdate.appendStaged(to: path, name: name) { (update) throws(ExportError) in
            guard let stats = try append(requests, layers: layers, to: &update, outputPage: outputPage, matrix: matrix,
                                         header: header, text: text, textOnly: textOnly, name: name, progress: progress) else {
                throw .opening(.damagedPDF(path: name, reason: "a page of qpdf's rewrite is not an object of the file"))
            }
            try then(&update, stats)
            return stats
        }
    }

    /// The object number of the attached layers' stream in `written`, the PDF qpdf wrote for `name`.
    private static func attachedStream(in written: QPDFDocument, name: String) throws(ExportError) -> Int {
        guard let reference = try EmbeddedInk.attachedStream(in: written).reference else {
            throw .drawing(.renderFailed(path: name, page: nil, reason: "qpdf wrote the embedded layers as a direct object"))
        }
        return Int(reference.id)
    }

    /// Replaces the stream `id` (`EmbeddedInk.attachPlaceholder`) with the gzip layers file at
    /// `path`, copied in pieces: the embedded layers, never held in memory whole.
    private static func attachLayers(_ path: String, as id: Int, date: String?, to update: inout IncrementalUpdate,
                                     name: String) throws(ExportError) {
        let digest: (digest: [UInt8], size: Int)
        do { digest = try FileDigest.digest(.md5, ofFileAt: path) } catch {
            throw .writing(.writeFailed(path: name, reason: "cannot read the layers back to attach them (\(error))"))
        }
        do {
            try update.replaceStream(id, dictionary: EmbeddedInk.streamDictionary(size: digest.size, checksum: digest.digest, date: date),
                                     contentsOf: path, length: digest.size)
        } catch {
            throw ExportError(appending: error, name: name)
        }
    }

    /// Makes the ink of `requests` (the producer's threads make each page's content or
    /// annotations; this thread appends them in order) and adds each page's to `update`,
    /// on page `outputPage(N)`, then the spooled words of the pages whose ink cairo drew (`textOnly`).
    /// Nil when a page is not an object of the file.
    private static func append(_ requests: [PageInkFeed.Request], layers: any PageLayerSource, to update: inout IncrementalUpdate,
                               outputPage: (Int) -> Int, matrix: (Int) -> [Double]?, header: [UInt8]?, text: (write: Bool, note: String?, minimum: Double),
                               textOnly: (entries: [PageInkSpool.Entry], spool: PageInkSpool)? = nil,
                               name: String, progress: PageProgress?) throws(ExportError) -> InkDrawingStats? {
        let ink = try PageInkFeed(layers: layers, requests: requests, handwritingText: text.write, handwritingMinimumConfidence: text.minimum,
                                  handwritingTextNote: text.note)
        for request in requests {
            let made = try ink.made(ofPage: request.page)
            let target = outputPage(request.page)
            do {
                switch made {
                case .content(let content)?: try update.addInk(content, toPage: target, matrix: matrix(request.page))
                case .annotations(let annotations)?: try update.addAnnotations(annotations, toPage: target, header: header)
                default: continue
                }
                progress?.finished(page: request.page)
            } catch .pageNotInFile {
                return nil
            } catch {
                throw ExportError(appending: error, name: name)
            }
        }
        _ = try ink.finish()
        for entry in textOnly?.entries ?? [] {
            let content = try textOnly!.spool.content(entry)
            do {
                try update.addInk(content, toPage: outputPage(entry.page), matrix: matrix(entry.page))
            } catch .pageNotInFile {
                return nil
            } catch {
                throw ExportError(appending: error, name: name)
            }
        }
        var stats = InkDrawingStats()
        stats.take(ink, notes: [])
        if let warning = HandwritingWords.leftOutWarning(update.handwritingWordsLeftOut) { stats.warnings.append(warning) }
        return stats
    }

    /// The ink-layers header line, deflated: `/InkPDF:Header` of the annotations.
    private static func annotationHeader(_ layers: any PageLayerSource) throws(ExportError) -> [UInt8] {
        do {
            return InkContentCompression.deflate(try layers.header.encodedLine(file: layers.displayName), level: InkContentCompression.inkLevel)
        } catch {
            throw Flattener.exportError(from: error, path: layers.displayName)
        }
    }

    /// Draws with cairo one page per entry of `pages`, sized as `placements` say:
    /// an imported page's paper and decorations, and the ink of `.drawings` pages
    /// (under the decorations over it). Returns cairo's warnings.
    private static func drawCairoPages(source: InkSource, pages: [Int], placements: [Int: PagePlacement], ink: PageInkFeed,
                                       to path: String, name: String, progress: PageProgress?) throws(ExportError) -> InkDrawingStats {
        let first = placements[pages[0]]!.displayedSize
        let writer = try CairoPDFWriter(path: path, name: name, width: first.width, height: first.height)
        writer.setMetadata(.createDate, "")
        var warnings: [String] = []
        for page in pages {
            let size = placements[page]!.displayedSize
            writer.beginPage(width: size.width, height: size.height)
            let planned = source.plan?[page - 1]
            try writer.withContext { (context) throws(ExportError) in
                warnings += DecorationPainter.drawPaper(of: planned, width: size.width, height: size.height, page: page, on: context)
                warnings += try DecorationPainter.drawInk(of: planned, width: size.width, height: size.height, page: page,
                                                          on: context) { () throws(ExportError) in
                    try ink.drawInk(ofPage: page, on: context)
                }
            }
            try writer.endPage()
            progress?.finished(page: page)
        }
        try writer.finish()
        try CairoPDFWriter.widenWholePointClips(writer.wholePointClips, in: path, name: name)
        return InkDrawingStats(warnings: warnings)
    }

    private static func openInkPDF(_ path: String, name: String) throws(ExportError) -> QPDFDocument {
        do {
            return try QPDFDocument(path: path, password: nil)
        } catch {
            throw .drawing(.renderFailed(path: name, page: nil, reason: "the ink drawn cannot be read back (\(error))"))
        }
    }

    private static func readFile(_ path: String, name: String) throws(ExportError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .writing(.writeFailed(path: name, reason: "cannot read it back to attach it"))
        }
        return [UInt8](data)
    }

    /// qpdf can write an unreadable file from some damaged sources (measured on a
    /// file with a broken trailer): the copy must read back, with its pages, before
    /// it replaces anything.
    ///
    /// `withPoppler`: an incremental update of annotations, three objects a stroke, is read back
    /// with poppler, whose cross-reference table takes a fraction of qpdf's (with a dense page of
    /// annotations on every page, qpdf's opening of the copy was the export's peak, far above the
    /// writing's).
    private static func checkReadsBack(_ path: String, pageCount: Int, source: String, password: String?,
                                       withPoppler: Bool = false) throws(ExportError) {
        // What the drawing freed goes back first: the reader's tables are mapped afresh and
        // would otherwise add to it (with many annotations, at the export's peak).
        FreedMemory.release()
        if withPoppler {
            let count: Int
            do { count = try PDFDocument.open(path: path, password: password).pageCount } catch {
                throw .opening(.damagedPDF(path: source, reason: "the copy with the annotations appended does not read back (\(error))"))
            }
            guard count == pageCount else {
                throw .opening(.damagedPDF(path: source, reason: "the copy with the annotations appended has \(count) pages, not \(pageCount)"))
            }
            return
        }
        try readBack(path, pageCount: pageCount, source: source, password: password).close()
    }

    /// The copy at `path` opened with qpdf, once it is known to have `pageCount` pages.
    private static func readBack(_ path: String, pageCount: Int, source: String, password: String?) throws(ExportError) -> QPDFDocument {
        // Counted without qpdf's list of all pages where it can be (see `export`).
        let pages = QPDFPageList(path: path, password: password, reopeningEvery: 256)
        let copy: QPDFDocument
        do {
            copy = try pages.open()
        } catch {
            throw .opening(.damagedPDF(path: source, reason: "qpdf could not write a readable copy of it"))
        }
        let count = pages.pageCount(of: copy)
        guard count == pageCount else {
            throw .opening(.damagedPDF(path: source, reason: "the copy qpdf wrote has \(count) pages, not \(pageCount)"))
        }
        return copy
    }
}
