import InkBatch
import InkCLI
import InkFixtures
import Foundation
import InkPipeline
import Testing

@Suite struct BatchDiscoveryTests {
    @Test func findsInkedPDFsAtEveryDepthWithAnyNameAndListsThoseWithout() throws {
        let f = BatchFixture()
        try f.document("lecture 1.pdf")
        try f.document("Woche 2/Übung – ñ 東京.pdf", gzip: true)
        try f.document("week 3/deep/er/notes.PDF")
        try f.document("handout.pdf", ink: nil)
        _ = f.folder.write("not a pdf", to: "notes/readme.txt")

        let found = try BatchDiscovery.discover(source: f.source)
        #expect(found.documents.map(\.relativePath) == ["Woche 2/Übung – ñ 東京.pdf", "handout.pdf", "lecture 1.pdf", "week 3/deep/er/notes.PDF"])
        #expect(found.inked.map(\.relativePath) == ["Woche 2/Übung – ñ 東京.pdf", "lecture 1.pdf", "week 3/deep/er/notes.PDF"])
        #expect(found.uninked.map(\.relativePath) == ["handout.pdf"])
        #expect(found.documents[0].ink == f.sourcePath("Woche 2/Übung – ñ 東京.ink.jsonl.gz"))
        #expect(found.documents[2].ink == f.sourcePath("lecture 1.ink.jsonl"))
        #expect(found.documents[3].ink == f.sourcePath("week 3/deep/er/notes.ink.jsonl"))
        #expect(found.documents.allSatisfy { $0.size > 0 })
        #expect(found.unreadable.isEmpty && found.ignored.isEmpty)
    }

    @Test func plainInkIsPreferredToGzipWhenBothAreThere() throws {
        let f = BatchFixture()
        try f.document("a.pdf")
        f.writeInk(for: "a.pdf", shift: 5, gzip: true)
        #expect(try BatchDiscovery.discover(source: f.source).documents.map(\.ink) == [f.sourcePath("a.ink.jsonl")])
    }

    @Test func symlinkLoopsAndBrokenLinksAreNotedAndWalkedOnce() throws {
        let f = BatchFixture()
        try f.document("term/a.pdf")
        try FileManager.default.createSymbolicLink(atPath: f.sourcePath("term/again"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: f.sourcePath("gone.pdf"), withDestinationPath: "nowhere.pdf")

        let found = try BatchDiscovery.discover(source: f.source)
        #expect(found.documents.map(\.relativePath) == ["term/a.pdf"])
        #expect(found.ignored.map(\.path) == ["gone.pdf", "term/again"])
        #expect(found.ignored[1].reason.contains("symbolic link loop"))
        #expect(found.unreadable.isEmpty)
    }

    @Test func theOutputFolderInsideTheSourceIsNotSearched() throws {
        let f = BatchFixture()
        try f.document("a.pdf")
        let inside = f.sourcePath("flat")
        let plan = try BatchFlattener.plan(source: f.source, output: inside)
        #expect(plan.documents.map(\.relativePath) == ["a.pdf"])
        let report = BatchFlattener.run(plan)
        #expect(report.allSucceeded)
        // A second run does not pick up its own outputs as sources.
        let again = try BatchFlattener.plan(source: f.source, output: inside)
        #expect(again.documents.map(\.relativePath) == ["a.pdf"])
        #expect(again.discovery.ignored.map(\.path) == ["flat"])
    }

    @Test func badSourcesAndOutputsAreRefusedBeforeAnyWork() throws {
        let f = BatchFixture()
        let missing = f.folder.path("nope")
        #expect(throws: BatchError.sourceMissing(path: missing)) { try BatchDiscovery.discover(source: missing) }
        let pdf = try f.document("a.pdf")
        #expect(throws: BatchError.sourceNotAFolder(path: pdf)) { try BatchDiscovery.discover(source: pdf) }
        #expect(throws: BatchError.outputIsSource(path: f.source + "/.")) { try BatchFlattener.plan(source: f.source, output: f.source + "/.") }
        #expect(throws: BatchError.outputNotAFolder(path: pdf)) { try BatchFlattener.plan(source: f.source, output: pdf) }
        #expect(BatchError.sourceMissing(path: missing).exitCode == .inputMissing)
        #expect(BatchError.outputIsSource(path: "x").exitCode == .usage)
        #expect(BatchFixture.files(under: f.source) == ["a.ink.jsonl", "a.pdf"])
    }
}
