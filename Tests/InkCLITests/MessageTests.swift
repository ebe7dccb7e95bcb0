import Foundation
import InkCLI
import InkFixtures
import Testing

/// Messages that name the real problem (issue 53, item 8): what a user most likely meant, an option
/// that does not apply refused rather than ignored, information not printed as a warning, and the
/// exit code the docs give.
@Suite struct MessageTests {
    static func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let code = CommandRunner(environment: DemoLicence.environment).run(arguments, output: &out, errors: &err)
        return (code, out, err)
    }

    static func courseNotes(in folder: TestFolder) throws -> (pdf: String, ink: String) {
        let pdf = folder.path("notes.pdf"), ink = folder.path("notes.ink.jsonl")
        try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        return (pdf, ink)
    }

    /// A PDF whose ink went out as /Ink annotations (`export --ink-as annotations`).
    static func annotatedPDF(in folder: TestFolder) throws -> String {
        let (pdf, ink) = try courseNotes(in: folder)
        let annotated = folder.path("annotated.pdf")
        let export = run(["export", pdf, "--ink", ink, "--ink-as", "annotations", "-o", annotated, "-q"])
        try #require(export.code == 0, "\(export.err)")
        return annotated
    }

    @Test(arguments: ["flatten", "export", "render"])
    func theInkGivenAsASecondFileIsMeantForInk(command: String) {
        var message = ""
        do { _ = try Command.parse([command, "notes.pdf", "notes.ink.jsonl", "-o", "out"]) } catch { message = error.message }
        #expect(message == "\(command): one document at a time (got 2); did you mean '\(command) notes.pdf --ink notes.ink.jsonl'?")
    }

    @Test(arguments: ["flatten", "export", "render"])
    func aPageForInkLayersIsRefusedNotIgnored(command: String) throws {
        let folder = TestFolder()
        let (pdf, ink) = try Self.courseNotes(in: folder)
        let result = Self.run([command, pdf, "--ink", ink, "--page", "3", "-o", folder.path("out.pdf")])
        #expect(result.code == 64, "\(result.err)")
        #expect(result.err.contains("--page") && result.err.contains("ink-layers") && result.err.contains("--pages"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.pdf")))
    }

    @Test func thePageSummariesAreInformationThatQuietSilences() throws {
        let folder = TestFolder()
        let annotated = try Self.annotatedPDF(in: folder)
        let result = Self.run(["flatten", annotated, "-o", folder.path("flat.pdf")])
        #expect(result.code == 0, "\(result.err)")
        #expect(!result.err.contains("warning"), "\(result.err)")
        #expect(result.out.contains("page 1: ") && result.out.contains(" Ink → "), "\(result.out)")
        let quiet = Self.run(["flatten", annotated, "-o", folder.path("quiet.pdf"), "-q"])
        #expect(quiet.code == 0 && quiet.out.isEmpty && quiet.err.isEmpty, "\(quiet)")
        let rendered = Self.run(["render", annotated, "-o", folder.path("png"), "--dpi", "18", "-q"])
        #expect(rendered.code == 0 && rendered.out.isEmpty && rendered.err.isEmpty, "\(rendered)")
        let exported = Self.run(["export", folder.path("notes.pdf"), "--ink", annotated, "-o", folder.path("again.pdf")])
        #expect(exported.code == 0 && !exported.err.contains("warning") && exported.out.contains(" Ink → "), "\(exported)")
    }

    @Test func extractOnAnnotationsSaysToConvert() throws {
        let folder = TestFolder()
        let annotated = try Self.annotatedPDF(in: folder)
        let result = Self.run(["extract", annotated, "-o", folder.path("ink.ink.jsonl.gz")])
        #expect(result.code == 65)
        #expect(result.err.contains("inkpdf convert \(annotated) -o"), "\(result.err)")
    }

    @Test func aNotebooksConversionDoesNotAskForAPDF() throws {
        let folder = TestFolder()
        let xml = """
            <?xml version="1.0" standalone="no"?>
            <xournal creator="inkpdf tests" fileversion="4">
            <page width="595.28" height="841.89"><background type="solid" color="#ffffffff" style="ruled"/>
            <layer><stroke tool="pen" color="#0000ffff" width="4">100 400 400 400</stroke></layer></page>
            </xournal>
            """
        let notebook = folder.write(xml, to: "notebook.xopp")
        let result = Self.run(["convert", notebook, "-o", folder.path("notebook.ink.jsonl")])
        #expect(result.code == 0, "\(result.err)")
        #expect(!result.out.contains("over a PDF"), "\(result.out)")
        #expect(result.out.contains("inkpdf flatten \(notebook) -o"), "\(result.out)")
    }

    /// A single reMarkable page over a page its PDF does not have is exit 83, as the docs say.
    @Test func aPageThePDFDoesNotHaveIsExit83() throws {
        let folder = TestFolder()
        let (pdf, _) = try Self.courseNotes(in: folder)
        var lines = LinesV5Builder()
        lines.line(tool: 2, color: 0, points: [.init(x: 100, y: 100), .init(x: 700, y: 300)])
        let page = folder.path("page.rm")
        _ = FileManager.default.createFile(atPath: page, contents: Data(lines.bytes))
        #expect(Self.run(["flatten", page, "--pdf", pdf, "--page", "3", "-o", folder.path("ok.pdf"), "-q"]).code == 0)
        let result = Self.run(["flatten", page, "--pdf", pdf, "--page", "30", "-o", folder.path("out.pdf")])
        #expect(result.code == 83, "\(result.err)")
        #expect(result.err.contains("30"), "\(result.err)")
        let documented = try String(contentsOf: HelpTests.root.appendingPathComponent("docs/other-tools.md"), encoding: .utf8)
        #expect(documented.contains("83 for a page the PDF lacks"))
    }
}
