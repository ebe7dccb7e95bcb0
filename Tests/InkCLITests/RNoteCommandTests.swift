import Foundation
import InkCLI
import InkFixtures
import InkModel
import Testing

/// flatten, export, render, convert and batch on the corpus's rnote notebooks (read in place),
/// with and without the PDF that rnote imported, and the errors of a damaged notebook.
@Suite(.enabled(if: SharedCorpus.isAvailable, "needs the shared corpus"))
struct RNoteCommandTests {
    static let lecture = SharedCorpus.path("ink/rnote/lecture_note_1.rnote")
    static let annotated = SharedCorpus.path("ink/rnote/pdf_annotation.rnote")
    static let old = SharedCorpus.path("ink/rnote/v0-5-5-test.rnote")
    let folder = TestFolder()

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let code = CommandRunner(environment: DemoLicence.environment).run(arguments, output: &out, errors: &err)
        return (code, out, err)
    }

    /// Pixels of page `number` (72 dpi) that `test` accepts.
    static func count(_ path: String, page number: Int, _ test: ((r: Int, g: Int, b: Int)) -> Bool) throws -> Int {
        let raster = try PopplerReader(path: path).render(page: number)
        var count = 0
        for y in stride(from: 0, to: raster.height, by: 1) {
            for x in 0..<raster.width where test(raster.pixel(x, y)) { count += 1 }
        }
        return count
    }

    @Test func flattenDrawsRnotesPagesAndKeepsTheNotebookBeside() async throws {
        let output = folder.path("out/lecture.pdf")
        let result = run(["flatten", Self.lecture, "-o", output])
        #expect(result.code == 0, "\(result.err)")
        let reader = try PopplerReader(path: output)
        #expect(reader.pageCount == 1)
        let size = reader.size(ofPage: 1)
        #expect(abs(size.width - 595.28) < 0.1 && abs(size.height - 841.89) < 0.1)
        // Dark paper (rnote's 0.093 grey), its grid lighter, the white ink brighter still.
        let corner = reader.render(page: 1).pixel(3, 3)
        #expect(corner.r < 40 && corner.g < 40 && corner.b < 40, "the notebook's dark background: \(corner)")
        #expect(try Self.count(output, page: 1) { $0.r > 200 && $0.g > 200 && $0.b > 200 } > 2000, "white handwriting")
        #expect(FileManager.default.contents(atPath: folder.path("out/lecture.rnote")) == FileManager.default.contents(atPath: Self.lecture))
        try await runQPDF(["--check", output])
    }

    @Test func flattenOverTheImportedPDFKeepsItsText() throws {
        let pdf = folder.path("original.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: (1...5).map { TestPage(lines: [.init("Original page \($0)", x: 72, y: 72)]) })
        let output = folder.path("annotated.pdf")
        let result = run(["flatten", Self.annotated, "--pdf", pdf, "-o", output])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("23 × stroke outside the PDF's pages left out") || result.out.contains("23 × stroke outside the PDF's pages left out"),
                "\(result.out) \(result.err)")
        let reader = try PopplerReader(path: output)
        #expect(reader.pageCount == 5)
        #expect(reader.text(ofPage: 1).contains("Original page 1"))
        #expect(reader.text(ofPage: 5).contains("Original page 5"))
        // rnote's orange pen on page 1.
        #expect(try Self.count(output, page: 1) { $0.r > 200 && $0.g > 80 && $0.g < 160 && $0.b < 60 } > 50)
    }

    @Test func withoutThePDFTheStoredPagesAreDrawn() throws {
        let output = folder.path("pages.pdf")
        #expect(run(["flatten", Self.annotated, "-o", output, "-q"]).code == 0)
        let reader = try PopplerReader(path: output)
        #expect(reader.pageCount == 3)
        // The PDF pages rnote stored as SVG, drawn as vectors: their words are glyph outlines, and dark.
        #expect(try Self.count(output, page: 1) { $0.r < 60 && $0.g < 60 && $0.b < 60 } > 2000)
    }

    @Test func renderExportAndConvertRead() throws {
        #expect(run(["render", Self.old, "-o", folder.path("png"), "-q"]).code == 0)
        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder.path("png")).filter { $0.hasSuffix(".png") }
        #expect(pngs.count == 6)
        // export keeps a PDF's objects: a notebook without one is told to flatten; with the imported PDF it exports.
        let refused = run(["export", Self.old, "-o", folder.path("export.pdf")])
        #expect(refused.code == 64 && refused.err.contains("use 'inkpdf flatten'"))
        let pdf = folder.path("original.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: (1...5).map { TestPage(lines: [.init("Original page \($0)", x: 72, y: 72)]) })
        #expect(run(["export", Self.annotated, "--pdf", pdf, "-o", folder.path("export.pdf"), "-q"]).code == 0)
        let exported = try PopplerReader(path: folder.path("export.pdf"))
        #expect(exported.pageCount == 5)
        #expect(exported.text(ofPage: 2).contains("Original page 2"))
        let converted = run(["convert", Self.annotated, "-o", folder.path("a.ink.jsonl")])
        #expect(converted.code == 0, "\(converted.err)")
        #expect((converted.out + converted.err).contains("from rnote"))
        #expect((converted.out + converted.err).contains("text box, image or fill not carried"))
        #expect(run(["check", folder.path("a.ink.jsonl")]).code == 0)
        #expect(run(["inspect", folder.path("a.ink.jsonl")]).out.contains("58 strokes"))
    }

    @Test func inkFormatRnoteIsAccepted() throws {
        let copy = folder.path("notebook.data")
        try FileManager.default.copyItem(atPath: Self.lecture, toPath: copy)
        #expect(run(["convert", copy, "--ink-format", "rnote", "-o", folder.path("c.ink.jsonl"), "-q"]).code == 0)
        // By content, whatever the name.
        #expect(run(["convert", copy, "-o", folder.path("d.ink.jsonl"), "-q"]).code == 0)
    }

    @Test func aDamagedNotebookIsALocatedDataError() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.lecture))
        let cut = folder.path("cut.rnote")
        _ = FileManager.default.createFile(atPath: cut, contents: bytes.prefix(bytes.count / 2))
        let result = run(["flatten", cut, "-o", folder.path("cut.pdf")])
        #expect(result.code == 65)
        #expect(result.err.contains(cut))
        #expect(!FileManager.default.fileExists(atPath: folder.path("cut.pdf")))
    }

    @Test func batchFindsNotebooksCheckedByContent() throws {
        let source = folder.path("notes")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.lecture, toPath: source + "/lecture.rnote")
        try FileManager.default.copyItem(atPath: Self.old, toPath: source + "/old-notes.RNOTE")
        // A file named .rnote that is not a notebook is not taken for one.
        _ = FileManager.default.createFile(atPath: source + "/fake.rnote", contents: Data("not a notebook".utf8))
        let result = run(["batch", source, "-o", folder.path("flat"), "--quiet"])
        #expect(result.code == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: folder.path("flat/lecture.pdf")))
        #expect(FileManager.default.fileExists(atPath: folder.path("flat/lecture.rnote")))
        #expect(FileManager.default.fileExists(atPath: folder.path("flat/old-notes.pdf")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("flat/fake.pdf")))
    }
}
