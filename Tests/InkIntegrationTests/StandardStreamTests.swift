import Foundation
import InkCLI
import InkFixtures
import Testing

/// `-` as the output and as an input (issue 53, item 2), as qpdf, pdftocairo, OCRmyPDF and mutool take
/// it: `inkpdf flatten … -o - | lpr`. Through the real executable, whose flatten and export run in workers.
@Suite struct StandardStreamTests {
    static func inputs(_ folder: TestFolder) throws -> (pdf: String, ink: String) {
        let pdf = folder.path("notes.pdf"), ink = folder.path("notes.ink.jsonl")
        try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        return (pdf, ink)
    }

    /// Runs inkpdf in `folder` with the file `input` on its standard input (a file, not a pipe: a run that does
    /// not read it must not end the test with SIGPIPE).
    static func run(_ arguments: [String], in folder: TestFolder, input: String = "/dev/null") async throws -> ChildProcess.Outcome {
        try await OutsideTool.sh.outcome(["-c", "cd \"$0\" && input=\"$1\" && shift && exec \"$@\" < \"$input\"", folder.url.path, input,
                                          BuiltExecutable.inkpdf.path] + arguments)
    }

    /// The files of `folder`, sorted.
    static func names(_ folder: TestFolder) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted() }

    @Test(arguments: ["flatten", "export"])
    func aPDFGoesWholeToStandardOutputAndNothingElseDoes(command: String) async throws {
        let folder = TestFolder()
        let (pdf, ink) = try Self.inputs(folder)
        let run = try await Self.run([command, pdf, "--ink", ink, "-o", "-"] + DemoLicence.arguments, in: folder)
        let errors = String(decoding: run.errors, as: UTF8.self)
        #expect(run.status == 0, "\(errors)")
        #expect(run.output.starts(with: Array("%PDF-".utf8)), "standard output holds the PDF and nothing before it")
        #expect(!errors.contains("wrote"), "\(errors)")
        let copy = folder.path("copy.pdf")
        try run.output.write(to: URL(fileURLWithPath: copy))
        let check = try await OutsideTool.qpdfCheck(copy, password: nil)
        #expect(check.status == 0 && !check.text.contains("WARNING"), "\(check.text)")
        #expect(try PopplerReader(path: copy).pageCount == 8)
        // No sidecar without --sidecar FILE, and nothing left behind.
        #expect(Self.names(folder) == ["copy.pdf", "notes.ink.jsonl", "notes.pdf"], "\(Self.names(folder))")

        let sided = try await Self.run([command, pdf, "--ink", ink, "-o", "-", "--sidecar", "side.ink.jsonl.gz", "-q"] + DemoLicence.arguments,
                                       in: folder)
        #expect(sided.status == 0 && sided.errors.isEmpty, "\(String(decoding: sided.errors, as: UTF8.self))")
        #expect(sided.output.starts(with: Array("%PDF-".utf8)))
        #expect(FileManager.default.fileExists(atPath: folder.path("side.ink.jsonl.gz")), "\(Self.names(folder))")
    }

    @Test func aFailureWritesNothingToStandardOutput() async throws {
        let folder = TestFolder()
        let (pdf, _) = try Self.inputs(folder)
        let bad = folder.write("{\"format\":\"inkpdf-layers\",\"version\":1}\n{\"page\":99,\"layer\":\"x\",\"strokes\":[]}\n", to: "bad.ink.jsonl")
        let run = try await Self.run(["flatten", pdf, "--ink", bad, "-o", "-"] + DemoLicence.arguments, in: folder)
        #expect(run.status != 0 && run.output.isEmpty, "\(run.status) \(String(decoding: run.errors, as: UTF8.self))")
    }

    @Test func thePDFOrTheInkMayComeFromStandardInput() async throws {
        let folder = TestFolder()
        let (pdf, ink) = try Self.inputs(folder)
        let fromStdin = try await Self.run(["flatten", "-", "--ink", ink, "-o", "a.pdf", "-q"] + DemoLicence.arguments, in: folder,
                                           input: pdf)
        #expect(fromStdin.status == 0, "\(String(decoding: fromStdin.errors, as: UTF8.self))")
        #expect(try PopplerReader(path: folder.path("a.pdf")).pageCount == 8)
        let inkFromStdin = try await Self.run(["flatten", pdf, "--ink", "-", "-o", "-"] + DemoLicence.arguments, in: folder,
                                              input: ink)
        #expect(inkFromStdin.status == 0 && inkFromStdin.output.starts(with: Array("%PDF-".utf8)),
                "\(String(decoding: inkFromStdin.errors, as: UTF8.self))")
    }

    @Test func convertWritesInkLayersToStandardOutput() async throws {
        let folder = TestFolder()
        let (_, ink) = try Self.inputs(folder)
        let run = try await Self.run(["convert", "-", "-o", "-"], in: folder, input: ink)
        #expect(run.status == 0, "\(String(decoding: run.errors, as: UTF8.self))")
        let first = String(decoding: run.output, as: UTF8.self).split(separator: "\n").first ?? ""
        #expect(first.contains("\"format\":\"inkpdf-layers\""), "\(first)")
        #expect(Self.names(folder) == ["notes.ink.jsonl", "notes.pdf"], "\(Self.names(folder))")
    }

    @Test(arguments: [
        (["flatten", "a.pdf", "--ink", "a.ink.jsonl", "-o", "out.pdf", "--sidecar", "s.ink.jsonl.gz"],
         "flatten: --sidecar FILE goes with -o - (the PDF on standard output); with -o out.pdf the sidecar is written beside it"),
        (["export", "a.pdf", "--ink", "a.ink.jsonl", "-o", "-", "--sidecar", "s.ink.jsonl.gz", "--no-sidecar"],
         "export: --sidecar and --no-sidecar do not go together"),
        (["flatten", "-", "--ink", "-", "-o", "-"], "flatten: only one input can be standard input (-)"),
    ])
    func theSidecarAndStandardInputAreAskedForOnce(arguments: [String], message: String) {
        do { _ = try Command.parse(arguments); Issue.record("parsed") } catch { #expect(error.message == message) }
    }
}
