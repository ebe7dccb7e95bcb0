import Foundation
@testable import InkPipeline
import InkModel
import InkFixtures
import Testing
import LibQPDF

/// Export over page trees that other tools write and that qpdf and poppler
/// read in their own way (a page object listed twice, intermediate `/Count`s
/// that lie), and the trailer `/ID` an incremental update leaves.
@Suite struct ExportPageTreeTests {
    /// Ink across the page at top-down height `y`.
    func ink(page: Int, y: Double) -> PageLayer {
        PageLayer(page: page, layer: "Notes", strokes: [redStroke([(100, y), (200, y)], size: 8)])
    }

    /// Whether the page carries the ink drawn at 200 and the one drawn at 300.
    func inks(_ raster: Raster) -> (at200: Bool, at300: Bool) {
        (raster.isRed(150, 200), raster.isRed(150, 300))
    }

    /// The same page object listed as pages 3 and 4 (in a node of its own): each
    /// page gets only its own ink, and in an incremental update (the original bytes
    /// first, so a signature over them stays valid) whose tree qpdf finds sound.
    @Test func aPageListedTwiceGetsEachOccurrenceItsOwnInk() async throws {
        let folder = TestFolder()
        let pdf = folder.path("twice.pdf")
        try PageTreePDF.write(to: pdf, pageObjects: 5, kids: [.node([.page(1), .page(2)]),
                                                              .node([.page(3), .page(3), .page(4), .page(5)])])
        let ink = folder.writeInk("twice.ink.jsonl", layers: [ink(page: 3, y: 200), ink(page: 4, y: 300)])
        let output = folder.path("out.pdf")
        let report = try await exportChecked(pdf: pdf, ink: ink, output: output)
        #expect(report.pageCount == 6 && report.inkedPageCount == 2)
        #expect(try #require(fileBytes(output)).starts(with: try #require(fileBytes(pdf))), "an incremental update")

        let result = try PopplerReader(path: output)
        #expect(result.pageCount == 6)
        let shown = [1, 2, 3, 3, 4, 5]
        for number in 1...6 {
            let raster = result.render(page: number, scale: 1)
            #expect(PageTreePDF.pageObject(shownBy: raster, pageObjects: 5) == shown[number - 1], "page \(number): its own content")
            let found = inks(raster)
            #expect(found.at200 == (number == 3), "page \(number): page 3's ink only there")
            #expect(found.at300 == (number == 4), "page \(number): page 4's ink only there")
        }
        #expect(try await qpdfPageObjects(output).count == 6)
    }

    /// Page 3 listed twice, only its first occurrence inked: the second stays the original page.
    @Test func inkOnTheFirstOccurrenceLeavesTheSecondAsItWas() async throws {
        let folder = TestFolder()
        let pdf = folder.path("twice.pdf")
        try PageTreePDF.write(to: pdf, pageObjects: 4, kids: [.page(1), .page(2), .page(3), .page(3), .page(4)])
        let ink = folder.writeInk("twice.ink.jsonl", layers: [ink(page: 3, y: 200)])
        let output = folder.path("out.pdf")
        _ = try await exportChecked(pdf: pdf, ink: ink, output: output)
        #expect(try #require(fileBytes(output)).starts(with: try #require(fileBytes(pdf))), "an incremental update")
        let result = try PopplerReader(path: output)
        #expect(result.pageCount == 5)
        for number in 1...5 {
            let raster = result.render(page: number, scale: 1)
            #expect(PageTreePDF.pageObject(shownBy: raster, pageObjects: 4) == [1, 2, 3, 3, 4][number - 1])
            #expect(inks(raster).at200 == (number == 3), "page \(number): ink only on page 3")
        }
    }

