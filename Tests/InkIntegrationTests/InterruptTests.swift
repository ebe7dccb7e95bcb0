import Foundation
import InkCLI
import InkPipeline
import InkModel
import InkFixtures
import Testing

/// The real executable: a signal mid-flatten leaves no partial file.
@Suite struct InterruptTests {
    /// In the middle of a real document, and during a page poppler never finishes
    /// (the generated stalling PDF), so that the signal surely comes mid-work.
    @Test(arguments: [SIGINT, SIGTERM], ["pages", "loops"])
    func signalLeavesNoPartialOutput(signal: Int32, document: String) async throws {
        let scratch = TestFolder()
        let folder = scratch.url
        let pdf = folder.appendingPathComponent("big.pdf"), ink = folder.appendingPathComponent("big.ink.jsonl")
        try SampleDocuments.writeBenchmark(pages: 60, pdf: pdf, ink: ink)
        if document == "loops" {
            try StallingPDF.write(to: pdf.path)
            try Data("{\"format\":\"inkpdf-layers\",\"version\":1}\n".utf8).write(to: ink)
        }
        let outFolder = folder.appendingPathComponent("out")

        let process = Process()
        process.executableURL = BuiltExecutable.inkpdf
        process.arguments = ["flatten", pdf.path, "--ink", ink.path, "-o", outFolder.appendingPathComponent("big.pdf").path]
            + DemoLicence.arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        // Interrupt once the output's temporary file exists.
        let names = { (try? FileManager.default.contentsOfDirectory(atPath: outFolder.path)) ?? [] }
        let pid = process.processIdentifier
        try #require(await eventually({ names().contains { $0.hasPrefix(".big.pdf.inkpdf-") } }, then: { kill(pid, signal) }),
                     "the output was begun")
        let message = String(decoding: await errors.readToEnd(), as: UTF8.self)
        #expect(await process.ended() == (signal == SIGINT ? 130 : 143), "\(message)")
        #expect(message.hasSuffix("no partial output was left\n"))
        #expect(names().isEmpty, "left behind: \(names())")
    }
}
