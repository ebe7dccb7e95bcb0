import InkCLI
import Foundation
import InkFixtures
import Testing

/// A PDF that makes poppler loop is stopped after `--stall-timeout` without
/// progress (exit 88, naming the page), long before `--timeout`. Each run is bounded from its start
/// (`ChildProcess.runLimit`), not from the test's: it may wait for a core behind the suite's children first.
@Suite struct StallTests {
    final class Fixture {
        let scratch = TestFolder()
        let folder: URL
        let ink: String
        var out: String { folder.appendingPathComponent("out").path }
        var leftInOutput: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).sorted() }

        init() throws {
            folder = scratch.url
            ink = folder.appendingPathComponent("empty.ink.jsonl").path
            try Data("{\"format\":\"inkpdf-layers\",\"version\":1}\n".utf8).write(to: URL(fileURLWithPath: ink))
        }


        /// The generated stalling PDF, or the shared corpus's (when it is there).
        func pdf(_ source: String) throws -> String {
            if source == "generated" {
                let path = folder.appendingPathComponent("stalls.pdf").path
                try StallingPDF.write(to: path)
                return path
            }
            return source
        }
    }

    static let corpusFile = SharedCorpus.path("pdfs/qpdf-shared-unnamed-field.pdf")

    @Test(arguments: ["flatten", "render"])
    func aGeneratedPDFThatMakesPopplerLoopStopsAfterTheStallTimeout(command: String) async throws {
        try await stopsAfterTheStallTimeout(source: "generated", command: command)
    }

    @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.missing)), arguments: ["flatten", "render"])
    func aCorpusPDFThatMakesPopplerLoopStopsAfterTheStallTimeout(command: String) async throws {
        try #require(FileManager.default.fileExists(atPath: Self.corpusFile), "\(Self.corpusFile) is missing from the corpus")
        try await stopsAfterTheStallTimeout(source: Self.corpusFile, command: command)
    }

    func stopsAfterTheStallTimeout(source: String, command: String) async throws {
        let f = try Fixture()
        let pdf = try f.pdf(source)
        let output = command == "flatten" ? f.out + "/out.pdf" : f.out
        let run = try await Run.of([command, pdf, "--ink", f.ink, "-o", output, "--stall-timeout", "3"]
                             + (command == "flatten" ? DemoLicence.arguments : []))
        #expect(run.status == ExitCode.timedOut.rawValue, "\(run.errors)")
        // The message says which watchdog ended it: the stall watchdog's ("without progress"), not the overall timeout's.
        #expect(run.errors == "inkpdf: \(pdf): page 1: stopped after 3 s without progress on this page (a damaged PDF can make poppler loop); nothing was written; check the file, or raise --stall-timeout\n")
        #expect(f.leftInOutput.isEmpty, "left behind: \(f.leftInOutput)")
    }

    /// The overall bound still holds for a worker that reports nothing: it ends at `--timeout`.
    @Test func theOverallTimeoutStillBounds() async throws {
        let f = try Fixture()
        let pdf = try f.pdf("generated")
        let run = try await Run.of(["flatten", pdf, "--ink", f.ink, "-o", f.out + "/out.pdf", "--timeout", "3", "--stall-timeout", "600"]
                             + DemoLicence.arguments)
        #expect(run.status == ExitCode.timedOut.rawValue, "\(run.errors)")
        #expect(run.errors.hasPrefix("inkpdf: \(pdf): stopped after 3 s without finishing"), "\(run.errors)")
        #expect(f.leftInOutput.isEmpty, "left behind: \(f.leftInOutput)")
    }

    /// In a batch, the stalled document fails with its page named and the others are done.
    @Test func aStalledDocumentInABatchFailsAlone() async throws {
        let f = try Fixture()
        let source = f.folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try StallingPDF.write(to: source.appendingPathComponent("loops.pdf").path)
        try FileManager.default.copyItem(atPath: f.ink, toPath: source.appendingPathComponent("loops.ink.jsonl").path)
        try SampleDocuments.writeBenchmark(pages: 2, pdf: source.appendingPathComponent("fine.pdf"),
                                           ink: source.appendingPathComponent("fine.ink.jsonl"))
        let run = try await Run.of(["batch", source.path, "-o", f.out, "--stall-timeout", "3", "--progress", "lines"] + DemoLicence.arguments)
        #expect(run.status == ExitCode.batchFailures.rawValue, "\(run.errors)")
        #expect(run.errors.contains("inkpdf: batch: failed: loops.pdf: \(source.path)/loops.pdf: page 1: stopped after 3 s without progress on this page"), "\(run.errors)")
        #expect(run.output.contains("flattened fine.pdf (2 pages"), "\(run.output)")
        #expect(f.leftInOutput == ["fine.ink.jsonl.gz", "fine.pdf"], "\(f.leftInOutput)")
    }
}
