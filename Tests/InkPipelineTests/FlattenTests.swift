import LibPoppler
import Foundation
import InkPipeline
import InkModel
import InkFixtures
import Testing

@Suite struct FlattenTests {
    /// Pages of every orientation and box arrangement, each with a black
    /// square whose top-left corner is at displayed (100, 150).
    static let pages: [TestPage] = [
        TestPage(rotate: 0),
        TestPage(width: 612, height: 792, rotate: 90),
        TestPage(rotate: 180),
        TestPage(width: 612, height: 792, rotate: 270),
        TestPage(width: 612, height: 792, cropBox: .init(x: 36, y: 72, width: 540, height: 684)),
        TestPage(rotate: 90, cropBox: .init(x: 50, y: 100, width: 400, height: 500)),
        TestPage(width: 612, height: 792, rotate: 270, cropBox: .init(x: 20, y: 30, width: 500, height: 600)),
        TestPage(),   // left without ink
    ].map { page in
        var page = page
        page.rectangles = [.init(x: 100, y: 150, width: 20, height: 20)]
        page.lines = [.init("Page with a square at 100, 150", x: 72, y: 100, fontSize: 14)]
        return page
    }

    /// Per inked page: a horizontal red stroke at y = 300 from x = 100 to 200,
    /// and a short vertical one at x = 40 from y = 40 to 80 (near the top-left corner).
    static func layers(pageCount: Int) -> [PageLayer] {
        (1...pageCount).reversed().map { page in   // out of page order on purpose
            PageLayer(page: page, layer: "Notes",
                      strokes: [redStroke([(100, 300), (200, 300)]), redStroke([(40, 40), (40, 80)])])
        }
    }

    @Test func inkLandsWhereTheStrokesSayOnEveryPage() async throws {
        let folder = TestFolder()
        let pdf = folder.path("pages.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Self.pages)
        let ink = folder.writeInk("pages.ink.jsonl", layers: Self.layers(pageCount: Self.pages.count - 1))
        let report = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("out/pages.pdf"))
        #expect(report.pageCount == Self.pages.count)
        #expect(report.inkedPageCount == Self.pages.count - 1)
        #expect(report.strokeCount == 2 * (Self.pages.count - 1))

        let source = try PopplerReader(path: pdf)
        let output = try PopplerReader(path: folder.path("out/pages.pdf"))
        #expect(output.pageCount == Self.pages.count)
        for (index, page) in Self.pages.enumerated() {
            let number = index + 1
            let size = output.size(ofPage: number)
            #expect(abs(size.width - page.displayedWidth) < 0.01, "page \(number) width")
            #expect(abs(size.height - page.displayedHeight) < 0.01, "page \(number) height")
            #expect(output.text(ofPage: number).contains("Page with a square"), "page \(number) text")

            let raster = output.render(page: number, scale: 2)
            // The page's own content stays where it was: the black square at (100, 150).
            let square = raster.pixel(2 * 110, 2 * 160)
            #expect(square.r < 40 && square.g < 40 && square.b < 40, "page \(number): square kept in place")
            if number < Self.pages.count {
                for x in stride(from: 105, through: 195, by: 10) {
                    #expect(raster.isRed(2 * x, 2 * 300), "page \(number): ink at (\(x), 300)")
                }
                #expect(!raster.isRed(2 * 150, 2 * 306), "page \(number): nothing below the stroke's width")
                #expect(!raster.isRed(2 * 150, 2 * 294), "page \(number): nothing above the stroke's width")
                #expect(raster.isRed(2 * 40, 2 * 60), "page \(number): ink near the top-left corner")
                #expect(!raster.isRed(2 * 46, 2 * 60), "page \(number): vertical stroke is 6 wide")
            } else {
                let original = source.render(page: number, scale: 1)
                let flattened = output.render(page: number, scale: 1)
                #expect(flattened.meanDifference(from: original) < 0.5, "a page without ink looks the same")
            }
        }
    }

    @Test func sidecarKeepsTheLayersAndRecordsThePDF() async throws {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Array(Self.pages.prefix(3)))
        var header = InkLayersHeader()
        header.extra["title"] = .string("Lecture 3")
        var layers = Self.layers(pageCount: 2)
        layers[0].extra["tool"] = .string("future-key")
        layers[0].strokes[0].ink = Ink(type: .unknown("glitterPen"), colorText: "#ff0000", color: RGBAColor(red: 1, green: 0, blue: 0))
        let ink = folder.writeInk("doc.ink.jsonl", header: header, layers: layers)

