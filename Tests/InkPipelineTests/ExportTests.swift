import Foundation
@testable import InkImport
@testable import InkPipeline
import InkModel
import InkFixtures
import Testing
import LibQPDF

/// Export lays ink over the original pages: placement on every rotation and
/// crop, the original left in place, highlighters that blend, determinism.
@Suite struct ExportTests {
    /// Every page kept: the ink is an incremental update of the original. The first page
    /// left out: qpdf rewrites the document without it, and the ink is appended to that copy.
    @Test(arguments: [false, true])
    func inkLandsWhereTheStrokesSayOnEveryPage(leavingOutTheFirst: Bool) async throws {
        let folder = TestFolder()
        let pdf = folder.path("pages.pdf")
        let pages = FlattenTests.pages
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: pages)
        let ink = folder.writeInk("pages.ink.jsonl", layers: FlattenTests.layers(pageCount: pages.count - 1))
        let output = folder.path("out/pages.pdf")
        let first = leavingOutTheFirst ? 2 : 1
        let selection = try #require(try? PageSelection.parse("\(first)-").get())
        let report = try await exportChecked(pdf: pdf, ink: ink, output: output, options: ExportOptions(pages: selection))
        let kept = Array(first...pages.count)
        #expect(report.pageCount == kept.count)
        #expect(report.inkedPageCount == pages.count - first)
        #expect(report.strokeCount == 2 * (pages.count - first))
        #expect(report.sidecar == folder.path("out/pages.ink.jsonl.gz"))
        let original = try #require(FileManager.default.contents(atPath: pdf))
        let written = try #require(FileManager.default.contents(atPath: output))
        #expect(written.starts(with: original) == !leavingOutTheFirst, "the original's bytes come first only when every page is kept")
        var sections = 0, rest = written.startIndex..<written.endIndex
        while let found = written.range(of: Data("startxref".utf8), in: rest) { sections += 1; rest = found.upperBound..<written.endIndex }
        #expect(sections == 2, "one cross-reference section after the first, with the ink")

