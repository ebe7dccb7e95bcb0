import InkFixtures
import Foundation
import InkCLI
import InkPipeline
import Testing

@Suite struct RenderCommandTests {
    @Test func renderWithEveryOption() throws {
        let command = try Command.parse(["render", "in.pdf", "--ink", "in.ink.jsonl", "-o", "png", "--pages", "2-3",
                                         "--dpi", "288", "--password", "pw", "--ignore-mismatch", "--quiet"])
        #expect(command == .render(RenderArguments(pdf: "in.pdf", ink: "in.ink.jsonl", outputDirectory: "png", scale: 4,
                                                   pages: try PageSelection.parse("2-3").get(), password: "pw",
                                                   ignoreMismatch: true, quiet: true)))
        let scaled = try Command.parse(["render", "in.pdf", "--ink", "i", "-o", "d", "--scale", "0.25"])
        #expect(scaled == .render(RenderArguments(pdf: "in.pdf", ink: "i", outputDirectory: "d", scale: 0.25)))
    }

    @Test(arguments: [
        (["render", "a.pdf", "--ink", "i"], "render: give the folder for the images with -o DIR; see 'inkpdf render --help'"),
        (["render", "page.rm", "--page", "0", "-o", "d"], "render: --page '0' is not a page number (1, 2, …); see 'inkpdf render --help'"),
        (["render", "a.pdf", "--ink", "i", "-o", "d", "--dpi", "0"], "render: --dpi '0' is not a positive number; see 'inkpdf render --help'"),
        (["render", "a.pdf", "--ink", "i", "-o", "d", "--dpi", "72", "--scale", "2"], "render: give either --dpi or --scale, once; see 'inkpdf render --help'"),
    ])
    func badRenderLines(arguments: [String], message: String) {
        do { _ = try Command.parse(arguments); Issue.record("parsed") } catch { #expect(error.description == message) }
    }

    @Test func renderIsNotGatedAndReportsMissingInput() {
        var output = "", errors = ""
        let code = CommandRunner(environment: [:]).run(["render", "/nonexistent/x.pdf", "--ink", "/nonexistent/x.ink.jsonl",
                                                        "-o", "/tmp/never"], output: &output, errors: &errors)
        #expect(code == ExitCode.inputMissing.rawValue)
        #expect(errors == "inkpdf: /nonexistent/x.ink.jsonl: no such file; check the path\n")
    }
}
