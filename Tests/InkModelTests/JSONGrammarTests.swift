import InkFixtures
import Foundation
import Testing
@testable import InkModel

/// The scanner is also the validator: what is not JSON is an error with its column.
@Suite struct JSONGrammarTests {
    @Test(arguments: [
        (#"{"page":1,"strokes":[]} x"#, "invalid JSON at column 25: unexpected 'x' after the JSON value"),
        (#"{"page":1,"strokes":[],}"#, "invalid JSON at column 24: expected a string key, found '}'"),
        (#"{"page":1,"strokes":[],"x":[1,]}"#, "invalid JSON at column 31: expected a value, found ']'"),
        (#"{"page":1,"strokes":[],"x":"abc}"#, "invalid JSON at column 28: unterminated string"),
        (#"{"page":1,"strokes":[],"x":"a\qb"}"#, #"invalid JSON at column 30: invalid escape '\q' in a string"#),
        (#"{"page":1,"strokes":[],"x":"\u12"}"#, #"invalid JSON at column 29: \u escape needs four hexadecimal digits"#),
        (#"{"page":1,"strokes":[],"x":"\ud800"}"#, #"invalid JSON at column 29: \u escape is an unpaired surrogate"#),
        (#"{"page":1,"strokes":[],"x":"\udc00\ud800"}"#, #"invalid JSON at column 29: \u escape is an unpaired surrogate"#),
        (#"{"page":1,"strokes":[],"x":"\ud800\u0041"}"#, #"invalid JSON at column 29: \u escape is an unpaired surrogate"#),
        (#"{"page":1,"strokes":[],"x":01}"#, "invalid JSON at column 28: invalid number (JSON numbers have no '+', leading zeros or bare '.')"),
        (#"{"page":1,"strokes":[],"x":+1}"#, "invalid JSON at column 28: invalid number (JSON numbers have no '+', leading zeros or bare '.')"),
        (#"{"page":1,"strokes":[],"x":.5}"#, "invalid JSON at column 28: invalid number (JSON numbers have no '+', leading zeros or bare '.')"),
        (#"{"page":1,"strokes":[],"x":1.}"#, "invalid JSON at column 28: invalid number (JSON numbers have no '+', leading zeros or bare '.')"),
        (#"{"page":1,"strokes":[],"x":1e}"#, "invalid JSON at column 28: invalid number (JSON numbers have no '+', leading zeros or bare '.')"),
        (#"{"page":1,"strokes":[],"x":-}"#, "invalid JSON at column 28: invalid number (JSON numbers have no '+', leading zeros or bare '.')"),
        (#"{"page":1,"strokes":[],"x":NaN}"#, "invalid JSON at column 28: invalid value; JSON has no NaN or Infinity"),
        (#"{"page":1,"strokes":[],"x":Infinity}"#, "invalid JSON at column 28: invalid value; JSON has no NaN or Infinity"),
        (#"{"page":1,"strokes":[],"x":tru}"#, "invalid JSON at column 28: invalid literal; expected true"),
        (#"{"page":1,"strokes":[],"x":nulls}"#, "invalid JSON at column 28: invalid literal; expected null"),
        ("{\"page\":1,\"strokes\":[],\"x\":\"a\tb\"}", "invalid JSON at column 30: control character byte 0x09 in a string; it must be escaped"),
        (#"{"page":1,"strokes":[],"x":1"#, "invalid JSON at column 29: unexpected end of line; expected ',' or '}'"),
        (#"{"page":1 "strokes":[]}"#, "invalid JSON at column 11: expected ',' or '}', found '\"'"),
        (#"{"page":1,"strokes":[]"x":1}"#, "invalid JSON at column 23: expected ',' or '}', found '\"'"),
        (#"{"page":1,"strokes":[],"x"}"#, "invalid JSON at column 27: expected ':', found '}'"),
        (#"{"page":1,"x":[1,2}"#, "invalid JSON at column 19: expected ',' or ']', found '}'"),
        (##"{"page":1,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5,]]}]}"##,
         "invalid JSON at column 105: expected a value, found ']'"),
        (##"{"page":1,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,01,1,1,1,0,1.5]]}]}"##,
         "invalid JSON at column 91: invalid number (JSON numbers have no '+', leading zeros or bare '.')"),
        (##"{"page":1,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,-Infinity]]}]}"##,
         "invalid JSON at column 101: invalid number (JSON numbers have no '+', leading zeros or bare '.')"),
    ])
    func rejects(line: String, problem: String) {
        #expect(InkFiles.message { try InkFiles.parse(line) } == "notes.ink.jsonl:14: " + problem)
    }

    @Test func rejectsInvalidUTF8InStrings() {
        for bytes: [UInt8] in [[0xC3], [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
            let line = Array(#"{"page":1,"strokes":[],"x":""#.utf8) + bytes + Array(#""}"#.utf8)
            let message = InkFiles.message {
                try line.withUnsafeBytes { try InkLayersReader.parseLayer($0, file: "notes.ink.jsonl", line: 14) }
            }
            #expect(message == "notes.ink.jsonl:14: invalid JSON at column 28: invalid UTF-8 in the string")
        }
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let message = try #require(InkFiles.message { try InkFiles.parse(#"{"page":1,"strokes":[],"x":\#(deep)}"#) })
        #expect(message.hasSuffix("nesting deeper than 512 levels"))
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(try InkFiles.parse(#"{"page":1,"strokes":[],"x":\#(fine)}"#).page == 1)
        let scanMessage = try #require(InkFiles.message { try InkFiles.scanPage(#"{"page":1,"x":\#(deep)}"#) })
        #expect(scanMessage.hasSuffix("nesting deeper than 512 levels"))
    }

    @Test func acceptsWhitespaceEverywhere() throws {
        let line = " \t{ \"page\" : 2 ,\r\"strokes\" : [ { \"ink\" : { \"type\" : \"pen\" , \"color\" : \"#000000\" } , \"created\" : 1 , \"points\" : [ [ 1 , 2 , 0 , 1 , 1 , 1 , 1 , 0 , 1.5 ] ] } ] } \t"
        let layer = try InkFiles.parse(line)
        #expect(layer.page == 2)
        #expect(layer.strokes[0].points == [StrokePoint(x: 1, y: 2, t: 0, w: 1, h: 1, opacity: 1, force: 1, azimuth: 0, altitude: 1.5)])
        #expect(try InkFiles.scanPage(line) == 2)
    }
}
