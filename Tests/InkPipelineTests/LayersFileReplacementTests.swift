import Foundation
import InkModel
import InkFixtures
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
}
