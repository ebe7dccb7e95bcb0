import InkFixtures
import Foundation
import Testing
@testable import InkModel

@Suite struct InkDowngradeTests {
    typealias F = MergeFixtures

    /// Each newer ink, the client's version, the ink it becomes, and whether its look is lost.
    @Test(arguments: [
        (InkType.monoline, 1, InkType.pen, false),
        (.fountainPen, 1, .pen, true),
        (.watercolor, 1, .marker, true),
        (.crayon, 1, .pencil, false),
        (.reed, 1, .pen, true),
        (.reed, 2, .fountainPen, false),
        (.reed, 3, .fountainPen, false),
        (.unknown("glitter"), 1, .pen, true),
        (.unknown("glitter"), 4, .pen, true),
    ])
    func eachNewerInkBecomesItsClosestOlderInk(type: InkType, version: Int, expected: InkType, losesLook: Bool) {
        let (stroke, mapping) = InkDowngrade.downgrade(F.stroke(1, ink: type), maxContentVersion: version)
        #expect(mapping?.to == expected)
        #expect((mapping?.lostLook != nil) == losesLook)
        #expect(stroke.ink.type == expected)
        #expect(stroke.ink.extra[InkDowngrade.originalTypeKey] == .string(type.name))
        #expect(stroke.points == F.stroke(1, ink: type).points)
    }

    @Test(arguments: [
        (InkType.pen, 1), (.pencil, 1), (.marker, 1), (.monoline, 2), (.watercolor, 2), (.crayon, 3), (.reed, 4),
        (.unknown("glitter"), 5),
    ])
    func inksTheClientHasAreLeftAlone(type: InkType, version: Int) {
        let stroke = F.stroke(1, ink: type)
        #expect(InkDowngrade.downgrade(stroke, maxContentVersion: version) == (stroke, nil))
    }

    @Test func monolineWithVaryingSizesCannotKeepItsLook() {
        var stroke = F.stroke(1, ink: .monoline)
        stroke.points[3].w = 4
        #expect(InkDowngrade.downgrade(stroke, maxContentVersion: 1).mapping?.lostLook
                == "pen follows the points' varying sizes where monoline kept one width")
    }

    @Test func aFileIsCopiedWithNothingDroppedAndUnchangedLinesVerbatim() throws {
        try TestFolder.with { directory in
            let source = directory.path("new.ink.jsonl"), output = directory.path("old.ink.jsonl")
            let untouched = ##"{"page":1,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1.50,"points":[[1,2,0,1,1,1,1,0,1.5]]}],"x":1.0}"##
            let newer = ##"{"page":2,"layer":"Art","strokes":[{"ink":{"type":"pen","color":"#000000"},"created":2,"points":[[1,2,0,1,1,1,1,0,1.5]]},{"ink":{"type":"reed","color":"#112233"},"created":3,"points":[[1,2,0,1,1,1,1,0,1.5]]},{"ink":{"type":"glitter","color":"#FF0000","sparkle":true},"created":4,"points":[[1,2,0,1,1,1,1,0,1.5]],"future":1}]}"##
            try InkFiles.write([InkFiles.header, untouched, newer].joined(separator: "\n"), to: source)
            let before = try Data(contentsOf: URL(fileURLWithPath: source))
            let writer = try InkLayersWriter(path: output, compressionLevel: nil)
            let report = try InkDowngrade.downgrade(try InkLayersReader(path: source), maxContentVersion: 1, to: writer)
            try writer.close()

            #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == before)
            #expect(try String(contentsOfFile: output, encoding: .utf8) == [
                InkFiles.header, untouched,
                ##"{"page":2,"layer":"Art","strokes":[{"ink":{"type":"pen","color":"#000000"},"created":2,"points":[[1,2,0,1,1,1,1,0,1.5]]},{"ink":{"type":"pen","color":"#112233","downgradedFrom":"reed"},"created":3,"points":[[1,2,0,1,1,1,1,0,1.5]]},{"ink":{"type":"pen","color":"#FF0000","sparkle":true,"downgradedFrom":"glitter"},"created":4,"points":[[1,2,0,1,1,1,1,0,1.5]],"future":1}]}"##,
                "",
            ].joined(separator: "\n"))
            #expect(report.strokes == 4 && report.layers == 2)
            #expect(report.requiredBefore == .newer && report.requiredAfter == .known(1))
            #expect(report.mappings == [DowngradeReport.MappingCount(from: "glitter", to: "pen", strokes: 1),
                                        DowngradeReport.MappingCount(from: "reed", to: "pen", strokes: 1)])
            #expect(report.lines(source: "new.ink.jsonl") == [
                "content version newer than 4 → 1 (at most 1): 2 of 4 strokes re-inked, 2 cannot keep their look",
                "  glitter → pen: 1 stroke",
                "  reed → pen: 1 stroke",
                #"new.ink.jsonl:3: page 2, layer "Art", stroke 2: look not kept: reed → pen: pen does not vary the width with the nib angle"#,
                #"new.ink.jsonl:3: page 2, layer "Art", stroke 3: look not kept: glitter → pen: "glitter" is an ink inkpdf does not know; it becomes pen"#,
            ])
        }
    }
}
