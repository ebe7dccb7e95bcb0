import InkBatch
import InkCLI
import InkFixtures
import Foundation
import InkPipeline
import InkModel
import Testing

@Suite struct BatchFlattenerTests {
    /// A tree of five small documents, one of them without ink.
    static func fixture() throws -> BatchFixture {
        let f = BatchFixture()
        try f.document("a.pdf")
        try f.document("week 1/b.pdf", pages: 2, ink: 10)
        try f.document("week 1/c ü.pdf", pages: 3, ink: 20, gzip: true)
        try f.document("week 2/d.pdf", pages: 2, ink: 30)
        try f.document("week 2/handout.pdf", ink: nil)
        return f
    }

    @Test func flattensEveryInkedDocumentToTheSameRelativePathWithItsSidecar() throws {
        let f = try Self.fixture()
        var seen: [String] = []
        var last: BatchProgress?
        let report = BatchFlattener.run(try BatchFlattener.plan(source: f.source, output: f.output),
                                        options: BatchOptions(jobs: 2)) { result, progress in
            seen.append(result.document.relativePath)
            last = progress
        }
        #expect(report.exitCode == .success)
        #expect(report.results.map(\.statusKey) == ["flattened", "flattened", "flattened", "flattened", "skipped"])
        #expect(report.pagesWritten == 8)
        #expect(seen.sorted() == report.results.map(\.document.relativePath).sorted())
        #expect(last?.documentsDone == 5 && last?.documentsTotal == 5 && last?.pagesDone == 8 && last?.bytesDone == last?.bytesTotal)
        #expect(BatchFixture.files(under: f.output) == [
            "a.ink.jsonl.gz", "a.pdf", "week 1/b.ink.jsonl.gz", "week 1/b.pdf", "week 1/c ü.ink.jsonl.gz", "week 1/c ü.pdf",
            "week 2/d.ink.jsonl.gz", "week 2/d.pdf",
        ])
        // The sidecar records the PDF's and the ink's SHA-256.
        let header = try InkLayersReader(path: f.outputPath("week 1/b.ink.jsonl.gz")).header
        #expect(header.pdfSHA256 == (try ExportError.sha256(ofFileAt: f.sourcePath("week 1/b.pdf"))))
        #expect(header.extra["source"] == .object(JSONObject([(key: "inkSha256", value: .string(try ExportError.sha256(ofFileAt: f.sourcePath("week 1/b.ink.jsonl"))))])))
        #expect(report.summaryLines == ["batch: 5 documents: 4 flattened (8 pages), 0 up to date, 1 skipped without ink, 0 failed"])
    }

    @Test func parallelOutputEqualsSerialOutput() throws {
        let f = try Self.fixture()
        let plan = try BatchFlattener.plan(source: f.source, output: f.output)
        #expect(BatchFlattener.run(plan, options: BatchOptions(jobs: 1)).allSucceeded)
        let serial = f.outputBytes()
        try FileManager.default.removeItem(atPath: f.output)
        #expect(BatchFlattener.run(plan, options: BatchOptions(jobs: 4)).allSucceeded)
        let parallel = f.outputBytes()
        #expect(serial.count == 8)
        #expect(parallel.keys.sorted() == serial.keys.sorted())
        for (name, bytes) in serial { #expect(parallel[name] == bytes, "\(name) differs") }
    }

    @Test func failuresAreIsolatedAndListedWithTheirReasons() async throws {
        let f = try Self.fixture()
        // A damaged PDF, invalid ink, and an encrypted PDF without a password.
        _ = f.folder.write("this is not a PDF\n", to: "notes/week 2/broken.pdf")
        f.writeInk(for: "week 2/broken.pdf", shift: 0)
        try f.document("bad ink.pdf")
        _ = f.folder.write("{\"format\":\"inkpdf-layers\",\"version\":1}\n{\"page\":1,\"strokes\":[{]}\n", to: "notes/bad ink.ink.jsonl")
        try await runQPDF(["--encrypt", "sesame", "owner-pw", "256", "--", f.sourcePath("a.pdf"), f.sourcePath("locked.pdf")])
        f.writeInk(for: "locked.pdf", shift: 0)

        let report = BatchFlattener.run(try BatchFlattener.plan(source: f.source, output: f.output), options: BatchOptions(jobs: 2))
        #expect(report.exitCode == .batchFailures)
        #expect(ExitCode.batchFailures.rawValue == 91)
        let failed = report.failures.map { "\($0.document.relativePath): \($0.failure!.exitCode)" }
        #expect(failed == ["bad ink.pdf: invalidInk", "locked.pdf: passwordRequired", "week 2/broken.pdf: damagedPDF"])
        #expect(report.flattenedCount == 4)
        #expect(report.failures[1].failure == .opening(.passwordRequired(path: f.sourcePath("locked.pdf"))))
        let summary = report.summaryLines
        #expect(summary.first == "batch: 8 documents: 4 flattened (8 pages), 0 up to date, 1 skipped without ink, 3 failed")
        let failedNames: [String] = summary.dropFirst().map { (line: String) -> String in String(line.dropFirst(8).prefix(while: { $0 != ":" })) }
        #expect(failedNames == ["bad ink.pdf", "locked.pdf", "week 2/broken.pdf"])
        #expect(summary.dropFirst().allSatisfy { $0.hasPrefix("failed: ") })
        #expect(summary[2] == "failed: locked.pdf: \(f.sourcePath("locked.pdf")): the PDF is encrypted; give its password with --password or INKPDF_PASSWORD")
        // Nothing of the failed documents, and no temporary file, was left.
        #expect(BatchFixture.files(under: f.output).filter { $0.contains("broken") || $0.contains("locked") || $0.contains("bad ink") || $0.contains(".inkpdf-") }.isEmpty)

        // With the password, the encrypted one goes through.
        let retry = BatchFlattener.run(try BatchFlattener.plan(source: f.source, output: f.output),
                                       options: BatchOptions(flatten: FlattenOptions(password: "sesame")))
        #expect(retry.results.first { $0.document.relativePath == "locked.pdf" }?.statusKey == "flattened")
        #expect(retry.failures.count == 2)
    }

    @Test func aRerunSkipsUpToDateDocumentsAndRedoesChangedOnes() throws {
        let f = try Self.fixture()
        let plan = { try BatchFlattener.plan(source: f.source, output: f.output) }
        #expect(BatchFlattener.run(try plan()).flattenedCount == 4)
        let first = f.outputBytes()

        let again = BatchFlattener.run(try plan())
        #expect(again.results.map(\.statusKey) == ["upToDate", "upToDate", "upToDate", "upToDate", "skipped"])
        #expect(again.pagesWritten == 0 && again.exitCode == .success)
        #expect(f.outputBytes() == first)

        // New ink for one, a new PDF for another, a lost sidecar for a third (as after Ctrl-C between the two renames).
        f.writeInk(for: "a.pdf", shift: 40)
        try f.document("week 2/d.pdf", pages: 1, ink: 30)
        try FileManager.default.removeItem(atPath: f.outputPath("week 1/b.ink.jsonl.gz"))
        let third = BatchFlattener.run(try plan())
        #expect(third.results.map(\.statusKey) == ["flattened", "flattened", "upToDate", "flattened", "skipped"])
        #expect(f.outputBytes()["week 1/c ü.pdf"] == first["week 1/c ü.pdf"])
        #expect(f.outputBytes()["a.pdf"] != first["a.pdf"])

        // --force redoes everything.
        let forced = BatchFlattener.run(try plan(), options: BatchOptions(force: true))
        #expect(forced.flattenedCount == 4)
    }

    @Test func uninkedPDFsAreCopiedWhenAsked() throws {
        let f = try Self.fixture()
        let plan = try BatchFlattener.plan(source: f.source, output: f.output)
        let report = BatchFlattener.run(plan, options: BatchOptions(copyUninked: true))
        #expect(report.results.last?.outcome == .copied)
        #expect(fileBytes(f.outputPath("week 2/handout.pdf")) == fileBytes(f.sourcePath("week 2/handout.pdf")))
        #expect(BatchFlattener.run(plan, options: BatchOptions(copyUninked: true)).results.last?.outcome == .copyUpToDate)
        #expect(report.summaryLines[0].contains("1 copied"))
    }

    @Test func theJSONReportListsEveryDocumentAndFailure() throws {
        let f = try Self.fixture()
        _ = f.folder.write("%PDF-1.5\n1 0 obj\n<< /Type /Catalog", to: "notes/broken.pdf")
        f.writeInk(for: "broken.pdf", shift: 0)
        let report = BatchFlattener.run(try BatchFlattener.plan(source: f.source, output: f.output, shard: BatchShard(index: 1, count: 1)),
                                        options: BatchOptions(jobs: 3))
        let path = f.folder.path("reports/report.json")
        try report.writeJSON(to: path)
        #expect(!f.folder.contents.contains { $0.hasPrefix(".") })
        let data = try #require(fileBytes(path))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["source"] as? String == f.source)
        #expect(json["output"] as? String == f.output)
        #expect(json["jobs"] as? Int == 3)
        #expect(json["allSucceeded"] as? Bool == false)
        #expect((json["shard"] as? [String: Int]) == ["index": 1, "count": 1])
        #expect((json["counts"] as? [String: Int]) == ["documents": 6, "flattened": 4, "upToDate": 0, "copied": 0, "skipped": 1, "failed": 1, "pages": 8])
        let documents = try #require(json["documents"] as? [[String: Any]])
        #expect(documents.map { $0["path"] as? String } == ["a.pdf", "broken.pdf", "week 1/b.pdf", "week 1/c ü.pdf", "week 2/d.pdf", "week 2/handout.pdf"])
        #expect(documents.map { $0["status"] as? String } == ["flattened", "failed", "flattened", "flattened", "flattened", "skipped"])
        #expect(documents[2]["pages"] as? Int == 2 && documents[2]["inkedPages"] as? Int == 1 && documents[2]["strokes"] as? Int == 1)
        #expect(documents[2]["output"] as? String == f.outputPath("week 1/b.pdf"))
        #expect(documents[2]["sidecar"] as? String == f.outputPath("week 1/b.ink.jsonl.gz"))
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(failures.count == 1)
        #expect(failures[0]["path"] as? String == "broken.pdf")
        #expect(failures[0]["exitCode"] as? Int == 80)
        #expect((failures[0]["reason"] as? String)?.hasPrefix("\(f.sourcePath("broken.pdf")): not a PDF or damaged beyond repair") == true)
    }
}
