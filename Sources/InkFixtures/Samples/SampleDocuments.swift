import InkFileSystem
import LibCairo
import Foundation
import InkPipeline
import InkModel

/// Generators for the bundled samples, the benchmark inputs and the tests'
/// own PDFs. Every output is deterministic: fixed seeds, fixed dates and a
/// deterministic `/ID`, so the same call writes the same bytes on every run.
/// Files are written to a temporary file beside the target and renamed into place.
public enum SampleDocuments {
    /// Writes the eight-page course-notes PDF and its ink layers (plain JSON Lines).
    ///
    /// Pages (labels i, ii, 1–6): A4, A4, A4, US Letter, US Letter with `/Rotate 90`
    /// (a landscape table), US Letter with CropBox `[36 72 576 756]`, A4, A4.
    /// Ink on every page but page 2; page 4 has two layers ("Notes", "Highlights").
    public static func writeCourseNotes(pdf pdfURL: URL, ink inkURL: URL) throws {
        let layouts = try writePDF(at: pdfURL.path) { try CourseNotes.drawPDF(path: $0) } pages: { _ in CourseNotes.pages }
        let header = try inkHeader(for: pdfURL.path, pageCount: layouts.count, title: CourseNotes.title)
        try writeInk(at: inkURL.path, compressionLevel: nil, header: header,
                     layers: CourseNotesInk.layers(for: layouts))
    }

    /// Writes the two-page US Letter worksheet and its ink layers, gzip-compressed; with
    /// `xournal`, also the same handwriting as a Xournal++ document (see `writeWorksheetNotebook`).
    public static func writeWorksheet(pdf pdfURL: URL, ink inkURL: URL, xournal: URL? = nil) throws {
        let layouts = try writePDF(at: pdfURL.path) { try Worksheet.drawPDF(path: $0) } pages: { _ in [] }
        let header = try inkHeader(for: pdfURL.path, pageCount: layouts.count, title: Worksheet.title)
        let layers = Worksheet.layers(for: layouts)
        try writeInk(at: inkURL.path, compressionLevel: 9, header: header, layers: layers)
        if let xournal { try writeWorksheetNotebook(layers: layers, pdfName: pdfURL.lastPathComponent, to: xournal) }
    }

    /// A Xournal++ document (plain XML) over the worksheet, as a student's notebook has
    /// it: the worksheet's second page first, then a ruled page of their own (handwriting
    /// and a typed note), then the first page. Its background PDF is named relatively, so
    /// it is found beside the document wherever the samples are.
    static func writeWorksheetNotebook(layers: [PageLayer], pdfName: String, to url: URL) throws {
        let size = "width=\"612\" height=\"792\""
        func strokes(_ page: Int) -> String {
            layers.filter { $0.page == page }.flatMap(\.strokes).map(XournalWriter.element).joined()
        }
        var out = XournalWriter.header(title: "Worksheet notebook")
        out += "<page \(size)><background type=\"pdf\" domain=\"absolute\" filename=\"\(XournalWriter.escaped(pdfName))\" pageno=\"2ll\"/>\n"
        out += "<layer name=\"Answers\">\n\(strokes(2))</layer></page>\n"
        out += "<page \(size)><background type=\"solid\" color=\"#ffffffff\" style=\"lined\"/>\n<layer>\n"
        // The first page's handwriting again, on paper of its own, under a typed note.
        out += strokes(1)
        out += "<text font=\"DejaVu Sans\" size=\"14\" x=\"90\" y=\"40\" color=\"#1f2a44ff\">Scratch page: working for question 2</text>\n"
        out += "</layer></page>\n"
        out += "<page \(size)><background type=\"pdf\" pageno=\"1ll\"/>\n<layer>\n\(strokes(1))</layer></page>\n"
        out += "</xournal>\n"
        try AtomicOutput.write(to: url.path) { try Data(out.utf8).write(to: URL(fileURLWithPath: $0)) }
    }

