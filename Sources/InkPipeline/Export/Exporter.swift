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
    public static func export(pdf pdfPath: String, ink inkPath: String, output outputPath: String,
                              options: ExportOptions = ExportOptions()) throws(ExportError) -> ExportReport {
        try InkInputs.refuseOverwritingInputs(output: outputPath, inputs: [pdfPath, inkPath])
        let layers = try InkInputs.openInk(inkPath)
        let document = try QPDFDocument(path: pdfPath, password: options.password)
        let pageCount = document.pageCount
        let digest = try InkInputs.checkInk(layers, ink: inkPath, pdf: pdfPath, pageCount: pageCount,
                                            ignoreMismatch: options.ignoreDocumentMismatch)
        let kept = try InkInputs.keptPages(selection: options.pages, onlyAnnotated: options.onlyAnnotated,
                                           pageCount: pageCount, inkedPages: layers.inkedPages, pdf: pdfPath)
        let keptSet = Set(kept)
        let inkedKept = layers.inkedPages.filter { keptSet.contains($0) }
        let drawnPages = options.inkOnly ? kept : inkedKept
        options.progress?.begin(pages: drawnPages)
        let placements = drawnPages.map { InkOverlay.placement(of: document.page($0)) }
        document.releaseAllObjects()

        let output = try AtomicOutput.reserve(outputPath)
        var sidecar: SidecarOutput?
        let stats: InkDrawingStats
        do {
            sidecar = try SidecarOutput.start(for: outputPath, ink: inkPath, header: layers.header, pdfSHA256: digest,
                                              pdfPageCount: pageCount, headerExtra: JSONObject(), wanted: options.writeSidecar,
                                              forEmbedding: options.embedInk && !options.inkOnly)
            if options.inkOnly {
                stats = try drawInk(layers: layers, pages: drawnPages, inkedPages: inkedKept, placements: placements,
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
                    stats = try drawInk(layers: layers, pages: drawnPages, inkedPages: inkedKept, placements: placements,
                                        to: inkPath, name: outputPath, progress: options.progress)
                    inkDocument = try openInkPDF(inkPath, name: outputPath)
                } else {
                    stats = InkDrawingStats()
                }
                if let inkDocument {
                    var overlay = InkOverlay(document: document, ink: inkDocument)
                    for (index, page) in inkedKept.enumerated() {
                        try overlay.overlay(inkPage: index + 1, onto: page, placement: placements[index])
                        document.releaseAllObjects()
                        inkDocument.releaseAllObjects()
                    }
                }
                try PageRemoval.keep(kept, in: document)
                if options.embedInk, let sidecar {
                    try sidecar.wait()
                    let bytes = try readFile(sidecar.writablePath, name: sidecar.destination)
                    EmbeddedInk.attach(bytes, fileName: (sidecar.destination as NSString).lastPathComponent,
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
        // The output goes in place first; a sidecar that then fails is removed, the output stays.
        do {
            try output.commitForExport()
            try sidecar?.commit()
        } catch {
            sidecar?.abandon()
            throw error
        }
        return ExportReport(output: outputPath, sidecar: sidecar?.isKept == true ? sidecar?.destination : nil,
                            pageCount: kept.count, inkedPageCount: inkedKept.count, strokeCount: stats.strokes,
                            embeddedInk: options.embedInk && !options.inkOnly, warnings: stats.warnings)
    }

    struct InkDrawingStats {
        var strokes = 0
        var warnings: [String] = []
        var latestInkTime: Double?
    }

    /// Draws an ink-only PDF: one page per entry of `pages`, sized as
    /// `placements` say, with the ink of those in `inkedPages`.
    private static func drawInk(layers: PageOrderedLayers, pages: [Int], inkedPages: [Int], placements: [PagePlacement],
                                to path: String, name: String, progress: PageProgress?) throws(ExportError) -> InkDrawingStats {
        let first = placements[0].displayedSize
        let writer = try CairoPDFWriter(path: path, name: name, width: first.width, height: first.height)
        writer.setMetadata(CAIRO_PDF_METADATA_CREATE_DATE, "")
        let ink = try PageInkFeed(layers: layers, pages: inkedPages)
        for (page, placement) in zip(pages, placements) {
            let size = placement.displayedSize
            writer.beginPage(width: size.width, height: size.height)
            try ink.drawInk(ofPage: page, on: writer.context)
            try writer.endPage()
            progress?.finished(page: page)
        }
        try writer.finish()
        return InkDrawingStats(strokes: ink.strokeCount, warnings: ink.warnings, latestInkTime: ink.latestInkTime)
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
