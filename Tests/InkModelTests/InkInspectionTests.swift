import InkFixtures
import Foundation
import Testing
@testable import InkModel

@Suite struct InkInspectionTests {
    typealias F = MergeFixtures

    @Test func reportsVersionsCountsInksBoundsAndTimesPerPageAndDocument() throws {
        try TestFolder.with { directory in
            let path = directory.path("notes.ink.jsonl")
            var moved = F.stroke(1764460000, 0..<3)
            moved.transform = StrokeTransform(a: 1, b: 0, c: 0, d: 1, tx: 100, ty: 0)
            try F.write([
                F.layer(3, "Art", [F.stroke(1764460100, 0..<2, ink: .reed), F.stroke(1764460200, 0..<1, ink: .unknown("glitter"))]),
                F.layer(1, [moved, F.stroke(1764460010, 0..<2, ink: .marker)]),
                F.layer(1, "More", [F.stroke(1764460020, 0..<1, ink: .monoline)]),
            ], to: path)
            let inspection = try InkInspection(path: path)
            #expect(inspection.pages.map(\.page) == [1, 3])
            #expect(inspection.pages.map(\.requiredVersion) == [.known(2), .newer])
            #expect(inspection.document.requiredVersion == .newer)
            #expect(inspection.pages[0].layers == 2 && inspection.pages[0].strokes == 3 && inspection.pages[0].points == 6)
            #expect(inspection.document.strokes == 5 && inspection.document.points == 9)
            #expect(inspection.document.inks == ["pen": 1, "marker": 1, "monoline": 1, "reed": 1, "glitter": 1])
            let first = MergeFixtures.point(0, of: 1764460000)
            #expect(inspection.pages[0].bounds?.maxX == MergeFixtures.point(2, of: 1764460000).x + 100)
            #expect(inspection.pages[0].bounds?.minY == first.y)
            #expect(inspection.pages[0].timeSpan == InkInspection.TimeSpan(start: 1764460000, end: 1764460020))
            #expect(inspection.document.timeSpan == InkInspection.TimeSpan(start: 1764460000, end: 1764460200))
            let lines = inspection.lines(file: "notes.ink.jsonl")
            #expect(lines[0].hasPrefix("notes.ink.jsonl: 2 pages with ink; 3 layers; 5 strokes; 9 points; inks glitter 1, marker 1, monoline 1, pen 1, reed 1; bounds x "))
            #expect(lines[0].hasSuffix("; time 2025-11-29T23:46:40Z … 2025-11-29T23:50:00Z; requires content version newer than 4"))
            #expect(lines[1].hasPrefix("page 1: 2 layers; 3 strokes; 6 points; inks marker 1, monoline 1, pen 1;"))
            #expect(lines[1].hasSuffix("; version 2"))
            let json = inspection.json(file: "n").jsonText
            #expect(json.hasPrefix(#"{"file":"n","contentVersion":"unknown","layers":3,"strokes":5,"points":9,"inks":{"glitter":1,"#))
            #expect(json.contains(#"{"page":3,"contentVersion":"unknown","layers":1,"strokes":2,"points":3,"inks":{"glitter":1,"reed":1}"#))
        }
    }

    @Test func anEmptyFileNeedsVersionOne() throws {
        try TestFolder.with { directory in
            let path = directory.path("empty.ink.jsonl")
            try InkFiles.write(InkFiles.header + "\n", to: path)
            let inspection = try InkInspection(path: path)
            #expect(inspection.pages.isEmpty && inspection.document.requiredVersion == .known(1))
            #expect(inspection.lines(file: "e") == ["e: 0 pages with ink; 0 layers; 0 strokes; 0 points; requires content version 1"])
        }
    }

    @Test(arguments: [(0.0, "1970-01-01T00:00:00Z"), (1764460000.125, "2025-11-29T23:46:40Z"),
                      (951_782_400, "2000-02-29T00:00:00Z"), (-1, "1969-12-31T23:59:59Z")])
    func timesPrintAsUTC(seconds: Double, text: String) {
        #expect(UTCTime.text(seconds) == text)
    }

    @Test(arguments: [(InkType.pen, ContentVersion.known(1)), (.pencil, .known(1)), (.marker, .known(1)),
                      (.monoline, .known(2)), (.fountainPen, .known(2)), (.watercolor, .known(2)), (.crayon, .known(2)),
                      (.reed, .known(4)), (.unknown("glitter"), .newer)])
    func eachInkRequiresItsContentVersion(type: InkType, version: ContentVersion) {
        #expect(ContentVersion(requiredBy: type) == version)
        #expect(ContentVersion.known(4) < .newer)
    }
}
