import LibPoppler
import Foundation
import InkFileSystem
import InkImport
import InkModel
import InkRecognition

/// Converts any ink file inkpdf reads into an ink-layers file: every stroke with
/// every value it had (what ink-layers has no field for stays under the
/// importer's extension key), and a report of what ink-layers cannot hold.
///
/// Ink-layers pages are pages of a PDF: ink over PDF page N goes to page N.
/// A document with a PDF keeps only the ink over its PDF's pages (paper pages it
/// inserts are listed as left out; the ink of a PDF page shown twice is joined);
/// a notebook without a PDF numbers its pages in order.
public enum Converter {
    public static func convert(ink inkPath: String, pdf pdfPath: String?, output outputPath: String,
                               options: ConvertOptions = ConvertOptions()) throws(ExportError) -> ConvertReport {
        try InkInputs.refuseOverwritingInputs(output: outputPath, inputs: [inkPath] + (pdfPath.map { [$0] } ?? []))
        // The models are loaded before anything is read or written: a missing one is told first.
        let recognition = try options.recognition.map { (options) throws(ExportError) in try LayerRecognition(options: options) }
        recognition?.progress = options.progress
        options.progress?.doing(.readingInk)
        if pdfPath.map({ FileIdentity.sameFile($0, inkPath) }) ?? true, FileManager.default.fileExists(atPath: inkPath),
           (options.inkFormat ?? InkImporter.detectFormat(path: inkPath)) == .pdfAnnotations {
            return try convertAnnotations(of: inkPath, output: outputPath, options: options, recognition: recognition)
        }
        let source = try InkSource.open(ink: inkPath, pdf: pdfPath, format: options.inkFormat, page: options.page,
                                        password: options.password, confinement: options.confinement,
                                        keepsRawValues: true, annotations: options.annotations)
        var header = source.layers.header
        var pdfPageCount: Int?
        if let pdf = source.pdfPath {
            let document = try PDFDocument.open(path: pdf, password: options.password)
            pdfPageCount = document.pageCount
            try source.checkPlan(pdfPageCount: document.pageCount, pdf: pdf)
            header.pdfPageCount = document.pageCount
            header.pdfSHA256 = try ExportError.sha256(ofFileAt: pdf)
        }
        // Which output pages go where: (ink-layers page, output page).
        var placements: [(page: Int, from: Int)] = []
        var notes = source.summary + source.notes
        if let plan = source.plan {
            var paperPages = 0, repeated = 0, decorated = 0
            var seen = Set<Int>()
            for (index, page) in plan.enumerated() {
                decorated += page.decorations.count
                switch page.background {
                case .pdfPage(let number):
                    if !seen.insert(number).inserted { repeated += 1 }
                    placements.append((number, index + 1))
                case .paper:
                    if pdfPageCount == nil { placements.append((index + 1, index + 1)) } else { paperPages += 1 }
                }
            }
            if paperPages > 0 {
                notes.append("\(paperPages) inserted page\(paperPages == 1 ? "" : "s") without a PDF page left out (ink-layers pages are pages of the PDF; flatten keeps them)")
            }
            if repeated > 0 {
                notes.append("\(repeated) repeated PDF page\(repeated == 1 ? "" : "s"): their ink is joined on the one PDF page")
            }
            if decorated > 0 {
                notes.append("\(decorated) text box\(decorated == 1 ? "" : "es"), image\(decorated == 1 ? "" : "s") or fill\(decorated == 1 ? "" : "s") not carried (ink-layers holds strokes; flatten draws them)")
            }
            if pdfPageCount == nil {
                // A notebook: it has no PDF to flatten over, so the way to a PDF is flattening the notebook itself.
                notes.append("a notebook without a PDF: its \(plan.count) page\(plan.count == 1 ? " is" : "s are") numbered in order; 'inkpdf flatten \(inkPath) -o OUT.pdf' makes a PDF of it")
            }
        } else {
            placements = source.layers.inkedPages.map { ($0, $0) }
        }
        let byOutput = Set(source.layers.inkedPages)
        var strokes = 0, pages = Set<Int>()
        let output = try AtomicOutput.reserve(outputPath)
        do {
            let writer = try InkLayersWriter(path: output.writablePath, compressionLevel: options.compressionLevel)
            try writer.write(header: header)
            let order = placements.sorted(by: { ($0.page, $0.from) < ($1.page, $1.from) }).filter { byOutput.contains($0.from) }
            // The pages, each told when its layers are written (recognised): the live line's count and time left.
            recognition?.reportsPages = false
            options.progress?.begin(pages: order.map(\.from))
            for (page, from) in order {
                for var layer in try LayersRevision.namingLastGoodRevision({ try source.layers.layers(forPage: from) }) {
                    layer.page = page
                    recognition?.recognise(&layer)
                    strokes += layer.strokes.count
                    pages.insert(page)
                    try writer.write(layer: layer)
                }
                options.progress?.finished(page: from)
            }
            options.progress?.doing(.writing)
            try writer.close()
        } catch let error as ExportError {
            throw error
        } catch {
            throw Flattener.exportError(from: error, path: outputPath)
        }
        try output.commitForExport()
        var report = ConvertReport(output: outputPath, format: source.format, pageCount: pages.count, strokeCount: strokes, notes: notes)
        report.recognisedLayers = recognition?.layers ?? 0
        report.recognisedWords = recognition?.words ?? 0
        return report
    }

