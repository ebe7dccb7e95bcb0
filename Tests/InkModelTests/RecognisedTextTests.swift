import InkFixtures
import Foundation
import Testing
@testable import InkModel

private typealias F = MergeFixtures

/// A layer's recognised text (`text` entries): read checked with located errors, written back bit for bit
/// by every tool that copies layers, renumbered by a merge that moves, erases or adds strokes.
@Suite struct RecognisedTextTests {
    static let strokes = Array(repeating: InkFiles.stroke, count: 3).joined(separator: ",")

    static func layer(text: String) -> String { #"{"page":3,"strokes":[\#(strokes)],"text":\#(text)}"# }

    static let errorCases: [(text: String, message: String)] = [
        // The specification's example, as a 3-stroke layer says it.
        (#"[{"text":"a","strokes":[0]},{"text":"convolution","strokes":[40]}]"#,
         "notes.ink.jsonl:14: page 3, text 2: stroke 40 is not in this layer (3 strokes)"),
        (#"[{"text":"a","strokes":[-1]}]"#, "notes.ink.jsonl:14: page 3, text 1: stroke -1 is not in this layer (3 strokes)"),
        (#"[{"text":"a","strokes":[1,1]}]"#, "notes.ink.jsonl:14: page 3, text 1: stroke 1 is listed twice"),
        (#"[{"text":"a","strokes":[]}]"#, "notes.ink.jsonl:14: page 3, text 1: `strokes` is empty; an entry is made of at least one stroke"),
        (#"[{"text":"a","strokes":[1.5]}]"#, "notes.ink.jsonl:14: page 3, text 1: `strokes` holds 1.5, not a 0-based stroke index"),
        (#"[{"text":"a","strokes":["1"]}]"#, "notes.ink.jsonl:14: page 3, text 1: `strokes` holds a string, not a 0-based stroke index"),
        (#"[{"text":"a"}]"#, "notes.ink.jsonl:14: page 3, text 1: the entry has no `strokes`"),
        (#"[{"strokes":[0]}]"#, "notes.ink.jsonl:14: page 3, text 1: the entry has no `text`"),
        (#"[{"text":"","strokes":[0]}]"#, "notes.ink.jsonl:14: page 3, text 1: `text` is empty; leave the entry out where nothing was read"),
        (#"[{"text":"a\u0007b","strokes":[0]}]"#,
         "notes.ink.jsonl:14: page 3, text 1: `text` holds the control character U+0007; write words only"),
        (#"[{"text":7,"strokes":[0]}]"#, "notes.ink.jsonl:14: page 3, text 1: `text` is not a string"),
        (#"[{"text":"\#(String(repeating: "a", count: 10_001))","strokes":[0]}]"#,
         "notes.ink.jsonl:14: page 3, text 1: `text` is 10001 characters long, more than the 10000 an entry may hold; split it into words or lines"),
        (#"[{"text":"a","strokes":[0],"lang":"english language"}]"#,
         "notes.ink.jsonl:14: page 3, text 1: `lang` is not a BCP 47 language tag (en, de-CH, zh-Hans, …)"),
        (#"[{"text":"a","strokes":[0],"confidence":1.5}]"#, "notes.ink.jsonl:14: page 3, text 1: `confidence` is not a number from 0 to 1"),
        (#"[{"text":"a","strokes":[0],"box":[0,0,1e999,1]}]"#, "notes.ink.jsonl:14: page 3, text 1: `box` holds 1e999, not a finite number"),
        (#"[{"text":"a","strokes":[0],"box":[0,0,1]}]"#, "notes.ink.jsonl:14: page 3, text 1: `box` is not [x, y, w, h]"),
        (#"[{"text":"a","strokes":[0],"box":[0,0,-1,1]}]"#, "notes.ink.jsonl:14: page 3, text 1: `box` has a negative width or height"),
        (#"[{"text":"a","strokes":[0],"alternatives":["b",""]}]"#,
         "notes.ink.jsonl:14: page 3, text 1: `alternatives` is empty; leave the entry out where nothing was read"),
        (#"[{"text":"a","strokes":[0],"alternatives":"b"}]"#, "notes.ink.jsonl:14: page 3, text 1: `alternatives` is not an array of strings"),
        (#"{"text":"a","strokes":[0]}"#, "notes.ink.jsonl:14: page 3: `text` is not an array of entries"),
        (#"["a"]"#, "notes.ink.jsonl:14: page 3, text 1: the entry is not a JSON object"),
    ]

    @Test(arguments: errorCases)
    func aBadEntryIsALocatedError(text: String, message: String) {
        #expect(InkFiles.message { try InkFiles.parse(Self.layer(text: text)) } == message)
    }

    @Test func aMillionEntriesOnALayerAreRefusedBeforeTheyAreChecked() {
        let entry = #"{"text":"a","strokes":[0]}"#
        let text = "[" + Array(repeating: entry, count: 1_000_000).joined(separator: ",") + "]"
        #expect(InkFiles.message { try InkFiles.parse(Self.layer(text: text)) }
            == "notes.ink.jsonl:14: page 3: `text` has 1000000 entries, more than the 100000 a layer may have; split the layer")
    }

    @Test func everyScriptAndTheFormatsKeysAreRead() throws {
        let text = #"[{"text":"Faltung","strokes":[2,0],"lang":"de","source":"vision","confidence":9.3e-1,"alternatives":["Faltungs"],"mood":"calm"},"#
            + #"{"text":"畳み込み","strokes":[1],"box":[10,20,30.5,8],"lang":"ja"},{"text":"свёртка","strokes":[1],"lang":"ru"},{"text":"التفاف","strokes":[1],"lang":"ar"}]"#
        let layer = try InkFiles.parse(Self.layer(text: text))
        let entries = layer.recognisedText
        #expect(entries.map(\.text) == ["Faltung", "畳み込み", "свёртка", "التفاف"])
        #expect(entries[0].strokes == [2, 0] && entries[0].confidence == 0.93 && entries[0].alternatives == ["Faltungs"])
        #expect(entries[0].extra["mood"] == .string("calm") && entries[0].source == "vision" && entries[0].lang == "de")
        #expect(layer.box(of: entries[1]) == RecognisedText.Box(x: 10, y: 20, width: 30.5, height: 8))
        // Without a box: the strokes' points widened by half the nib (1 pt).
        #expect(layer.box(of: entries[2]) == RecognisedText.Box(x: 0.5, y: 1.5, width: 1, height: 1))
    }

    @Test func aFileWithTextIsWrittenBackBitForBitByTheWriterThePackerAndDowngrade() throws {
        try TestFolder.with { directory in
            let text = #"[{"text":"Straße","strokes":[0,2],"confidence":9.30e-1,"box":[1.50,2,3,4],"x-y":{"a":[1,2.0]}}]"#
            let line = #"{"page":3,"text":\#(text),"strokes":[\#(Self.strokes)],"after":true}"#
            let source = directory.path("a.ink.jsonl")
            try InkFiles.write(InkFiles.header + "\n" + line + "\n", to: source)
            let (_, layers) = try InkFiles.readAll(source)
            let copy = directory.path("b.ink.jsonl")
            try F.write(layers, to: copy)
            #expect(try InkFiles.readAll(copy).1 == layers)
            let written = try String(contentsOfFile: copy, encoding: .utf8)
            #expect(written.contains(#""text":\#(text)"#), "\(written)")
            #expect(try PackedLayers.decode(try PackedLayers.encode(layers), file: "p", maximumPoints: 1000) == layers)

            let downgraded = directory.path("c.ink.jsonl")
            let writer = try InkLayersWriter(path: downgraded, compressionLevel: nil)
            _ = try InkDowngrade.downgrade(try InkLayersReader(path: source), maxContentVersion: 1, to: writer)
            try writer.close()
            // Downgrade copies a line it does not change as it stands.
            #expect(try String(contentsOfFile: downgraded, encoding: .utf8) == InkFiles.header + "\n" + line + "\n")
        }
    }

    static func withText(_ layer: PageLayer, _ entries: [RecognisedText]) -> PageLayer {
        var layer = layer
        layer.setRecognisedText(entries)
        return layer
    }

    @Test func aMergeRenumbersTheTextToFollowItsStrokesAndDropsWhatLostThemAll() throws {
        // Base: words "ab" (strokes 10, 20) and "cd" (30); local erases part of 10 and all of 30; remote adds stroke 5 first.
        let base = Self.withText(F.layer(1, [F.stroke(10), F.stroke(20), F.stroke(30)]),
                                 [RecognisedText(text: "ab", strokes: [0, 1], lang: "en"), RecognisedText(text: "cd", strokes: [2])])
        var local = base
        local.strokes = [F.stroke(10, 0..<8), F.stroke(10, 12..<20), F.stroke(20)]
        local.setRecognisedText([RecognisedText(text: "ab", strokes: [0, 1, 2], lang: "en")])
        var remote = base
        remote.strokes.insert(F.stroke(5), at: 0)
        remote.setRecognisedText([RecognisedText(text: "x", strokes: [0]), RecognisedText(text: "ab", strokes: [1, 2], lang: "en"),
                                  RecognisedText(text: "cd", strokes: [3])])
        let merged = InkMerge.mergePage(1, base: [base], local: [local], remote: [remote])
        let layer = try #require(merged.layers.first)
        #expect(layer.strokes.map(\.created) == [5, 10, 10, 20])
        // Both sides changed the text: both kept, renumbered; "cd" lost its stroke and is dropped, saying so.
        #expect(layer.recognisedText.map(\.text) == ["ab", "x"])
        #expect(layer.recognisedText.map(\.strokes) == [[1, 2, 3], [0]])
        #expect(merged.textNotes == [#"page 1: the recognised text "cd" is dropped: none of its strokes remains"#])
    }

    @Test func aMergeWhereNothingMovedKeepsTheTextAsItWas() throws {
        try TestFolder.with { directory in
            let strokes = (1...3).map { InkFiles.stroke.replacingOccurrences(of: #""created":1"#, with: #""created":\#($0)"#) }
            let line = #"{"page":2,"strokes":[\#(strokes.joined(separator: ","))],"text":[{"text":"a","strokes":[2,0],"confidence":5e-1}],"z":1}"#
            let path = directory.path("a.ink.jsonl"), output = directory.path("m.ink.jsonl")
            try InkFiles.write(InkFiles.header + "\n" + line + "\n", to: path)
            let report = try F.merge(base: path, local: path, remote: path, output: output)
            #expect(report.notes.isEmpty)
            let merged = try String(contentsOfFile: output, encoding: .utf8)
            #expect(merged.contains(#""text":[{"text":"a","strokes":[2,0],"confidence":5e-1}],"z":1"#), "\(merged)")
        }
    }
}

extension RecognisedTextTests {
    @Test func inspectCountsTheRecognisedText() throws {
        try TestFolder.with { directory in
            let path = directory.path("a.ink.jsonl")
            try InkFiles.write(InkFiles.header + "\n" + Self.layer(text: #"[{"text":"a","strokes":[0]},{"text":"b","strokes":[1,2]}]"#) + "\n", to: path)
            let inspection = try InkInspection(path: path)
            #expect(inspection.document.textEntries == 2)
            #expect(inspection.lines(file: "a").last?.contains("; 2 recognised text entries;") == true, "\(inspection.lines(file: "a"))")
            #expect(inspection.json(file: "a").jsonText.contains(#""textEntries":2"#))
        }
    }
}
