import InkBatch
import Foundation
import InkCLI
import InkPipeline
import InkModel
import InkFixtures
import Testing

@Suite struct BatchCommandTests {
    /// A folder with `notes/` holding two inked documents (one in a sub-folder with a space) and one without ink.
    final class Tree {
        private let scratch = TestFolder()
        var root: URL { scratch.url }
        var notes: String { root.appendingPathComponent("notes").path }
        var flattened: String { root.appendingPathComponent("flattened").path }

        init() throws {
            try FileManager.default.createDirectory(atPath: notes + "/week 1", withIntermediateDirectories: true)
            for name in ["a", "week 1/b", "handout"] {
                try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: "\(notes)/\(name).pdf"), pages: [TestPage()])
            }
            for name in ["a", "week 1/b"] { try writeInk(to: "\(notes)/\(name).ink.jsonl") }
        }


        func writeInk(to path: String) throws {
            let writer = try InkLayersWriter(path: path, compressionLevel: nil)
            try writer.write(header: InkLayersHeader())
            let point = { (x: Double) in StrokePoint(x: x, y: 40, t: 0, w: 4, h: 4, opacity: 1, force: 1, azimuth: 0, altitude: 1.5) }
            try writer.write(layer: PageLayer(page: 1, strokes: [
                Stroke(ink: Ink(type: .pen, colorText: "#000000FF", color: RGBAColor(red: 0, green: 0, blue: 0)),
                       created: 1_764_460_000, interpolation: .linear, points: [point(20), point(90)]),
            ]))
            try writer.close()
        }

        func run(_ arguments: [String], environment: [String: String] = DemoLicence.environment) -> (code: Int32, out: String, err: String) {
            var out = "", err = ""
            let code = CommandRunner(environment: environment).run(arguments, output: &out, errors: &err)
            return (code, out, err)
        }
    }

    @Test func parsesEveryOption() throws {
        let command = try Command.parse(["batch", "notes", "-o", "out", "--jobs", "3", "--shard", "2/4", "--json", "r.json",
                                         "--progress", "lines", "--copy-uninked", "--force", "--password", "pw",
                                         "--strip-metadata", "--quiet", "--policy", "p.json"])
        #expect(command == .batch(BatchArguments(source: "notes", output: "out", jobs: 3, shard: BatchShard(index: 2, count: 4),
                                                 json: "r.json", progress: .lines, quiet: true, copyUninked: true, force: true,
                                                 password: "pw", stripMetadata: true, gate: GateOptions(policy: "p.json"))))
    }

    @Test(arguments: [
        (["batch", "-o", "out"], "batch: which folder? give the folder of PDFs and their ink; see 'inkpdf batch --help'"),
        (["batch", "notes"], "batch: give the output folder with -o FOLDER; see 'inkpdf batch --help'"),
        (["batch", "notes", "-o", "out", "--jobs", "0"], "batch: --jobs '0' is not a number of documents at once (1 or more); see 'inkpdf batch --help'"),
        (["batch", "notes", "-o", "out", "--shard", "5/4"], "batch: --shard '5/4' is not K/N with 1 ≤ K ≤ N, like 2/8; see 'inkpdf batch --help'"),
        (["batch", "notes", "-o", "out", "--progress", "fancy"], "batch: --progress 'fancy' is not auto, live or lines; see 'inkpdf batch --help'"),
        (["batch", "notes", "-o", "out", "--colour"], "batch: unknown option '--colour'; see 'inkpdf batch --help'"),
    ])
    func badCommandLines(arguments: [String], message: String) {
        do {
            _ = try Command.parse(arguments)
            Issue.record("parsed \(arguments)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func flattensTheTreePrintsALinePerDocumentAndWritesTheReport() throws {
        let tree = try Tree()
        let report = tree.root.appendingPathComponent("report.json").path
        let first = tree.run(["batch", tree.notes, "-o", tree.flattened, "--jobs", "2", "--progress", "lines", "--json", report])
        #expect(first.code == 0, "\(first.err)")
        #expect(first.err.isEmpty)
        #expect(first.out.split(separator: "\n").sorted() == [
            "batch: 3 documents: 2 flattened (2 pages), 0 up to date, 1 skipped without ink, 0 failed",
            "flattened a.pdf (1 page, 1 with ink, 1 stroke)",
            "flattened week 1/b.pdf (1 page, 1 with ink, 1 stroke)",
            "skipped handout.pdf (no ink beside it)",
        ])
        #expect(FileManager.default.fileExists(atPath: tree.flattened + "/week 1/b.pdf"))
        #expect(FileManager.default.fileExists(atPath: tree.flattened + "/week 1/b.ink.jsonl.gz"))
        let json = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        #expect((json?["counts"] as? [String: Int])?["flattened"] == 2)

        let second = tree.run(["batch", tree.notes, "-o", tree.flattened, "--progress", "lines"])
        #expect(second.code == 0)
        #expect(second.out.hasSuffix("batch: 3 documents: 0 flattened (0 pages), 2 up to date, 1 skipped without ink, 0 failed\n"))
        #expect(second.out.contains("up to date week 1/b.pdf\n"))

        let quiet = tree.run(["batch", tree.notes, "-o", tree.flattened, "--quiet", "--force"])
        #expect(quiet.code == 0 && quiet.out.isEmpty && quiet.err.isEmpty)
    }

    @Test func aFailedDocumentIsListedAndTheExitCodeSaysSo() throws {
        let tree = try Tree()
        try Data("not a PDF".utf8).write(to: URL(fileURLWithPath: tree.notes + "/broken.pdf"))
        try tree.writeInk(to: tree.notes + "/broken.ink.jsonl")
        let result = tree.run(["batch", tree.notes, "-o", tree.flattened, "--progress", "lines"])
        #expect(result.code == ExitCode.batchFailures.rawValue)
        #expect(result.code == 91)
        let reason = "\(tree.notes)/broken.pdf: not a PDF or damaged beyond repair"
        let errorLines = result.err.split(separator: "\n").map(String.init)
        #expect(errorLines.count == 2)
        #expect(errorLines.allSatisfy { $0.hasPrefix("inkpdf: batch: failed: broken.pdf: \(reason)") })
        #expect(result.out.contains("batch: 4 documents: 2 flattened (2 pages), 0 up to date, 1 skipped without ink, 1 failed\n"))
        #expect(!FileManager.default.fileExists(atPath: tree.flattened + "/broken.pdf"))
    }

    @Test func theGateIsConsultedOnceAndRefusesBeforeAnyWork() throws {
        let tree = try Tree()
        let refused = tree.run(["batch", tree.notes, "-o", tree.flattened], environment: [:])
        #expect(refused.code == ExitCode.entitlementRequired.rawValue)
        #expect(refused.err.hasPrefix("inkpdf: batch refused ("))
        #expect(refused.err.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: tree.flattened))

        let policy = tree.root.appendingPathComponent("policy.json")
        try #"{"exportAnnotated":"free"}"#.write(to: policy, atomically: true, encoding: .utf8)
        let free = tree.run(["batch", tree.notes, "-o", tree.flattened, "--policy", policy.path, "--quiet"], environment: [:])
        #expect(free.code == 0, "\(free.err)")
    }

    @Test func badFoldersAreOneActionableLine() throws {
        let tree = try Tree()
        let missing = tree.root.appendingPathComponent("nope").path
        let result = tree.run(["batch", missing, "-o", tree.flattened])
        #expect(result.code == ExitCode.inputMissing.rawValue)
        #expect(result.err == "inkpdf: batch: \(missing): no such folder; give the folder that holds the PDFs and their ink\n")
        let same = tree.run(["batch", tree.notes, "-o", tree.notes])
        #expect(same.code == ExitCode.usage.rawValue)
    }

    @Test func theShardsOfTheCommandTogetherDoEveryDocumentOnce() throws {
        let tree = try Tree()
        var flattened: [String] = []
        for k in 1...3 {
            let result = tree.run(["batch", tree.notes, "-o", tree.flattened, "--shard", "\(k)/3", "--progress", "lines"])
            #expect(result.code == 0)
            flattened += result.out.split(separator: "\n").filter { $0.hasPrefix("flattened ") || $0.hasPrefix("skipped ") }.map(String.init)
        }
        #expect(flattened.sorted() == ["flattened a.pdf (1 page, 1 with ink, 1 stroke)",
                                       "flattened week 1/b.pdf (1 page, 1 with ink, 1 stroke)",
                                       "skipped handout.pdf (no ink beside it)"])
    }
}

