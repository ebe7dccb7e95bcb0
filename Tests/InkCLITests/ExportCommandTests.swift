import Foundation
import InkCLI
import InkPipeline
import InkModel
import InkFixtures
import Testing

/// `inkpdf export` and `inkpdf extract` from the command line.
@Suite struct ExportCommandTests {
    final class Fixture {
        let scratch = TestFolder()
        let folder: URL
        let pdf: String
        let ink: String

        init() throws {
            folder = scratch.url
            pdf = folder.appendingPathComponent("notes.pdf").path
            ink = folder.appendingPathComponent("notes.ink.jsonl").path
            try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        }


        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

        func run(_ arguments: [String], environment: [String: String] = DemoLicence.environment) -> (code: Int32, out: String, err: String) {
            var out = "", err = ""
            let code = CommandRunner(environment: environment).run(arguments, output: &out, errors: &err)
            return (code, out, err)
        }
    }

    @Test func parsesEveryOption() throws {
        let command = try Command.parse(["export", "in.pdf", "--ink", "in.ink.jsonl", "-o", "out.pdf", "--embed-ink", "--pages", "2-3",
                                         "--only-annotated", "--password", "pw", "--ignore-mismatch", "--no-sidecar", "-q",
                                         "--policy", "p.json"])
        #expect(command == .export(ExportArguments(pdf: "in.pdf", ink: "in.ink.jsonl", output: "out.pdf", password: "pw",
                                                   ignoreMismatch: true, writeSidecar: false, quiet: true,
                                                   pages: try PageSelection.parse("2-3").get(), onlyAnnotated: true,
                                                   embedInk: true, gate: GateOptions(policy: "p.json"))))
        #expect(try Command.parse(["extract", "out.pdf", "-o", "x.ink.jsonl.gz"]) == .extract(ExtractArguments(pdf: "out.pdf", output: "x.ink.jsonl.gz")))
    }

    @Test(arguments: [
        (["export", "--ink", "a", "-o", "b"], "export: which PDF? give IN.pdf; see 'inkpdf export --help'"),
        (["export", "a.xopp", "--ink-format", "pages", "-o", "b.pdf"], "export: --ink-format 'pages' is not a format inkpdf reads; give ink-layers, xournal, remarkable, inkml, rnote or pdf; see 'inkpdf export --help'"),
        (["export", "a.pdf", "--ink", "a"], "export: give the output with -o OUT.pdf; see 'inkpdf export --help'"),
        (["export", "a.pdf", "--ink", "a", "-o", "b", "--pages", "x"], "export: --pages 'x' is not a page list like 2-5,9 or 7-; see 'inkpdf export --help'"),
        (["export", "a.pdf", "--ink", "a", "-o", "b", "--flatten"], "export: unknown option '--flatten'; see 'inkpdf export --help'"),
        (["extract", "a.pdf"], "extract: give the output with -o LAYERS.ink.jsonl.gz; see 'inkpdf extract --help'"),
        (["extract", "-o", "x"], "extract: which PDF? give the exported PDF; see 'inkpdf extract --help'"),
    ])
    func badCommandLines(arguments: [String], message: String) {
        do {
            _ = try Command.parse(arguments)
            Issue.record("parsed \(arguments)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func refusedWithoutProAndNothingWritten() throws {
        let f = try Fixture()
        let output = f.path("out/notes.pdf")
        let result = f.run(["export", f.pdf, "--ink", f.ink, "-o", output], environment: [:])
        #expect(result.code == ExitCode.entitlementRequired.rawValue)
        #expect(result.err.hasPrefix("inkpdf: export refused (requires_pro): "))
        #expect(!FileManager.default.fileExists(atPath: f.path("out")), "nothing written")
    }

    @Test func exportsWithTheDemoLicenceAndExtractsTheInk() throws {
        let f = try Fixture()
        let output = f.path("share/notes.pdf")
        let result = f.run(["export", f.pdf, "--ink", f.ink, "-o", output, "--embed-ink"])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out == "wrote \(output) (8 pages, 7 with ink, 76 strokes, ink layers attached)\nwrote \(f.path("share/notes.ink.jsonl.gz"))\n")

        let extracted = f.path("again/notes.ink.jsonl.gz")
        let back = f.run(["extract", output, "-o", extracted], environment: [:])
        #expect(back.code == 0, "\(back.err)")
        #expect(FileManager.default.contents(atPath: extracted) == FileManager.default.contents(atPath: f.path("share/notes.ink.jsonl.gz")))

        // The policy can make export free; a bad input is reported as flatten reports it.
        let policy = f.path("free.json")
        try Data("{\"exportAnnotated\":\"free\"}".utf8).write(to: URL(fileURLWithPath: policy))
        let missing = f.run(["export", f.path("nope.pdf"), "--ink", f.ink, "-o", f.path("x.pdf"), "--policy", policy], environment: [:])
        #expect(missing.code == ExitCode.inputMissing.rawValue)
        #expect(missing.err == "inkpdf: \(f.path("nope.pdf")): no such file; check the path\n")

        let noInk = f.run(["extract", f.pdf, "-o", f.path("none.ink.jsonl.gz")])
        #expect(noInk.code == ExitCode.invalidInk.rawValue)
        #expect(noInk.err == "inkpdf: \(f.pdf): the PDF carries no ink layers; only a PDF written by 'inkpdf export --embed-ink' has them\n")
        #expect(!FileManager.default.fileExists(atPath: f.path("none.ink.jsonl.gz")))
    }

    @Test func helpNamesTheCommands() {
        var out = "", err = ""
        #expect(CommandRunner(environment: [:]).run(["--help"], output: &out, errors: &err) == 0)
        #expect(out.contains("inkpdf export IN.pdf --ink LAYERS -o OUT.pdf") && out.contains("inkpdf extract OUT.pdf -o LAYERS.ink.jsonl.gz"))
    }
}
