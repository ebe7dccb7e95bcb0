import InkFileSystem
import CCairo
import Foundation
import InkModel
import InkRendering

/// Exports a PDF with its ink laid over the original pages, keeping the
/// whole document: every object of the source (outline, links, forms,
/// annotations, metadata, labels, attachments, structure) stays, and pages
/// without ink are left exactly as they were.
///
/// Two passes, each in bounded memory:
/// 1. the inked pages' ink is drawn by cairo into an ink-only PDF, one page
///    at a time, streamed to a temporary file beside the output (the ink of
///    the next pages is read on a second thread, as in flatten);
/// 2. qpdf opens the source and the ink PDF, lays each ink page over its
///    page (`InkOverlay`), drops pages left out (`PageRemoval`), attaches the
///    layers if asked, and writes the result with a deterministic `/ID`.
///    Stream data is copied as it is, never decoded, and object handles are
///    released after every page, so memory is qpdf's object table.
public enum Exporter {
    /// Exports `ink` laid over `pdf` (or, for another tool's document, over the PDF it
    /// names when `pdf` is nil), keeping the PDF's objects.
    public static func export(pdf pdfPath: String?, ink inkPath: String, output outputPath: String,
                              options: ExportOptions = ExportOptions()) throws(ExportError) -> ExportReport {
        try InkInputs.refuseOverwritingInputs(output: outputPath, inputs: [inkPath] + (pdfPath.map { [$0] } ?? []))
        let source = try InkSource.open(ink: inkPath, pdf: pdfPath, format: options.inkFormat, page: options.page,
                                        password: options.password)
        guard let pdfPath = source.pdfPath else { throw .noPDFToKeep(inkFile: inkPath) }
        let layers = source.layers
        let document = try QPDFDocument(path: pdfPath, password: options.password)
        let pageCount = document.pageCount
        let input = try InkInputs.prepare(source, pdfPageCount: pageCount, selection: options.pages,
                                          onlyAnnotated: options.onlyAnnotated, ignoreMismatch: options.ignoreDocumentMismatch)
        // A document that shows the PDF's pages in their own order is laid over them in place;
        // one that inserts, repeats or reorders pages is arranged first (`arrange`).
        let arranged = source.plan.map { plan in
            plan.count != pageCount || plan.enumerated().contains { $1.background != .pdfPage($0 + 1) }
        } ?? false
        let kept = input.kept
        let inked = Set(layers.inkedPages)
        let inkedKept = source.plan == nil ? input.inkedKept
            : kept.filter { inked.contains($0) || !source.plan![$0 - 1].decorations.isEmpty || source.pdfPage(ofOutputPage: $0) == nil }
        let drawnPages = options.inkOnly ? kept : inkedKept
        options.progress?.begin(pages: drawnPages)
        let placements = drawnPages.map { number in
            if let pdfNumber = source.pdfPage(ofOutputPage: number) { return InkOverlay.placement(of: document.page(pdfNumber)) }
            let page = source.plan![number - 1]
            return PagePlacement(mediaBox: [0, 0, page.width, page.height], cropBox: nil, rotate: 0, userUnit: nil)
        }
        document.releaseAllObjects()

        let output = try AtomicOutput.reserve(outputPath)
        var sidecar: SidecarOutput?
        let stats: InkDrawingStats
        do {
            if let digest = input.pdfSHA256 {
                sidecar = try SidecarOutput.start(for: outputPath, ink: inkPath, header: layers.header, pdfSHA256: digest,
                                                  pdfPageCount: pageCount, headerExtra: JSONObject(), wanted: options.writeSidecar,
                                                  forEmbedding: options.embedInk && !options.inkOnly)
            } else {
                sidecar = try SidecarOutput.start(for: outputPath, keeping: source, wanted: options.writeSidecar,
                                                  forEmbedding: options.embedInk && !options.inkOnly)
            }
            if options.inkOnly {
                stats = try drawInk(source: source, pages: drawnPages, inkedPages: inkedKept, placements: placements,
                                    to: output.writablePath, name: outputPath, progress: options.progress)
            } else {
                var inkDocument: QPDFDocument?
                // The ink-only PDF: read while the output is written, removed when this scope ends.
                var inkFile: AtomicOutput?
                var inkPDF: String?
                if !inkedKept.isEmpty {
                    let file = try AtomicOutput.reserve(outputPath + ".ink.pdf")
                    inkPDF = file.writablePath
                    inkFile = consume file
                }
                if let inkPath = inkPDF {
                    stats = try drawInk(source: source, pages: drawnPages, inkedPages: inkedKept, placements: placements,
                                        to: inkPath, name: outputPath, progress: options.progress)
                    inkDocument = try openInkPDF(inkPath, name: outputPath)
                } else {
                    stats = InkDrawingStats()
                }
                if arranged {
                    try arrange(kept, of: source, in: document, inkPages: drawnPages, inkDocument: inkDocument)
                }
                if let inkDocument {
                    var overlay = InkOverlay(document: document, ink: inkDocument)
                    for (index, page) in inkedKept.enumerated() where source.pdfPage(ofOutputPage: page) != nil {
                        // Arranged, the output's pages are already in place: page N of the output is kept page N.
                        let target = arranged ? kept.firstIndex(of: page)! + 1 : page
                        try overlay.overlay(inkPage: index + 1, onto: target, placement: placements[index])
                        document.releaseAllObjects()
                        inkDocument.releaseAllObjects()
                    }
                }
                if !arranged { try PageRemoval.keep(kept, in: document) }
                if options.embedInk, let sidecar {
                    try sidecar.wait()
                    let bytes = try readFile(sidecar.writablePath, name: sidecar.destination)
                    try EmbeddedInk.attach(bytes, fileName: (sidecar.destination as NSString).lastPathComponent,
                                       date: stats.latestInkTime.map(EmbeddedInk.pdfDate), to: document)
                    document.releaseAllObjects()
                }
                try document.write(to: output.writablePath, name: outputPath)
                try checkReadsBack(output.writablePath, pageCount: kept.count, source: pdfPath, password: options.password)
                // inkDocument (read while writing) is released here, before its file goes.
                withExtendedLifetime(inkDocument) {}
                inkFile.take()?.abandon()
            }
            try sidecar?.wait()
        } catch {
            sidecar?.abandon()
            throw error
        }
        try SidecarOutput.commit(output, with: sidecar)
        return ExportReport(output: outputPath, sidecar: sidecar?.isKept == true ? sidecar?.destination : nil,
                            pageCount: kept.count, inkedPageCount: inkedKept.count, strokeCount: stats.strokes,
                            embeddedInk: options.embedInk && !options.inkOnly, warnings: stats.warnings)
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
            try document.removePage(document.page(number))
            document.releaseAllObjects()
        }
        for page in kept {
            if let pdfNumber = source.pdfPage(ofOutputPage: page) {
                guard let reference = references[pdfNumber] ?? nil else {
                    throw .damagedPDF(path: document.path, reason: "page \(pdfNumber) is not an indirect object")
                }
                try document.addPage(document.object(id: reference.id, generation: reference.generation))
            } else if let inkDocument, let index = inkPages.firstIndex(of: page) {
                try document.addPage(inkDocument.page(index + 1), from: inkDocument)
            }
            document.releaseAllObjects()
            inkDocument?.releaseAllObjects()
        }
    }

    struct InkDrawingStats {
        var strokes = 0
        var warnings: [String] = []
        var latestInkTime: Double?
    }

    /// Draws an ink-only PDF: one page per entry of `pages`, sized as
    /// `placements` say, with the ink of those in `inkedPages`.
    private static func drawInk(source: InkSource, pages: [Int], inkedPages: [Int], placements: [PagePlacement],
                                to path: String, name: String, progress: PageProgress?) throws(ExportError) -> InkDrawingStats {
        let first = placements[0].displayedSize
        let writer = try CairoPDFWriter(path: path, name: name, width: first.width, height: first.height)
        writer.setMetadata(CAIRO_PDF_METADATA_CREATE_DATE, "")
        let ink = try PageInkFeed(layers: source.layers, pages: inkedPages.filter { Set(source.layers.inkedPages).contains($0) })
        var warnings: [String] = []
        for (page, placement) in zip(pages, placements) {
            let size = placement.displayedSize
            writer.beginPage(width: size.width, height: size.height)
            let planned = source.plan?[page - 1]
            try writer.withUnsafeHandle { (context) throws(ExportError) in
                if let planned, case .paper(let paper) = planned.background {
                    PaperPainter.draw(paper, width: size.width, height: size.height, on: context)
                    if let image = paper.image,
                       !DecorationPainter.drawImage(image, in: Decoration(layer: 0, x: 0, y: 0, width: size.width, height: size.height,
                                                                         content: .image(image)), on: context) {
                        warnings.append("page \(page): the background image is neither PNG nor PDF; plain paper is drawn")
                    }
                }
                cairo_save(context)
                if let planned, planned.width > 0, planned.height > 0,
                   abs(planned.width - size.width) > 0.01 || abs(planned.height - size.height) > 0.01 {
                    cairo_scale(context, size.width / planned.width, size.height / planned.height)
                }
                if let planned { DecorationPainter.drawUnderInk(planned.decorations, on: context) }
                try ink.drawInk(ofPage: page, on: context)
                if let planned {
                    warnings += DecorationPainter.drawOverInk(planned.decorations, on: context).map { "page \(page): \($0)" }
                }
                cairo_restore(context)
            }
            try writer.endPage()
            progress?.finished(page: page)
        }
        try writer.finish()
        return InkDrawingStats(strokes: ink.strokeCount, warnings: source.notes + ink.warnings + warnings, latestInkTime: ink.latestInkTime)
    }

    private static func openInkPDF(_ path: String, name: String) throws(ExportError) -> QPDFDocument {
        do {
            return try QPDFDocument(path: path, password: nil)
        } catch {
            throw .renderFailed(path: name, page: nil, reason: "the ink drawn cannot be read back (\(error))")
        }
    }

    private static func readFile(_ path: String, name: String) throws(ExportError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .writeFailed(path: name, reason: "cannot read it back to attach it")
        }
        return [UInt8](data)
    }

    /// qpdf can write an unreadable file from some damaged sources (measured on a
    /// file with a broken trailer): the copy must read back, with its pages, before
    /// it replaces anything.
    private static func checkReadsBack(_ path: String, pageCount: Int, source: String, password: String?) throws(ExportError) {
        let copy: QPDFDocument
        do {
            copy = try QPDFDocument(path: path, password: password)
        } catch {
            throw .damagedPDF(path: source, reason: "qpdf could not write a readable copy of it")
        }
        guard copy.pageCount == pageCount else {
            throw .damagedPDF(path: source, reason: "the copy qpdf wrote has \(copy.pageCount) pages, not \(pageCount)")
        }
    }
}