/// `batch` over a tablet backup and Xournal++ files, as a user runs it.
@Suite struct ForeignBatchCommandTests {
    @Test func aTabletBackupIsFlattenedToTheNamesTheTabletShowsAndThenUpToDate() throws {
        let tree = try BatchCommandTests.Tree()
        var page = LinesV6Builder()
        page.layer((0, 11), name: "Layer 1", item: (0, 12))
        page.line(parent: (0, 11), item: (1, 20), tool: 15, points: [.init(x: -200, y: 300), .init(x: 200, y: 400)])
        let tablet = TabletFolderWriter(folder: tree.notes + "/backup/xochitl")
        tablet.collection(id: TabletFolderWriter.id(1), name: "Lectures")
        try tablet.document(id: TabletFolderWriter.id(2), name: "Week 1: notes", parent: TabletFolderWriter.id(1),
                            pdf: tree.notes + "/handout.pdf", pages: [.init(lines: page.bytes, pdfPage: 0)])
        try tablet.document(id: TabletFolderWriter.id(3), name: "Draft", parent: "trash", pages: [.init(lines: page.bytes)])
        let xopp = """
            <?xml version="1.0" standalone="no"?>
            <xournal creator="xournalpp 1.2.3" fileversion="4"><page width="612" height="792">
            <background type="solid" color="#ffffffff" style="graph"/>
            <layer><stroke tool="pen" color="#0000ffff" width="2">10 10 300 300</stroke></layer></page></xournal>
            """
        _ = FileManager.default.createFile(atPath: tree.notes + "/week 1/board.xopp", contents: Data(xopp.utf8))

        let first = tree.run(["batch", tree.notes, "-o", tree.flattened, "--progress", "lines"])
        #expect(first.code == 0, "\(first.err)")
        let lines = first.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("flattened backup/xochitl/Lectures/Week 1: notes.pdf (1 page, 1 with ink, 1 stroke)"))
        #expect(lines.contains("flattened week 1/board.pdf (1 page, 1 with ink, 1 stroke)"))
        #expect(first.err.contains("inkpdf: batch: note: backup/xochitl/\(TabletFolderWriter.id(3)) (“Draft”): in the tablet's trash; skipped"))
        #expect(FileManager.default.fileExists(atPath: tree.flattened + "/backup/xochitl/Lectures/Week 1: notes.rmdoc"))
        #expect(FileManager.default.fileExists(atPath: tree.flattened + "/week 1/board.xopp"))

        let second = tree.run(["batch", tree.notes, "-o", tree.flattened, "--progress", "lines"])
        #expect(second.code == 0)
        #expect(second.out.contains("up to date backup/xochitl/Lectures/Week 1: notes.pdf"))
        #expect(second.out.contains("up to date week 1/board.pdf"))
        #expect(!second.out.split(separator: "\n").contains { $0.hasPrefix("flattened ") })
    }
}
