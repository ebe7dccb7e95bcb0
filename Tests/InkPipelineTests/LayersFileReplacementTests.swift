import Foundation
import InkModel
import InkFixtures
import InkFileSystem
import Testing
@testable import InkPipeline

/// A sidecar's predecessor is judged (does it decode?) while the new one is written,
/// and kept by that judgement when it is put aside, unless the file changed since.
@Suite struct LayersFileReplacementTests {
    @Test func aJudgementOfTheSameFileIsUsedAndOneOfAnotherIsNot() throws {
        let folder = TestFolder()
        let good = folder.writeInk("good.ink.jsonl", layers: [PageLayer(page: 1, strokes: [redStroke([(1, 1), (5, 5)])])])
        let judged = try #require(LayersFileReplacement.judge(good))
        #expect(try LayersFileReplacement.keepRevision(of: good, judged: judged) == .previous(good + ".prev"))

        // The same path, another file since: judged again (it no longer decodes).
        let changed = folder.writeInk("changed.ink.jsonl", layers: [PageLayer(page: 1, strokes: [redStroke([(1, 1), (5, 5)])])])
        let stale = try #require(LayersFileReplacement.judge(changed))
        _ = folder.write("not ink", to: "changed.ink.jsonl")
        #expect(try LayersFileReplacement.keepRevision(of: changed, judged: stale) == .damaged(LayersRevision.damaged(of: changed)))
        #expect(LayersFileReplacement.judge(folder.path("missing.ink.jsonl")) == nil)
    }

    @Test func aPredecessorWithTheSameBytesIsNotKeptAndTheOlderRevisionStays() throws {
        let folder = TestFolder()
        let layers = [PageLayer(page: 1, strokes: [redStroke([(1, 1), (5, 5)])])]
        let current = folder.writeInk("notes.ink.jsonl", layers: layers)
        let same = folder.writeInk("same.ink.jsonl", layers: layers)
        let other = folder.writeInk("other.ink.jsonl", layers: [PageLayer(page: 1, strokes: [redStroke([(2, 2), (6, 6)])])])
        _ = folder.write("an older revision", to: "notes.ink.jsonl.prev")

        // The same bytes as its replacement: nothing to keep, the older .prev untouched.
        let identical = try #require(LayersFileReplacement.judge(current, replacement: same))
        #expect(try LayersFileReplacement.keepRevision(of: current, judged: identical) == nil)
        #expect(try String(contentsOfFile: current + ".prev", encoding: .utf8) == "an older revision")

        // Other bytes: kept as the previous revision, as before.
        let differs = try #require(LayersFileReplacement.judge(current, replacement: other))
        #expect(try LayersFileReplacement.keepRevision(of: current, judged: differs) == .previous(current + ".prev"))
        #expect(FileIdentity.sameContents(current, current + ".prev"))
        #expect(!FileIdentity.sameContents(current, other) && !FileIdentity.sameContents(current, folder.path("missing")))
    }
}
