import Foundation
import InkFixtures
import Testing

/// Ctrl-C in a batch (issue 53, item 6), through the real executable: only the document in flight is
/// interrupted, the others are not started (and not listed one by one as failures), the `--json` report
/// is written and says so, the exit is 130, and a run again goes on from where it stopped.
@Suite struct BatchInterruptReportTests {
    @Test func ctrlCStopsTheDocumentInFlightAndReportsTheRest() async throws {
        let scratch = TestFolder()
        let source = scratch.path("in"), output = scratch.path("out"), report = scratch.path("report.json")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for name in ["a", "c", "d", "e"] {
            try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: "\(source)/\(name).pdf"),
                                                 ink: URL(fileURLWithPath: "\(source)/\(name).ink.jsonl"))
        }
        // b.pdf: a page poppler never finishes, so that the signal surely comes while it is in flight.
        try StallingPDF.write(to: "\(source)/b.pdf")
        try Data("{\"format\":\"inkpdf-layers\",\"version\":1}\n".utf8).write(to: URL(fileURLWithPath: "\(source)/b.ink.jsonl"))

        let process = Process()
        process.executableURL = BuiltExecutable.inkpdf
        process.arguments = ["batch", source, "-o", output, "-j", "1", "--json", report, "--progress", "lines", "--stall-timeout", "240"]
            + DemoLicence.arguments
        let errors = Pipe(), lines = Pipe()
        process.standardError = errors
        process.standardOutput = lines
        try process.run()
        let names = { (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? [] }
        let pid = process.processIdentifier
        try #require(await eventually({ names().contains { $0.hasPrefix(".b.pdf.inkpdf-") } }, then: { kill(pid, SIGINT) }),
                     "b.pdf was begun")
        async let printed = lines.readToEnd()
        let message = String(decoding: await errors.readToEnd(), as: UTF8.self)
        #expect(await process.ended() == 130, "\(message)")
        _ = await printed
        #expect(message.components(separatedBy: "interrupted: b.pdf").count == 2, "\(message)")
        #expect(!message.contains("failed:") && !message.contains("c.pdf"), "\(message)")
        #expect(message.contains("1 interrupted, 3 not started"), "\(message)")
        #expect(!names().contains { $0.hasPrefix(".") || $0 == "b.pdf" }, "left behind: \(names())")

        let data = try #require(FileManager.default.contents(atPath: report), "the report was written")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["interrupted"] as? Bool == true && object["signal"] as? String == "SIGINT", "\(object)")
        let statuses = (object["documents"] as? [[String: Any]] ?? []).map { "\($0["path"] ?? "")=\($0["status"] ?? "")" }
        #expect(statuses == ["a.pdf=flattened", "b.pdf=interrupted", "c.pdf=notStarted", "d.pdf=notStarted", "e.pdf=notStarted"], "\(statuses)")

        // A run again (without the document that never ends) goes on: a.pdf is up to date, the rest are done.
        try FileManager.default.removeItem(atPath: "\(source)/b.pdf")
        try FileManager.default.removeItem(atPath: "\(source)/b.ink.jsonl")
        let again = try await Run.of(["batch", source, "-o", output, "-j", "1", "--progress", "lines"] + DemoLicence.arguments)
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output.contains("up to date a.pdf") && again.output.contains("flattened c.pdf") && again.output.contains("flattened e.pdf"),
                "\(again.output)")
    }
}
