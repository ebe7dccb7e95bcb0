import Foundation
import InkCLI
import InkPipeline
import InkModel
import InkFixtures
import Testing

@Suite struct CommandParsingTests {
    @Test func flattenWithEveryOption() throws {
        let command = try Command.parse(["flatten", "in.pdf", "--ink", "in.ink.jsonl", "-o", "out/x.pdf",
                                         "--password", "pw", "--ignore-mismatch", "--no-sidecar", "--quiet"])
        #expect(command == .flatten(FlattenArguments(pdf: "in.pdf", ink: "in.ink.jsonl", output: "out/x.pdf", password: "pw",
                                                     ignoreMismatch: true, writeSidecar: false, quiet: true)))
    }

    @Test(arguments: [
        ([], "no command given; see 'inkpdf --help'"),
        (["frobnicate"], "unknown command 'frobnicate'; see 'inkpdf --help'"),
        (["flatten", "--ink", "a", "-o", "b"], "flatten: which PDF? give IN.pdf; see 'inkpdf flatten --help'"),
        (["flatten", "a.pdf", "--pdf", "b.pdf", "--ink", "c", "-o", "d.pdf"], "flatten: the PDF is given twice; give it first (IN.pdf --ink INK) or with --pdf, not both; see 'inkpdf flatten --help'"),
        (["flatten", "a.pdf", "--ink", "a.ink"], "flatten: give the output with -o OUT.pdf; see 'inkpdf flatten --help'"),
        (["flatten", "a.pdf", "--ink"], "--ink needs a value; see 'inkpdf flatten --help'"),
        (["flatten", "a.pdf", "--colour", "red"], "flatten: unknown option '--colour'; see 'inkpdf flatten --help'"),
    ])
    func badCommandLines(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try Command.parse(arguments) }
        do { _ = try Command.parse(arguments) } catch { #expect(error.description == message) }
    }

    @Test func helpAndVersionExitZero() {
        var out = "", err = ""
        let runner = CommandRunner(environment: [:])
        #expect(runner.run(["--help"], output: &out, errors: &err) == 0)
        #expect(out.contains("inkpdf flatten IN.pdf --ink LAYERS -o OUT.pdf"))
        out = ""
        #expect(runner.run(["--version"], output: &out, errors: &err) == 0)
        #expect(out == "inkpdf \(CommandRunner.version)\n")
        #expect(err.isEmpty)
        #expect(runner.run(["nope"], output: &out, errors: &err) == ExitCode.usage.rawValue)
        #expect(err == "inkpdf: unknown command 'nope'; see 'inkpdf --help'\n")
    }
}

@Suite struct CommandRunTests {
    @Test func flattenPrintsWhatItWroteAndUsesThePasswordFromTheEnvironment() async throws {
        let scratch = TestFolder()
        let folder = scratch.url
        let pdf = folder.appendingPathComponent("notes.pdf").path
        let ink = folder.appendingPathComponent("notes.ink.jsonl").path
        try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        let output = folder.appendingPathComponent("out/notes.pdf").path

        var out = "", err = ""
        let code = CommandRunner(environment: DemoLicence.environment).run(["flatten", pdf, "--ink", ink, "-o", output], output: &out, errors: &err)
        #expect(code == 0, "\(err)")
        #expect(out.hasPrefix("wrote \(output) ("))
        #expect(out.hasSuffix("wrote \(folder.appendingPathComponent("out/notes.ink.jsonl.gz").path)\n"))

        // An encrypted copy opens with INKPDF_PASSWORD.
        let locked = folder.appendingPathComponent("locked.pdf").path
        _ = try await OutsideTool.qpdf.outcome(["--encrypt", "pw", "owner", "256", "--", pdf, locked])
        out = ""; err = ""
        let lockedOutput = folder.appendingPathComponent("out/locked.pdf").path
        let noPassword = CommandRunner(environment: DemoLicence.environment)
            .run(["flatten", locked, "--ink", ink, "-o", lockedOutput, "--ignore-mismatch"], output: &out, errors: &err)
        #expect(noPassword == ExitCode.passwordRequired.rawValue)
        #expect(err == "inkpdf: \(locked): the PDF is encrypted; give its password with --password or INKPDF_PASSWORD\n")
        out = ""; err = ""
        let withPassword = CommandRunner(environment: DemoLicence.environment.merging(["INKPDF_PASSWORD": "pw"]) { $1 })
            .run(["flatten", locked, "--ink", ink, "-o", lockedOutput, "--ignore-mismatch", "-q"], output: &out, errors: &err)
        #expect(withPassword == 0, "\(err)")
        #expect(out.isEmpty)
    }
}
