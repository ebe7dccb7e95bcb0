import Foundation
import InkCLI
import InkFixtures
import InkModel
import Testing

/// flatten, export, render and convert on a Xournal++ document the test writes:
/// PDF pages out of order and repeated, an inserted page of ruled paper, text.
@Suite struct ForeignInkCommandTests {
    final class Fixture {
        let folder = TestFolder()
        let pdf: String
        let xopp: String

        /// Page 1 shows PDF page 2 (red stroke), page 2 is ruled paper (blue stroke, text),
        /// page 3 shows PDF page 1, page 4 PDF page 2 again.
        init(background: String? = nil) throws {
            pdf = folder.path("doc.pdf")
            try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [
                TestPage(lines: [.init("Alpha page", x: 72, y: 72)]),
                TestPage(lines: [.init("Beta page", x: 72, y: 72)]),
            ])
            let size = #"width="595.28" height="841.89""#
            let xml = """
                <?xml version="1.0" standalone="no"?>
                <xournal creator="inkpdf tests" fileversion="4">
                <title>Xournal++ document</title>
                <page \(size)><background type="pdf" domain="absolute" filename="\(background ?? pdf)" pageno="2ll"/>
                <layer><stroke tool="pen" color="#ff0000ff" width="6">100 300 300 300 400 320</stroke></layer></page>
                <page \(size)><background type="solid" color="#ffffffff" style="ruled"/>
                <layer><stroke tool="pen" color="#0000ffff" width="4">100 400 400 400</stroke>
                <text font="Sans" size="14" x="100" y="500" color="#000000ff">typed words</text></layer></page>
                <page \(size)><background type="pdf" pageno="1ll"/><layer/></page>
                <page \(size)><background type="pdf" pageno="2ll"/><layer><stroke tool="highlighter" color="#ffff00ff" width="12">70 80 200 80</stroke></layer></page>
                </xournal>
                """
            xopp = folder.write(xml, to: "notes.xopp")
        }