    /// A PDF's annotations over the PDF itself: read straight into the output (what
    /// `InkSource` would give, without the ink-layers file it writes and parses again).
    private static func convertAnnotations(of pdf: String, output outputPath: String,
                                           options: ConvertOptions, recognition: LayerRecognition?) throws(ExportError) -> ConvertReport {
        let output = try AtomicOutput.reserve(outputPath)
        let writer: CountingSink
        do {
            writer = CountingSink(try InkLayersWriter(path: output.writablePath, compressionLevel: options.compressionLevel), recognition: recognition)
        } catch {
            throw Flattener.exportError(from: error, path: outputPath)
        }
        // Encoded and compressed on the other core while qpdf reads the next pages.
        let background = BackgroundLayerSink(writer)
        // A write that failed before a reading error is the one told.
        let read = try background.reading({ () throws(ExportError) in
            var headerError: ExportError?
            do throws(AnnotationReadError) {
                return try PDFAnnotationReader.read(pdf: pdf, password: options.password, into: background, sinkPath: outputPath,
                                                    visibility: options.annotations) { stored, pageCount in
                    var header = stored
                    header.pdfPageCount = pageCount
                    do throws(ExportError) { header.pdfSHA256 = try ExportError.sha256(ofFileAt: pdf) } catch {
                        headerError = error
                        return nil
                    }
                    return header
                }
            } catch {
                throw ExportError(error, headerError: headerError)
            }
        }, writeFailure: { Flattener.exportError(from: $0, path: outputPath) })
        guard read.hasAnnotations else { throw .reading(.unknownInkFormat(path: pdf, isPDF: true)) }
        try output.commitForExport()
        var report = ConvertReport(output: outputPath, format: .pdfAnnotations, pageCount: writer.pages.count,
                                   strokeCount: writer.strokes, notes: read.notes)
        report.recognisedLayers = recognition?.layers ?? 0
        report.recognisedWords = recognition?.words ?? 0
        return report
    }

    /// Passes layers on to an ink-layers writer, counting their strokes and pages.
    private final class CountingSink: LayerSink {
        let writer: InkLayersWriter
        /// Used on the writer's thread only (the sink is handed to it).
        let recognition: LayerRecognition?
        private(set) var strokes = 0
        private(set) var pages = Set<Int>()
        var path: String { writer.path }

        init(_ writer: InkLayersWriter, recognition: LayerRecognition?) {
            self.writer = writer
            self.recognition = recognition
        }

        func write(header: InkLayersHeader) throws { try writer.write(header: header) }

        func write(layer: PageLayer) throws {
            var layer = layer
            recognition?.recognise(&layer)
            strokes += layer.strokes.count
            pages.insert(layer.page)
            try writer.write(layer: layer)
        }

        func close() throws { try writer.close() }
    }
}