        let source = try PopplerReader(path: pdf)
        let result = try PopplerReader(path: output)
        #expect(result.pageCount == kept.count)
        for (index, number) in kept.enumerated() {
            let page = pages[number - 1], shown = index + 1
            let size = result.size(ofPage: shown)
            #expect(abs(size.width - page.displayedWidth) < 0.01 && abs(size.height - page.displayedHeight) < 0.01,
                    "page \(number): displayed size unchanged")
            #expect(result.text(ofPage: shown) == source.text(ofPage: number), "page \(number): text unchanged")
            let raster = result.render(page: shown, scale: 2)
            let square = raster.pixel(2 * 110, 2 * 160)
            #expect(square.r < 40 && square.g < 40 && square.b < 40, "page \(number): the original square has not moved")
            if number < pages.count {
                for x in stride(from: 105, through: 195, by: 10) {
                    #expect(raster.isRed(2 * x, 2 * 300), "page \(number): ink at (\(x), 300)")
                }
                #expect(!raster.isRed(2 * 150, 2 * 306) && !raster.isRed(2 * 150, 2 * 294), "page \(number): stroke 6 wide")
                #expect(raster.isRed(2 * 40, 2 * 60), "page \(number): ink near the top-left corner")
                #expect(!raster.isRed(2 * 46, 2 * 60), "page \(number): vertical stroke is 6 wide")
            } else {
                #expect(raster.meanDifference(from: source.render(page: number, scale: 2)) == 0, "a page without ink is unchanged")
            }
        }
        try await expectQPDFCheckPasses(output)
    }

    /// `/UserUnit 2`: a user-space unit is two points, so ink at displayed
    /// point (100, 300) lands at unit (50, 150), where poppler (which renders
    /// user units as points) draws it.
    @Test func userUnitScalesTheInk() async throws {
        let folder = TestFolder()
        let pdf = folder.path("unit.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage(width: 300, height: 400)])
        try editPDF(pdf) { document in document.page(1).set("/UserUnit", document.newInteger(2)) }
        let ink = folder.writeInk("unit.ink.jsonl", layers: [PageLayer(page: 1, layer: "Notes",
                                                                       strokes: [redStroke([(100, 300), (300, 300)], size: 12)])])
        let output = folder.path("unit-out.pdf")
        _ = try await exportChecked(pdf: pdf, ink: ink, output: output)
        let raster = try PopplerReader(path: output).render(page: 1, scale: 2)
        #expect(raster.isRed(2 * 60, 2 * 150) && raster.isRed(2 * 140, 2 * 150), "ink at half its point coordinates")
        #expect(!raster.isRed(2 * 100, 2 * 300), "not at the unscaled place")
        #expect(!raster.isRed(2 * 100, 2 * 155), "the stroke is 6 units wide")
    }

    /// A yellow multiply highlighter over black, cyan and white: black stays
    /// black (it is not covered), white turns yellow; in poppler's cairo
    /// backend (poppler-glib) and in Splash (pdftoppm).
    @Test func markerOverBlackTextLeavesItDark() async throws {
        let folder = TestFolder()
        let pdf = folder.path("text.pdf")
        var page = TestPage()
        page.rectangles = [.init(x: 100, y: 100, width: 60, height: 40),
                           .init(x: 160, y: 100, width: 60, height: 40, color: RGBAColor(red: 0, green: 1, blue: 1))]
        page.lines = [.init("Highlighted words in black", x: 100, y: 200, fontSize: 24)]
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [page])
        let yellow = RGBAColor(red: 1, green: 1, blue: 0, alpha: 0.6)
        func marker(_ y: Double) -> Stroke {
            Stroke(ink: Ink(type: .marker, color: yellow), created: 1_764_460_000, interpolation: .linear,
                   points: [(80.0, y), (300.0, y)].enumerated().map { index, p in
                       StrokePoint(x: p.0, y: p.1, t: Double(index), w: 30, h: 30, opacity: 1, force: 1, azimuth: 0, altitude: .pi / 2)
                   })
        }
        let ink = folder.writeInk("text.ink.jsonl", layers: [PageLayer(page: 1, layer: "Highlights", strokes: [marker(120), marker(192)])])
        let output = folder.path("out.pdf")
        _ = try await exportChecked(pdf: pdf, ink: ink, output: output)

        let cairo = try PopplerReader(path: output).render(page: 1, scale: 1)
        let splash = try await renderWithPdftoppm(output, folder: folder)
        for (backend, pixel) in [("cairo", cairo.pixel), ("splash", splash.pixel)] {
            let black = pixel(130, 120), cyan = pixel(190, 120), white = pixel(260, 120)
            #expect(black.r < 40 && black.g < 40 && black.b < 40, "\(backend): black under the marker stays black, got \(black)")
            #expect(cyan.r < 40 && cyan.g > 200 && cyan.b > 60 && cyan.b < 160, "\(backend): cyan × yellow is green, got \(cyan)")
            #expect(white.r > 220 && white.g > 220 && white.b < 160, "\(backend): white under the marker turns yellow, got \(white)")
        }
        // The text under the second stroke is still there, dark.
        let darkTextPixels = (100...300).filter { x in (180...200).contains { y in cairo.pixel(x, y).r < 80 } }.count
        #expect(darkTextPixels > 20, "dark text shows through the marker")
        try await expectQPDFCheckPasses(output)
    }

    @Test func sameInputsSameBytes() async throws {
        let folder = TestFolder()
        let pdf = folder.path("notes.pdf"), ink = folder.path("notes.ink.jsonl")
        try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        let options = ExportOptions(embedInk: true)
        _ = try await exportChecked(pdf: pdf, ink: ink, output: folder.path("a/notes.pdf"), options: options)
        _ = try await exportChecked(pdf: pdf, ink: ink, output: folder.path("b/notes.pdf"), options: options)
        let first = try #require(fileBytes(folder.path("a/notes.pdf")))
        #expect(first == fileBytes(folder.path("b/notes.pdf")))
        #expect(fileBytes(folder.path("a/notes.ink.jsonl.gz")) == fileBytes(folder.path("b/notes.ink.jsonl.gz")))
    }

    @Test func inkOnlyWritesOnePagePerPageAtTheDisplayedSize() async throws {
        let folder = TestFolder()
        let pdf = folder.path("pages.pdf")
        let pages = FlattenTests.pages
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: pages)
        let ink = folder.writeInk("pages.ink.jsonl", layers: FlattenTests.layers(pageCount: 2))
        let output = folder.path("ink.pdf")
        let report = try await exportChecked(pdf: pdf, ink: ink, output: output, options: ExportOptions(writeSidecar: false, inkOnly: true))
        #expect(report.sidecar == nil && report.inkedPageCount == 2)
        let result = try PopplerReader(path: output)
        #expect(result.pageCount == pages.count)
        for (index, page) in pages.enumerated() {
            let size = result.size(ofPage: index + 1)
            #expect(abs(size.width - page.displayedWidth) < 0.01 && abs(size.height - page.displayedHeight) < 0.01)
        }
        #expect(result.render(page: 2, scale: 1).isRed(150, 300))
        #expect(result.text(ofPage: 1).isEmpty, "ink only, no page content")
    }

    @Test(arguments: [
        (0, [1.0, 0, 0, 1, 36, 72], (540.0, 684.0)),
        (90, [0.0, 1, -1, 0, 576, 72], (684.0, 540.0)),
        (180, [-1.0, 0, 0, -1, 576, 756], (540.0, 684.0)),
        (270, [0.0, -1, 1, 0, 36, 756], (684.0, 540.0)),
        (-90, [0.0, -1, 1, 0, 36, 756], (684.0, 540.0)),
    ])
    func placementMatrices(rotate: Int, matrix: [Double], size: (Double, Double)) {
        let placement = PagePlacement(mediaBox: [0, 0, 612, 792], cropBox: [576, 756, 36, 72], rotate: rotate, userUnit: nil)
        #expect(placement.matrix == matrix)
        #expect(placement.displayedSize == size)
    }

    @Test func placementClipsTheCropBoxToTheMediaBoxAndScalesByUserUnit() {
        let placement = PagePlacement(mediaBox: [0, 0, 612, 792], cropBox: [-10, 100, 700, 800], rotate: 0, userUnit: 2)
        #expect(placement.box == (0, 100, 612, 692))
        #expect(placement.displayedSize == (1224, 1384))
        #expect(placement.matrix == [0.5, 0, 0, 0.5, 0, 100])
        #expect(PagePlacement.pdfNumber(0.5) == "0.5" && PagePlacement.pdfNumber(841.89) == "841.89" && PagePlacement.pdfNumber(-0.0) == "0")
    }
}