        let report = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("out/doc.pdf"))
        #expect(report.sidecar == folder.path("out/doc.ink.jsonl.gz"))
        #expect(report.warnings == ["ink type 'glitterPen' is newer than this inkpdf; drawn as pen"])

        let sidecar = folder.path("out/doc.ink.jsonl.gz")
        #expect(fileBytes(sidecar)?.prefix(2) == Data([0x1F, 0x8B]), "the sidecar is gzip")
        let reader = try InkLayersReader(path: sidecar)
        #expect(reader.header.pdfSHA256 == (try ExportError.sha256(ofFileAt: pdf)))
        #expect(reader.header.pdfPageCount == 3)
        #expect(reader.header.extra["title"] == .string("Lecture 3"))
        var read: [PageLayer] = []
        while let layer = try reader.nextLayer() { read.append(layer) }
        #expect(read == layers, "every layer, unknown key and unknown ink survives")
    }

    @Test func reflatteningWithTheSidecarGivesTheSameBytes() async throws {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Array(Self.pages.prefix(4)))
        let ink = folder.writeInk("doc.ink.jsonl", layers: Self.layers(pageCount: 4), gzip: true)
        _ = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("first/doc.pdf"))
        _ = try await flattenChecked(pdf: pdf, ink: folder.path("first/doc.ink.jsonl.gz"), output: folder.path("second/doc.pdf"))
        #expect(fileBytes(folder.path("first/doc.pdf")) == fileBytes(folder.path("second/doc.pdf")))
        // The sidecar's header now matches this PDF, so a mismatch check passes without an override.
        _ = try await flattenChecked(pdf: pdf, ink: folder.path("second/doc.ink.jsonl.gz"), output: folder.path("third/doc.pdf"))
    }


    @Test func aDocumentWithoutPageLabelsGetsNone() async throws {
        // cairo would write an empty label tree, which poppler reads as every label empty.
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Array(Self.pages.prefix(3)))
        let ink = folder.writeInk("doc.ink.jsonl", layers: Self.layers(pageCount: 3))
        _ = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("out/doc.pdf"))
        let output = try PDFDocument.open(path: folder.path("out/doc.pdf"))
        for number in 1...3 {
            let label = output.label(of: try output.page(number))
            #expect(label == "\(number)")
        }
        // Pages left out: the rest keep their source numbers as labels.
        let selection = try #require(try? PageSelection.parse("2-3").get())
        _ = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("some/doc.pdf"), options: FlattenOptions(pages: selection))
        let some = try PDFDocument.open(path: folder.path("some/doc.pdf"))
        let first = some.label(of: try some.page(1)), second = some.label(of: try some.page(2))
        #expect(first == "2" && second == "3")
    }

    @Test func oneCoreGivesTheSameOutputAndSidecarAsThePipeline() async throws {
        let folder = TestFolder()
        let pdf = folder.path("course-notes.pdf"), ink = folder.path("course-notes.ink.jsonl")
        try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        let piped = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("piped/notes.pdf"))
        var options = FlattenOptions()
        options.singleThreaded = true
        let single = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("single/notes.pdf"), options: options)
        #expect(single.strokeCount == piped.strokeCount && single.strokeCount > 20)
        #expect(single.inkedPageCount == piped.inkedPageCount)
        #expect(fileBytes(folder.path("single/notes.pdf")) == fileBytes(folder.path("piped/notes.pdf")))
        let sidecar = { (dir: String) throws -> [PageLayer] in
            let reader = try InkLayersReader(path: folder.path("\(dir)/notes.ink.jsonl.gz"))
            var layers: [PageLayer] = []
            while let layer = try reader.nextLayer() { layers.append(layer) }
            return layers
        }
        let singleLayers = try sidecar("single")
        #expect(!singleLayers.isEmpty)
        #expect(singleLayers == (try sidecar("piped")))
    }
    @Test func flattensTheCourseNotesSample() async throws {
        let folder = TestFolder()
        let pdf = folder.path("course-notes.pdf"), ink = folder.path("course-notes.ink.jsonl")
        try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        let report = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("out/course-notes.pdf"))
        let source = try PopplerReader(path: pdf)
        let output = try PopplerReader(path: folder.path("out/course-notes.pdf"))
        #expect(output.pageCount == source.pageCount)
        #expect(report.strokeCount > 20)
        #expect(output.title == source.title)
        for page in 1...source.pageCount {
            let a = source.size(ofPage: page), b = output.size(ofPage: page)
            #expect(abs(a.width - b.width) < 0.01 && abs(a.height - b.height) < 0.01)
            let words = { (text: String) in text.split(whereSeparator: \.isWhitespace) }
            #expect(words(output.text(ofPage: page)) == words(source.text(ofPage: page)), "page \(page): the same words")
        }
    }

    @Test func aReplacedSidecarIsKeptAsThePreviousRevision() async throws {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Array(Self.pages.prefix(2)))
        let first = folder.writeInk("first.ink.jsonl", layers: Self.layers(pageCount: 1))
        let second = folder.writeInk("second.ink.jsonl", layers: Self.layers(pageCount: 2))
        _ = try await flattenChecked(pdf: pdf, ink: first, output: folder.path("out/doc.pdf"))
        let firstSidecar = fileBytes(folder.path("out/doc.ink.jsonl.gz"))
        _ = try await flattenChecked(pdf: pdf, ink: second, output: folder.path("out/doc.pdf"))
        #expect(fileBytes(folder.path("out/doc.ink.jsonl.gz.prev")) == firstSidecar)
        let secondSidecar = fileBytes(folder.path("out/doc.ink.jsonl.gz"))
        #expect(secondSidecar != firstSidecar)
        // The same ink again: the sidecar is the same, and the revision before it stays the one kept.
        _ = try await flattenChecked(pdf: pdf, ink: second, output: folder.path("out/doc.pdf"))
        #expect(fileBytes(folder.path("out/doc.ink.jsonl.gz")) == secondSidecar)
        #expect(fileBytes(folder.path("out/doc.ink.jsonl.gz.prev")) == firstSidecar)
    }

    @Test func damagedInkNamesItsLastGoodRevision() async throws {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage()])
        let ink = folder.write("{\"format\":\"inkpdf-layers\",\"version\":1}\n{\"page\":1,\"strokes\":[", to: "doc.ink.jsonl")
        folder.writeInk("doc.ink.jsonl.prev", layers: Self.layers(pageCount: 1))
        do {
            _ = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("out/doc.pdf"))
            Issue.record("expected an error")
        } catch {
            guard case .reading(.damagedInk(let damaged)) = error else { Issue.record("got \(error)"); return }
            #expect(damaged.lastGoodRevision == ink + ".prev")
            #expect(error.description.hasSuffix("; the last good revision is \(ink).prev: copy it over \(ink) to recover"))
            #expect(error.caseName == "damagedInk")
        }
    }
}