        func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
            var out = "", err = ""
            let code = CommandRunner(environment: DemoLicence.environment).run(arguments, output: &out, errors: &err)
            return (code, out, err)
        }
    }

    static func texts(_ path: String) throws -> [String] {
        let reader = try PopplerReader(path: path)
        return (1...reader.pageCount).map { reader.text(ofPage: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test func flattenDrawsTheDocumentsPagesAndKeepsItBeside() async throws {
        let f = try Fixture()
        let result = f.run(["flatten", f.xopp, "-o", f.folder.path("out/notes.pdf")])
        #expect(result.code == 0, "\(result.err)")
        #expect(try Self.texts(f.folder.path("out/notes.pdf")) == ["Beta page", "typed words", "Alpha page", "Beta page"])
        let reader = try PopplerReader(path: f.folder.path("out/notes.pdf"))
        #expect(reader.render(page: 1).isRed(200, 300))
        let paper = reader.render(page: 2)
        let blue = paper.pixel(250, 400)
        #expect(blue.b > 200 && blue.r < 80, "the blue stroke on the inserted page: \(blue)")
        let rule = paper.pixel(50, 104)
        #expect(rule.b > rule.r + 40, "a ruled line at 80 + 24 pt: \(rule)")
        #expect(FileManager.default.contents(atPath: f.folder.path("out/notes.xopp")) == FileManager.default.contents(atPath: f.xopp))
        try await runQPDF(["--check", f.folder.path("out/notes.pdf")])
    }

    @Test func flattenTheSameDocumentTwiceGivesTheSameBytes() throws {
        let f = try Fixture()
        #expect(f.run(["flatten", f.xopp, "-o", f.folder.path("a.pdf"), "-q"]).code == 0)
        #expect(f.run(["flatten", f.folder.path("a.xopp"), "--pdf", f.pdf, "-o", f.folder.path("b.pdf"), "-q"]).code == 0)
        #expect(FileManager.default.contents(atPath: f.folder.path("a.pdf")) == FileManager.default.contents(atPath: f.folder.path("b.pdf")))
    }

    @Test func exportArrangesThePDFsPagesAsTheDocumentShowsThem() async throws {
        let f = try Fixture()
        let output = f.folder.path("share/notes.pdf")
        let result = f.run(["export", f.xopp, "-o", output])
        #expect(result.code == 0, "\(result.err)")
        let texts = try Self.texts(output)
        #expect(texts == ["Beta page", "typed words", "Alpha page", "Beta page"], "\(texts)")
        let reader = try PopplerReader(path: output)
        #expect(reader.render(page: 1).isRed(200, 300))
        let highlighted = reader.render(page: 4).pixel(150, 80)
        #expect(highlighted.r > 200 && highlighted.b < 160, "the highlighter on the repeated page: \(highlighted)")
        #expect(!reader.render(page: 1).isRed(150, 80) && reader.render(page: 1).pixel(150, 80).b > 200,
                "the copy of page 2 shown first carries no highlighter")
        try await runQPDF(["--check", output])
    }

    @Test func exportOnlyTheSelectedPages() throws {
        let f = try Fixture()
        let output = f.folder.path("two.pdf")
        #expect(f.run(["export", f.xopp, "-o", output, "--pages", "2-3", "-q"]).code == 0)
        let texts = try Self.texts(output)
        #expect(texts == ["typed words", "Alpha page"], "\(texts)")
    }

    @Test func renderDrawsEveryPage() throws {
        let f = try Fixture()
        let result = f.run(["render", f.xopp, "-o", f.folder.path("png"), "--dpi", "36"])
        #expect(result.code == 0, "\(result.err)")
        let images = (try FileManager.default.contentsOfDirectory(atPath: f.folder.path("png"))).sorted()
        #expect(images == ["notes-1.png", "notes-2.png", "notes-3.png", "notes-4.png"])
    }

    @Test func convertSaysWhatInkLayersCannotHold() throws {
        let f = try Fixture()
        let output = f.folder.path("notes.ink.jsonl")
        let result = f.run(["convert", f.xopp, "-o", output])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("1 inserted page without a PDF page left out"), "\(result.out)")
        #expect(result.out.contains("1 repeated PDF page"), "\(result.out)")
        #expect(result.out.contains("1 text box"), "\(result.out)")
        let layers = try PageOrderedLayers(path: output)
        #expect(layers.inkedPages == [2])
        #expect(layers.header.pdfPageCount == 2)
        let strokes = try layers.layers(forPage: 2).flatMap(\.strokes)
        #expect(strokes.count == 2)
        #expect(strokes.contains { $0.ink.color == RGBAColor(red: 1, green: 0, blue: 0) && $0.points.count == 3 })
        // The converted file flattens over the PDF it names.
        #expect(f.run(["flatten", f.pdf, "--ink", output, "-o", f.folder.path("again.pdf"), "-q"]).code == 0)
    }

    @Test func aMissingBackgroundNamesThePathAndTheFix() throws {
        let f = try Fixture(background: "/nonexistent/lecture.pdf")
        let result = f.run(["flatten", f.xopp, "-o", f.folder.path("out.pdf")])
        #expect(result.code == 66)
        #expect(result.err.contains("/nonexistent/lecture.pdf") && result.err.contains("--pdf"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: f.folder.path("out.pdf")))
        // Given with --pdf, the same document flattens.
        #expect(f.run(["flatten", f.xopp, "--pdf", f.pdf, "-o", f.folder.path("out.pdf"), "-q"]).code == 0)
    }

    @Test func aPDFWithoutAnnotationsGivenAsInkIsRefused() throws {
        let f = try Fixture()
        let result = f.run(["flatten", f.pdf, "-o", f.folder.path("out.pdf")])
        #expect(result.code == 65)
        #expect(result.err.contains("this is a PDF without annotations, not ink"), "\(result.err)")
        let garbage = f.folder.write("hello", to: "notes.xopp.txt")
        let unknown = f.run(["flatten", f.pdf, "--ink", garbage, "-o", f.folder.path("out.pdf")])
        #expect(unknown.code == 65, "\(unknown.err)")
        #expect(f.folder.contents.filter { $0.hasSuffix(".pdf") } == ["doc.pdf"])
    }

    @Test func aPageTheBackgroundPDFDoesNotHaveIsRefused() throws {
        let f = try Fixture()
        let short = f.folder.path("short.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: short), pages: [TestPage()])
        let result = f.run(["flatten", f.xopp, "--pdf", short, "-o", f.folder.path("out.pdf")])
        #expect(result.code == 83)
        #expect(result.err.contains("page 1 shows page 2 of \(short), which has 1 page"), "\(result.err)")
    }
}