    /// Intermediate nodes claim 2 and 4 pages but hold 3 each. qpdf counts the kids
    /// (pages 1…6 are objects 1…6), and so does poppler (it trusts only the root's
    /// count): ink for page 3 lands on object 3, not on the first page of the second node.
    @Test(arguments: [[2, 4], [0, 0], [1, 9]])
    func wrongIntermediateCountsNumberPagesAsQPDFDoes(counts: [Int]) async throws {
        let folder = TestFolder()
        let pdf = folder.path("counts.pdf")
        try PageTreePDF.write(to: pdf, pageObjects: 6, kids: [.node([.page(1), .page(2), .page(3)], count: counts[0]),
                                                              .node([.page(4), .page(5), .page(6)], count: counts[1])])
        let source = try PopplerReader(path: pdf)
        #expect(source.pageCount == 6)
        for number in 1...6 {
            #expect(PageTreePDF.pageObject(shownBy: source.render(page: number, scale: 1), pageObjects: 6) == number,
                    "poppler numbers page \(number) as qpdf does")
        }
        #expect(try await qpdfPageObjects(pdf).count == 6)

        let ink = folder.writeInk("counts.ink.jsonl", layers: [ink(page: 3, y: 200), ink(page: 5, y: 300)])
        let output = folder.path("out.pdf")
        _ = try await exportChecked(pdf: pdf, ink: ink, output: output)
        #expect(try #require(fileBytes(output)).starts(with: try #require(fileBytes(pdf))), "an incremental update")
        let result = try PopplerReader(path: output)
        #expect(result.pageCount == 6)
        for number in 1...6 {
            let raster = result.render(page: number, scale: 1)
            #expect(PageTreePDF.pageObject(shownBy: raster, pageObjects: 6) == number)
            let found = inks(raster)
            #expect(found.at200 == (number == 3) && found.at300 == (number == 5),
                    "page \(number): ink only where the ink file puts it (\(found))")
        }
    }

    /// The update keeps the file's permanent identifier (the `/ID`'s first element)
    /// and gives it a new changing one (the second), made from the update itself:
    /// the same inputs give the same identifier, other ink another.
    @Test func anUpdateKeepsTheFirstIDAndChangesTheSecond() async throws {
        let folder = TestFolder()
        let pdf = folder.path("id.pdf")
        let first = "00112233445566778899AABBCCDDEEFF", second = "0123456789ABCDEF0123456789ABCDEF"
        try PageTreePDF.write(to: pdf, pageObjects: 2, kids: [.page(1), .page(2)], id: (first, second))
        let original = try trailerID(pdf)
        #expect(original == [first.lowercased(), second.lowercased()])

        func export(_ name: String, y: Double) async throws -> [String] {
            let ink = folder.writeInk(name + ".ink.jsonl", layers: [ink(page: 2, y: y)])
            let output = folder.path(name + ".pdf")
            _ = try await exportChecked(pdf: pdf, ink: ink, output: output)
            #expect(try #require(fileBytes(output)).starts(with: try #require(fileBytes(pdf))), "an incremental update")
            return try trailerID(output)
        }
        let once = try await export("a", y: 200), again = try await export("b", y: 200), other = try await export("c", y: 300)
        #expect(once.count == 2 && once.first == original.first, "the permanent identifier stays")
        #expect(once.last != original.last, "the changing identifier changes with the content")
        #expect(once.last?.count == original.last?.count, "of the same length")
        #expect(again == once, "deterministic")
        #expect(fileBytes(folder.path("a.pdf")) == fileBytes(folder.path("b.pdf")))
        #expect(other.first == original.first && other.last != once.last, "other ink, another identifier")
    }
}

/// The `qpdf --json` objects of the pages, in qpdf's order.
func qpdfPageObjects(_ path: String) async throws -> [String] {
    let json = try JSONSerialization.jsonObject(with: Data(try await qpdfJSONOutput(["--json=2", "--json-key=pages", path]).utf8))
    let pages = (json as? [String: Any])?["pages"] as? [[String: Any]] ?? []
    return pages.compactMap { $0["object"] as? String }
}

/// The trailer's `/ID` as qpdf reads it: its two strings in lower-case hex.
func trailerID(_ path: String) throws -> [String] {
    let document = try QPDFDocument(path: path, password: nil)
    let id = document.trailer["/ID"]
    return id?.items.map { item in
        (item.bytes ?? []).map { String(format: "%02x", $0) }.joined()
    } ?? []
}

private func qpdfJSONOutput(_ arguments: [String]) async throws -> String {
    String(decoding: try await OutsideTool.qpdf.outcome(arguments).output, as: UTF8.self)
}