    /// Writes an A4 document of `pages` pages of lecture-note text (different on
    /// every page) and dense handwriting for every page (about 150 strokes of
    /// about 60 points each, mostly pen, some marker and pencil). The ink is
    /// written one page layer at a time.
    public static func writeBenchmark(pages: Int, pdf pdfURL: URL, ink inkURL: URL) throws {
        guard pages >= 1 else { throw SampleError.invalidPage(index: 0, reason: "a benchmark needs at least one page") }
        let layouts = try writePDF(at: pdfURL.path) { try Benchmark.drawPDF(path: $0, pages: pages) } pages: { _ in [] }
        let header = try inkHeader(for: pdfURL.path, pageCount: pages, title: "Benchmark, \(pages) pages")
        try AtomicOutput.write(to: inkURL.path) { temporary in
            let writer = try InkLayersWriter(path: temporary, compressionLevel: nil)
            try writer.write(header: header)
            for layout in layouts {
                try writer.write(layer: Benchmark.layer(for: layout))
            }
            try writer.close()
        }
    }

    /// Writes `bench-N.pdf` and `bench-N.ink.jsonl` into `directory`; returns their URLs.
    @discardableResult
    public static func makeBenchmark(pages: Int, directory: URL) throws -> (pdf: URL, ink: URL) {
        let pdf = directory.appendingPathComponent("bench-\(pages).pdf")
        let ink = directory.appendingPathComponent("bench-\(pages).ink.jsonl")
        try writeBenchmark(pages: pages, pdf: pdf, ink: ink)
        return (pdf, ink)
    }

    /// Writes a PDF of the given pages: each with its own size, rotation and
    /// optional CropBox, and its text lines and rectangles placed in displayed
    /// coordinates (see ``TestPage``). Text is DejaVu Sans, black.
    public static func writeTestPDF(at url: URL, pages: [TestPage]) throws {
        guard !pages.isEmpty else { throw SampleError.invalidPage(index: 0, reason: "a PDF needs at least one page") }
        for (index, page) in pages.enumerated() {
            if let problem = page.problem { throw SampleError.invalidPage(index: index, reason: problem) }
        }
        _ = try writePDF(at: url.path) { path in
            let writer = try PDFDocumentWriter(path: path, firstPageWidth: pages[0].width, firstPageHeight: pages[0].height)
            writer.setMetadata(.title, "inkpdf test document")
            writer.setMetadata(.creator, "inkpdf-samples")
            writer.setMetadata(.createDate, "2024-01-01T00:00:00Z")
            for page in pages {
                writer.beginPage(page.geometry)
                for rectangle in page.rectangles {
                    let c = rectangle.color
                    writer.setColor(c.red, c.green, c.blue, c.alpha)
                    writer.fillRectangle(Rect(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height))
                }
                writer.setColor(0, 0, 0)
                for line in page.lines {
                    writer.setFont(.sans(line.fontSize))
                    writer.show(line.text, x: line.x, baseline: line.y)
                }
                writer.endPage()
            }
            try writer.finish()
            return pages.map(\.geometry)
        } pages: { $0 }
    }

    // MARK: Shared steps

    /// Draws with cairo into a temporary file, lets qpdf set rotation and crop
    /// boxes if any page needs them, and renames the result to `target`.
    private static func writePDF<Result>(at target: String, draw: (String) throws -> Result,
                                         pages: (Result) -> [PageGeometry]) throws -> Result {
        let cairoOutput = try AtomicOutput(destination: target)
        let result = try draw(cairoOutput.writablePath)
        let geometry = pages(result)
        if geometry.contains(where: \.needsBoxEdit) {
            let drawn = cairoOutput.writablePath
            try AtomicOutput.write(to: target) { try PageBoxEditor.apply(geometry, input: drawn, output: $0) }
            cairoOutput.abandon()
        } else {
            try cairoOutput.commit()
        }
        return result
    }

    /// The header of ink written for the PDF at `pdfPath` (its page count and digest), with a title.
    public static func inkHeader(for pdfPath: String, pageCount: Int, title: String) throws -> InkLayersHeader {
        InkLayersHeader(pdfPageCount: pageCount, pdfSHA256: try FileDigest.sha256Hex(ofFileAt: pdfPath),
                        extra: JSONObject([(key: "title", value: .string(title))]))
    }

    private static func writeInk(at target: String, compressionLevel: Int32?, header: InkLayersHeader,
                                 layers: [PageLayer]) throws {
        try AtomicOutput.write(to: target) { temporary in
            let writer = try InkLayersWriter(path: temporary, compressionLevel: compressionLevel)
            try writer.write(header: header)
            for layer in layers { try writer.write(layer: layer) }
            try writer.close()
        }
    }
}