/// Opens a PDF with qpdf, lets `body` change it, and writes it back in place.
func editPDF(_ path: String, _ body: (QPDFDocument) throws -> Void) throws {
    let document = try QPDFDocument(path: path, password: nil)
    try body(document)
    let temporary = path + ".edited"
    try document.write(to: temporary, name: path)
    guard rename(temporary, path) == 0 else { throw PopplerReader.ReadError(message: "cannot replace \(path)") }
}

/// Renders page 1 at 72 dpi with pdftoppm (poppler's Splash backend, as `pdftoppm` users see it).
func renderWithPdftoppm(_ pdf: String, folder: TestFolder) async throws -> PPMImage {
    let prefix = folder.path("splash")
    _ = try await OutsideTool.pdftoppm.outcome(["-r", "72", "-f", "1", "-l", "1", "-singlefile", pdf, prefix])
    return try PPMImage(path: prefix + ".ppm")
}

/// A binary PPM (P6) image.
struct PPMImage {
    let width: Int, height: Int
    private let pixels: [UInt8]

    init(path: String) throws {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var fields: [String] = []
        var index = 0
        while fields.count < 4 {
            while index < data.count, data[index] == 32 || data[index] == 10 || data[index] == 13 { index += 1 }
            var field = ""
            while index < data.count, !(data[index] == 32 || data[index] == 10 || data[index] == 13) {
                field.append(Character(UnicodeScalar(data[index])))
                index += 1
            }
            fields.append(field)
        }
        index += 1
        guard fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]) else {
            throw PopplerReader.ReadError(message: "\(path): not a P6 PPM")
        }
        self.width = width
        self.height = height
        pixels = Array(data[index...])
    }

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let offset = (y * width + x) * 3
        return (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
    }
}
