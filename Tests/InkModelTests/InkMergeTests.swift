import InkFixtures
import Foundation
import Testing
@testable import InkModel

@Suite struct InkMergeTests {
    typealias F = MergeFixtures

    @Test func theRemoteAdditionSurvivesWhileTheLocalDeletionIsRespected() {
        let a = F.stroke(1), b = F.stroke(2), c = F.stroke(3)
        let merged = InkMerge.mergeStrokes(base: [a, b], local: [a], remote: [a, b, c], layer: "Notes")
        #expect(merged.strokes == [a, c])
        #expect(merged.changes == [
            MergeReport.Change(kind: .removed, side: .local, layer: "Notes", gesture: .created(2), ink: "pen", strokes: 1),
            MergeReport.Change(kind: .added, side: .remote, layer: "Notes", gesture: .created(3), ink: "pen", strokes: 1),
        ])
    }

    /// An eraser cut the stroke in two on one side; the other side left it alone: the erased version wins.
    @Test(arguments: [false, true])
    func anEraserSplitOnOneSideWinsOverTheUntouchedOther(splitOnRemote: Bool) {
        let whole = F.stroke(5), other = F.stroke(6)
        let pieces = [F.stroke(5, 0..<8), F.stroke(5, 12..<20)]
        let split = pieces + [other], untouched = [whole, other]
        let merged = InkMerge.mergeStrokes(base: untouched, local: splitOnRemote ? untouched : split,
                                           remote: splitOnRemote ? split : untouched)
        #expect(merged.strokes == pieces + [other])
        #expect(merged.changes == [MergeReport.Change(kind: .changed, side: splitOnRemote ? .remote : .local, layer: nil,
                                                      gesture: .created(5), ink: "pen", strokes: 2)])
    }

    /// Both sides erased different parts of one gesture: what both kept remains, and it is a conflict.
    @Test func theSameGestureErasedDifferentlyOnBothSidesKeepsWhatBothKept() {
        let base = [F.stroke(5)]
        let local = [F.stroke(5, 0..<8), F.stroke(5, 12..<20)]   // erased the middle
        let remote = [F.stroke(5, 0..<15)]                         // erased the tail
        let merged = InkMerge.mergeStrokes(base: base, local: local, remote: remote)
        #expect(merged.strokes == [F.stroke(5, 0..<8), F.stroke(5, 12..<15)])
        #expect(merged.changes == [MergeReport.Change(
            kind: .conflict, side: .both, layer: nil, gesture: .created(5), ink: "pen", strokes: 2,
            detail: "changed differently on both sides; kept what both kept (2 strokes)")])
        // The same, the other way round.
        #expect(InkMerge.mergeStrokes(base: base, local: remote, remote: local).strokes == [F.stroke(5, 0..<8), F.stroke(5, 12..<15)])
    }

    @Test func aGestureDeletedOnOneSideAndPartlyErasedOnTheOtherIsRemoved() {
        let merged = InkMerge.mergeStrokes(base: [F.stroke(5), F.stroke(6)], local: [F.stroke(6)],
                                           remote: [F.stroke(5, 0..<10), F.stroke(6)])
        #expect(merged.strokes == [F.stroke(6)])
        #expect(merged.changes.map(\.kind) == [.conflict])
        #expect(merged.changes[0].detail == "changed differently on both sides; nothing of it was kept by both, so it is removed")
    }

    @Test func pixelEraserMasksAndInkChangesAreTakenFromTheSideThatMadeThem() {
        let base = [F.stroke(5)]
        // Local recoloured it as a marker and erased its tail; remote pixel-erased a corner.
        let local = [F.stroke(5, 0..<15, ink: .marker)]
        let remote = [F.stroke(5, mask: "M 0 0 L 5 0 L 5 5 Z")]
        let merged = InkMerge.mergeStrokes(base: base, local: local, remote: remote)
        #expect(merged.strokes == [F.stroke(5, 0..<15, ink: .marker, mask: "M 0 0 L 5 0 L 5 5 Z")])
        #expect(merged.changes.map(\.kind) == [.conflict])
    }

    @Test(arguments: [nil, "A"] as [String?])
    func bothSidesAddingStrokesWithEqualTimestampsKeepBoth(localID: String?) {
        let base = [F.stroke(1)]
        let mine = F.stroke(7, 0..<5, id: localID), theirs = F.stroke(7, 30..<40, id: localID == nil ? nil : "B")
        let merged = InkMerge.mergeStrokes(base: base, local: base + [mine], remote: base + [theirs])
        #expect(merged.strokes == [F.stroke(1), mine, theirs])
        #expect(merged.changes.map(\.kind) == [.added, .added])
        #expect(merged.changes.map(\.side) == [.local, .remote])
        // Deterministic: the same inputs give the same order, whichever order the layers list them in.
        #expect(InkMerge.mergeStrokes(base: base, local: [mine] + base, remote: [theirs] + base).strokes == merged.strokes)
    }

    @Test func strokesComeOutOrderedByCreated() {
        let merged = InkMerge.mergeStrokes(base: [], local: [F.stroke(9), F.stroke(2)], remote: [F.stroke(5), F.stroke(9)])
        #expect(merged.strokes.map(\.created) == [2, 5, 9])
    }

    @Test func theSameAdditionOnBothSidesIsKeptOnce() {
        let merged = InkMerge.mergeStrokes(base: [], local: [F.stroke(3)], remote: [F.stroke(3)])
        #expect(merged.strokes == [F.stroke(3)])
        #expect(merged.changes.map(\.side) == [.both])
    }

    @Test func strokesWithIDsAreMatchedByID() {
        // Remote moved stroke "X" (same id, new created time); local erased "Y".
        let x = F.stroke(1, id: "X"), y = F.stroke(2, id: "Y")
        var moved = x
        moved.transform = StrokeTransform(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 0)
        let merged = InkMerge.mergeStrokes(base: [x, y], local: [x], remote: [moved, y])
        #expect(merged.strokes == [moved])
    }

    @Test func aPageOrLayerOnlyOneSideHasIsKept() throws {
        try TestFolder.with { directory in
            let base = directory.path("base.ink.jsonl"), local = directory.path("local.ink.jsonl")
            let remote = directory.path("remote.ink.jsonl"), output = directory.path("merged.ink.jsonl")
            let notes = F.layer(1, "Notes", [F.stroke(1)])
            try F.write([notes], to: base)
            try F.write([notes, F.layer(4, "Notes", [F.stroke(2)])], to: local)             // a new page
            try F.write([F.layer(1, "Highlights", [F.stroke(3, ink: .marker)]), notes], to: remote)  // a new layer
            let report = try F.merge(base: base, local: local, remote: remote, output: output)
            let (_, layers) = try InkFiles.readAll(output)
            #expect(layers == [notes, F.layer(1, "Highlights", [F.stroke(3, ink: .marker)]), F.layer(4, "Notes", [F.stroke(2)])])
            #expect(report.pages.map(\.page) == [1, 4])
            #expect(report.pagesWritten == 2 && report.layersWritten == 3 && report.strokesWritten == 3)
        }
    }

    @Test func aLayerOneSideDeletedGoesUnlessTheOtherAddedToIt() throws {
        let kept = F.layer(2, "Scratch", [F.stroke(1)])
        let deleted = InkMerge.mergePage(2, base: [kept], local: [], remote: [kept])
        #expect(deleted.layers.isEmpty)
        #expect(deleted.changes.map(\.kind) == [.removed])
        let addedTo = InkMerge.mergePage(2, base: [kept], local: [], remote: [F.layer(2, "Scratch", [F.stroke(1), F.stroke(4)])])
        #expect(addedTo.layers == [F.layer(2, "Scratch", [F.stroke(4)])])
    }

    @Test(arguments: [false, true])
    func withoutABaseEverythingIsAdded(gzip: Bool) throws {
        try TestFolder.with { directory in
            let local = directory.path("local.ink.jsonl"), remote = directory.path("remote.ink.jsonl")
            let output = directory.path("merged.ink.jsonl")
            try F.write([F.layer(1, [F.stroke(1), F.stroke(2)]), F.layer(3, [F.stroke(4)])], to: local)
            try F.write([F.layer(1, [F.stroke(2), F.stroke(3)])], to: remote)
            if gzip {
                // The same content, compressed and out of page order.
                let text = try String(contentsOfFile: local, encoding: .utf8).split(separator: "\n")
                try InkFiles.write([text[0], text[2], text[1]].joined(separator: "\n"), to: local, gzip: true)
            }
            let report = try F.merge(base: nil, local: local, remote: remote, output: output)
            let (_, layers) = try InkFiles.readAll(output)
            #expect(layers == [F.layer(1, [F.stroke(1), F.stroke(2), F.stroke(3)]), F.layer(3, [F.stroke(4)])])
            #expect(report.count(.added) == 4)
            #expect(report.count(.removed) == 0 && report.conflictCount == 0)
        }
    }

    @Test func identicalInputsMergeToIdenticalOutput() throws {
        try TestFolder.with { directory in
            let path = directory.path("same.ink.jsonl")
            try F.write([F.layer(1, "Notes", [F.stroke(1), F.stroke(2, ink: .reed)]), F.layer(2, [F.stroke(3, id: "Z")])],
                        to: path, header: InkLayersHeader(pdfPageCount: 3, extra: JSONObject([("title", .string("Lecture"))])))
            let first = directory.path("first.ink.jsonl"), second = directory.path("second.ink.jsonl")
            let report = try F.merge(base: path, local: path, remote: path, output: first)
            _ = try F.merge(base: path, local: path, remote: path, output: second)
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == original)
            #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == original)
            #expect(report.pages.isEmpty && report.notes.isEmpty)
        }
    }

    @Test func unknownInksAndKeysSurviveAMerge() throws {
        try TestFolder.with { directory in
            let base = directory.path("base.ink.jsonl"), local = directory.path("local.ink.jsonl")
            let remote = directory.path("remote.ink.jsonl"), output = directory.path("merged.ink.jsonl")
            let glitter = ##"{"ink":{"type":"glitter","color":"#FF0000","sparkle":{"k":7}},"created":2,"points":[[1,2,0,1,1,1,1,0,1.5]],"future":[1.50,null]}"##
            let plain = ##"{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5]]}"##
            let head = #"{"format":"inkpdf-layers","version":1,"app":{"build":"7.0"}}"#
            try InkFiles.write([head, #"{"page":1,"strokes":[\#(plain)],"paper":"grid"}"#].joined(separator: "\n"), to: base)
            try InkFiles.write([head, #"{"page":1,"strokes":[\#(plain),\#(glitter)],"paper":"grid"}"#].joined(separator: "\n"), to: local)
            try InkFiles.write([head, #"{"page":1,"strokes":[],"paper":"grid"}"#].joined(separator: "\n"), to: remote)
            let report = try F.merge(base: base, local: local, remote: remote, output: output)
            #expect(try String(contentsOfFile: output, encoding: .utf8) == [head, #"{"page":1,"strokes":[\#(glitter)],"paper":"grid"}"#, ""].joined(separator: "\n"))
            #expect(report.pages.first?.added.first?.ink == "glitter")
        }
    }

    @Test func anInvalidInputIsReportedWhereItIs() throws {
        try TestFolder.with { directory in
            let good = directory.path("good.ink.jsonl"), bad = directory.path("bad.ink.jsonl")
            try F.write([F.layer(1, [F.stroke(1)])], to: good)
            let broken = ##"{"page":2,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,-1,1,1,1,0,1.5]]}]}"##
            try InkFiles.write([InkFiles.header, broken].joined(separator: "\n"), to: bad)
            let output = directory.path("out.ink.jsonl")
            #expect(InkFiles.message { try F.merge(base: good, local: good, remote: bad, output: output) }
                    == "\(bad):2: page 2, stroke 1, point 1: w is not greater than 0")
        }
    }

    @Test func theReportListsGesturesPerPageForPeopleAndAsJSON() {
        var report = MergeReport(pages: [MergeReport.Page(page: 3, changes: [
            MergeReport.Change(kind: .added, side: .remote, layer: "Notes", gesture: .created(1764460000.125), ink: "pen", strokes: 1),
            MergeReport.Change(kind: .conflict, side: .both, layer: nil, gesture: .id("0C7F"), ink: "reed", strokes: 2,
                               detail: "changed differently on both sides; kept what both kept (2 strokes)"),
        ])])
        report.pagesWritten = 1
        report.layersWritten = 2
        report.strokesWritten = 9
        #expect(report.lines == [
            "merged 1 page, 9 strokes: 1 added, 0 removed, 0 changed, 1 conflict",
            #"page 3, layer "Notes": added by remote: gesture created 1764460000.125 (pen, 1 stroke)"#,
            "page 3: conflict: gesture id 0C7F (reed, 2 strokes): changed differently on both sides; kept what both kept (2 strokes)",
        ])
        #expect(report.json.jsonText == #"{"pages":1,"layers":2,"strokes":9,"added":1,"removed":0,"changed":0,"conflicts":1,"#
                + #""changes":[{"page":3,"added":[{"by":"remote","layer":"Notes","created":1764460000.125,"ink":"pen","strokes":1}],"#
                + #""removed":[],"changed":[],"conflicts":[{"by":"both","layer":null,"id":"0C7F","ink":"reed","strokes":2,"#
                + #""resolution":"changed differently on both sides; kept what both kept (2 strokes)"}]}],"notes":[]}"#)
    }

    @Test func headersChangedOnBothSidesKeepLocalsAndSaySo() {
        let base = InkLayersHeader(), local = InkLayersHeader(pdfSHA256: String(repeating: "a", count: 64))
        let remote = InkLayersHeader(pdfSHA256: String(repeating: "b", count: 64))
        let merged = InkMerge.mergeHeaders(base: base, local: local, remote: remote)
        #expect(merged.header == local)
        #expect(merged.notes == ["local and remote record different PDFs (SHA-256 \(String(repeating: "a", count: 64)) and \(String(repeating: "b", count: 64))); kept local's header; check that both belong to the same PDF"])
        #expect(InkMerge.mergeHeaders(base: base, local: base, remote: remote).header == remote)
    }
}
