import InkFixtures
import Foundation
@testable import InkModel
import Testing

/// The pass that finds each line's page (and skips the layers of pages not
/// selected, which are then copied as they are) is as strict as the parser:
/// what the parser refuses as JSON, the scan refuses with the same located error.
@Suite struct StrictScanTests {
    static let stroke = InkFiles.stroke

    /// Lines that break the JSON grammar in what the scan skips (a stroke, a layer name, an extra field).
    static let invalid: [String] = [
        #"{"page":2,"strokes":[],"x":[1,2}}"#,
        #"{"page":2,"strokes":[],"x":tru}"#,
        #"{"page":2,"strokes":[],"x":nul}"#,
        #"{"page":2,"strokes":[],"x":falsey}"#,
        #"{"page":2,"strokes":[],"x":"\q"}"#,
        #"{"page":2,"strokes":[],"x":"\u12G4"}"#,
        #"{"page":2,"strokes":[],"x":"\uD800"}"#,
        #"{"page":2,"strokes":[],"x":"\uDC00x"}"#,
        #"{"page":2,"strokes":[],"x":"\uD800\u0041"}"#,
        "{\"page\":2,\"strokes\":[],\"x\":\"tab\there\"}",
        "{\"page\":2,\"strokes\":[],\"x\":\"nul\u{01}\"}",
        #"{"page":2,"layer":"a\x","strokes":[]}"#,
        #"{"page":2,"strokes":[],"x":01}"#,
        #"{"page":2,"strokes":[],"x":+1}"#,
        #"{"page":2,"strokes":[],"x":.5}"#,
        #"{"page":2,"strokes":[],"x":1.}"#,
        #"{"page":2,"strokes":[],"x":1e}"#,
        #"{"page":2,"strokes":[],"x":NaN}"#,
        #"{"page":2,"strokes":[],"x":[1,]}"#,
        #"{"page":2,"strokes":[],"x":{"a":1,}}"#,
        #"{"page":2,"strokes":[],"x":{"a" 1}}"#,
        #"{"page":2,"strokes":[],"x":{1:1}}"#,
        #"{"page":2,"strokes":[],"x":[1 2]}"#,
        #"{"page":2,"strokes":[],"x":[}"#,
        #"{"page":2,"strokes":[],"x":"open}"#,
        "{\"strokes\":[\(stroke.replacingOccurrences(of: "1.5", with: "1.5.2"))],\"page\":2}",
        "{\"strokes\":[\(stroke.replacingOccurrences(of: "\"pen\"", with: "\"pe\\n"))],\"page\":2}",
        "{\"page\":2,\"strokes\":[\(stroke.replacingOccurrences(of: "]]}", with: "]}"))]}",
        "{\"page\":2,\"strokes\":[\(stroke.replacingOccurrences(of: "1,1,1", with: "1,,1"))]}",
        "{\"page\":2,\"strokes\":[\(stroke.replacingOccurrences(of: "0,1.5", with: "0,-Infinity"))]}",
        #"{"page":2,"strokes":[],"x":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
    ]

    /// Lines that are valid, with everything the grammar allows in what the scan skips.
    static let valid: [String] = [
        InkFiles.layerLine(page: 2),
        InkFiles.layerLine(page: 2, layer: #"caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t"#),
        InkFiles.layerLine(page: 2, layer: "café 😀"),
        #"{"page":2,"strokes":[],"x":[true,false,null,-0,0.5e-3,1E+9,12,{"a":{},"b":[]}]}"#,
        "{\"strokes\":[\(stroke),\(stroke)],\"layer\":\"L\",\"page\":2}",
        " {\t\"page\" : 2 , \"strokes\" : [ ] , \"x\" : [ 1 , \"a\" ] } ",
        #"{"page":2,"strokes":[],"x":"# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}",
    ]

    @Test(arguments: invalid)
    func refusesWhatTheParserRefuses(line: String) throws {
        let parsed = try #require(InkFiles.message { try InkFiles.parse(line) }, "the parser accepts \(line)")
        let scanned = try #require(InkFiles.message { try InkFiles.scanPage(line) }, "the scan accepts \(line)")
        #expect(parsed.hasPrefix("notes.ink.jsonl:14: "))
        #expect(scanned == parsed)
    }

    @Test(arguments: valid)
    func acceptsWhatTheParserAccepts(line: String) throws {
        #expect(try InkFiles.scanPage(line) == InkFiles.parse(line).page)
    }

    /// Invalid UTF-8 anywhere in a skipped string, raw or next to an escape.
    @Test func refusesInvalidUTF8() {
        for bytes: [UInt8] in [[0xC3], [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xC3, 0x5C, 0x6E], [0xF4, 0x90, 0x80, 0x80]] {
            let line = Array(#"{"page":2,"strokes":[],"x":"ok"#.utf8) + bytes + Array(#"ok"}"#.utf8)
            let parsed = InkFiles.message { try line.withUnsafeBytes { try InkLayersReader.parseLayer($0, file: "notes.ink.jsonl", line: 14) } }
            let scanned = InkFiles.message { try line.withUnsafeBytes { try InkLayersReader.scanPage($0, file: "notes.ink.jsonl", line: 14) } }
            #expect(parsed == "notes.ink.jsonl:14: invalid JSON at column 28: invalid UTF-8 in the string", "\(bytes)")
            #expect(scanned == parsed, "\(bytes)")
        }
    }

    /// Every one-byte change of valid lines: whatever the parser refuses as JSON, the scan refuses
    /// as JSON too; whatever the scan refuses, the parser refuses. (The messages may differ: the
    /// parser reads points by a loop of its own, which names the byte after a bad number.)
    @Test func agreesOnEveryOneByteChange() throws {
        var random = SplitMix64(seed: 13)
        let replacements = Array(#"{}[]":,\ ntfu0123456789.eE+-x"#.utf8) + [0x01, 0x09, 0xC3, 0xFF]
        var compared = 0
        for line in Self.valid.prefix(6) {
            let bytes = Array(line.utf8)
            for position in bytes.indices {
                for _ in 0..<3 {
                    var changed = bytes
                    changed[position] = random.pick(replacements)
                    let parsed = InkFiles.message { try changed.withUnsafeBytes { try InkLayersReader.parseLayer($0, file: "f", line: 1) } }
                    let scanned = InkFiles.message { try changed.withUnsafeBytes { try InkLayersReader.scanPage($0, file: "f", line: 1) } }
                    let text = String(decoding: changed, as: UTF8.self)
                    if let scanned { #expect(parsed != nil, "the scan refuses what the parser accepts: \(text) (\(scanned))") }
                    if let parsed, parsed.hasPrefix("f:1: invalid JSON") {
                        #expect(scanned?.hasPrefix("f:1: invalid JSON at column ") == true, "\(text): \(parsed), scan: \(scanned ?? "accepted")")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
    }
}
