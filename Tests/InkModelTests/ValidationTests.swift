import InkFixtures
import Foundation
import Testing
@testable import InkModel

/// Every rule of the format, with the exact message a user sees.
@Suite struct ValidationTests {
    /// A stroke with `replacement` spliced in for `{{}}`: the other keys are valid.
    static func stroke(_ inner: String) -> String {
        ##"{"ink":{"type":"pen","color":"#000000"},"created":1,\##(inner)}"##
    }

    static func layer(strokes: String) -> String { ##"{"page":3,"strokes":[\##(InkFiles.stroke),\##(strokes)]}"## }

    static func point(_ values: String) -> String { layer(strokes: stroke(##""points":[[1,1,0,1,1,1,1,0,1],\##(values)]"##)) }

    static let layerCases: [(line: String, message: String)] = [
        // The example from the specification.
        (point("[1e400,2,0,1,1,1,1,0,1]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: x is not a finite number"),
        (point("[1,-1e309,0,1,1,1,1,0,1]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: y is not a finite number"),
        (point("[1,2,0,1,1,1,1,0,1e999]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: altitude is not a finite number"),
        (point("[1,2,0,0,1,1,1,0,1]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: w is not greater than 0"),
        (point("[1,2,0,1,-0.5,1,1,0,1]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: h is not greater than 0"),
        (point("[1,2,\"0\",1,1,1,1,0,1]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: t is not a number"),
        (point("[1,2,0,1,1,null,1,0,1]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: opacity is not a number"),
        (point("[1,2,0,1,1,1,1,0]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: point has 8 values; expected 9 numbers"),
        (point("[1,2,0,1,1,1,1,0,1,5]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: point has 10 values; expected 9 numbers"),
        (point("[]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: point has 0 values; expected 9 numbers"),
        (point("{\"x\":1}"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: point is not an array of 9 numbers"),
        (layer(strokes: stroke(#""points":[]"#)), "notes.ink.jsonl:14: page 3, stroke 2: `points` is empty; a stroke needs at least one point"),
        (layer(strokes: stroke(#""points":{}"#)), "notes.ink.jsonl:14: page 3, stroke 2: `points` is not an array"),
        (layer(strokes: stroke(#""id":"a""#)), "notes.ink.jsonl:14: page 3, stroke 2: stroke has no `points`"),
        (layer(strokes: ##"{"ink":{"type":"pen","color":"#000000"},"points":[[1,1,0,1,1,1,1,0,1]]}"##),
         "notes.ink.jsonl:14: page 3, stroke 2: stroke has no `created`"),
        (layer(strokes: #"{"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"#), "notes.ink.jsonl:14: page 3, stroke 2: stroke has no `ink`"),
        (layer(strokes: ##"{"ink":{"type":"pen","color":"#000000"},"created":"now","points":[[1,1,0,1,1,1,1,0,1]]}"##),
         "notes.ink.jsonl:14: page 3, stroke 2: `created` is not a number"),
        (layer(strokes: ##"{"ink":{"type":"pen","color":"#000000"},"created":-1e500,"points":[[1,1,0,1,1,1,1,0,1]]}"##),
         "notes.ink.jsonl:14: page 3, stroke 2: `created` is not a finite number"),
        (layer(strokes: #"{"ink":"pen","created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"#), "notes.ink.jsonl:14: page 3, stroke 2: `ink` is not an object"),
        (layer(strokes: ##"{"ink":{"color":"#000000"},"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"##), "notes.ink.jsonl:14: page 3, stroke 2: ink has no `type`"),
        (layer(strokes: ##"{"ink":{"type":7,"color":"#000000"},"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"##), "notes.ink.jsonl:14: page 3, stroke 2: `ink.type` is not a string"),
        (layer(strokes: #"{"ink":{"type":"pen"},"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"#), "notes.ink.jsonl:14: page 3, stroke 2: ink has no `color`"),
        (layer(strokes: #"{"ink":{"type":"pen","color":"red"},"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"#),
         "notes.ink.jsonl:14: page 3, stroke 2: `ink.color` is \"red\"; expected #RRGGBB or #RRGGBBAA"),
        (layer(strokes: ##"{"ink":{"type":"pen","color":"#12345"},"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"##),
         "notes.ink.jsonl:14: page 3, stroke 2: `ink.color` is \"#12345\"; expected #RRGGBB or #RRGGBBAA"),
        (layer(strokes: #"{"ink":{"type":"pen","color":[0,0,0]},"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"#),
         "notes.ink.jsonl:14: page 3, stroke 2: `ink.color` is not a string"),
        (layer(strokes: ##"{"ink":{"type":"pen","color":"#000000","width":0},"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"##),
         "notes.ink.jsonl:14: page 3, stroke 2: `ink.width` is not greater than 0"),
        (layer(strokes: ##"{"ink":{"type":"pen","color":"#000000","width":"2"},"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"##),
         "notes.ink.jsonl:14: page 3, stroke 2: `ink.width` is not a number"),
        (layer(strokes: ##"{"ink":{"type":"pen","color":"#000000","width":2e308},"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"##),
         "notes.ink.jsonl:14: page 3, stroke 2: `ink.width` is not a finite number"),
        (layer(strokes: stroke(#""id":5,"points":[[1,1,0,1,1,1,1,0,1]]"#)), "notes.ink.jsonl:14: page 3, stroke 2: `id` is not a string"),
        (layer(strokes: stroke(#""mask":null,"points":[[1,1,0,1,1,1,1,0,1]]"#)), "notes.ink.jsonl:14: page 3, stroke 2: `mask` is not a string"),
        (layer(strokes: stroke(#""transform":[1,0,0,1,0],"points":[[1,1,0,1,1,1,1,0,1]]"#)),
         "notes.ink.jsonl:14: page 3, stroke 2: `transform` is not an array of 6 numbers"),
        (layer(strokes: stroke(#""transform":[1,0,0,1,0,"0"],"points":[[1,1,0,1,1,1,1,0,1]]"#)),
         "notes.ink.jsonl:14: page 3, stroke 2: `transform` is not an array of 6 numbers"),
        (layer(strokes: stroke(#""transform":[1,0,0,1e999,0,0],"points":[[1,1,0,1,1,1,1,0,1]]"#)),
         "notes.ink.jsonl:14: page 3, stroke 2: `transform` has a number that is not finite"),
        (layer(strokes: stroke(#""interpolation":"cubic","points":[[1,1,0,1,1,1,1,0,1]]"#)),
         "notes.ink.jsonl:14: page 3, stroke 2: `interpolation` is \"cubic\"; expected \"bspline\" or \"linear\""),
        (layer(strokes: stroke(#""interpolation":1,"points":[[1,1,0,1,1,1,1,0,1]]"#)),
         "notes.ink.jsonl:14: page 3, stroke 2: `interpolation` is not a string"),
        (layer(strokes: stroke(#""seed":"42","points":[[1,1,0,1,1,1,1,0,1]]"#)), "notes.ink.jsonl:14: page 3, stroke 2: `seed` is not a number"),
        (layer(strokes: "[]"), "notes.ink.jsonl:14: page 3, stroke 2: stroke is not a JSON object"),
        (#"{"page":3,"strokes":{}}"#, "notes.ink.jsonl:14: page 3: `strokes` is not an array"),
        (#"{"page":3}"#, "notes.ink.jsonl:14: page 3: layer has no `strokes`"),
        (#"{"page":3,"layer":false,"strokes":[]}"#, "notes.ink.jsonl:14: page 3: `layer` is not a string"),
        (#"{"strokes":[]}"#, "notes.ink.jsonl:14: layer has no `page`"),
        // InkRange: finite values the pipeline cannot carry (each trapped downstream before it was checked).
        (point("[1e20,2,0,1,1,1,1,0,1]"),
         "notes.ink.jsonl:14: page 3, stroke 2, point 2: x is 1e+20, outside ±28800 (a point may lie at most one largest PDF page beyond its page)"),
        (point("[1,-28800.5,0,1,1,1,1,0,1]"),
         "notes.ink.jsonl:14: page 3, stroke 2, point 2: y is -28800.5, outside ±28800 (a point may lie at most one largest PDF page beyond its page)"),
        (point("[1,2,0,1e16,1,1,1,0,1]"),
         "notes.ink.jsonl:14: page 3, stroke 2, point 2: w is 1e+16, wider than the largest PDF page (14400 points)"),
        (point("[1,2,0,1,14401,1,1,0,1]"),
         "notes.ink.jsonl:14: page 3, stroke 2, point 2: h is 14401.0, wider than the largest PDF page (14400 points)"),
        (point("[1,2,1e300,1,1,1,1,0,1]"),
         "notes.ink.jsonl:14: page 3, stroke 2, point 2: t is 1e+300, more than 31622400 seconds from the stroke's start"),
        (point("[1,2,0,1,1,1,1e300,0,1]"), "notes.ink.jsonl:14: page 3, stroke 2, point 2: force is 1e+300, outside ±1000000"),
        (layer(strokes: ##"{"ink":{"type":"pen","color":"#000000"},"created":1e300,"points":[[1,1,0,1,1,1,1,0,1]]}"##),
         "notes.ink.jsonl:14: page 3, stroke 2: `created` is 1e+300, outside the years 1 … 9999 a PDF date can hold"),
        (layer(strokes: ##"{"ink":{"type":"pen","color":"#000000","width":1e300},"created":1,"points":[[1,1,0,1,1,1,1,0,1]]}"##),
         "notes.ink.jsonl:14: page 3, stroke 2: `ink.width` is 1e+300, wider than the largest PDF page (14400 points)"),
        (layer(strokes: stroke(#""transform":[1e10,0,0,1,0,0],"points":[[1,1,0,1,1,1,1,0,1]]"#)),
         "notes.ink.jsonl:14: page 3, stroke 2: `transform` scales by 10000000000.0, more than the ±64 a stroke may be scaled"),
        (layer(strokes: stroke(#""transform":[1,0,0,1,0,-1e20],"points":[[1,1,0,1,1,1,1,0,1]]"#)),
         "notes.ink.jsonl:14: page 3, stroke 2: `transform` ty is -1e+20, outside ±28800 (a point may lie at most one largest PDF page beyond its page)"),
        (#"{"page":10000001,"strokes":[]}"#, "notes.ink.jsonl:14: `page` is 10000001, more than the 1000000 pages a document may have"),
        (#"{"page":0,"strokes":[]}"#, "notes.ink.jsonl:14: `page` is 0; pages are numbered from 1"),
        (#"{"page":-2,"strokes":[]}"#, "notes.ink.jsonl:14: `page` is -2; pages are numbered from 1"),
        (#"{"page":1.5,"strokes":[]}"#, "notes.ink.jsonl:14: `page` is not an integer"),
        (#"{"page":"1","strokes":[]}"#, "notes.ink.jsonl:14: `page` is not an integer"),
        (#"[{"page":1,"strokes":[]}]"#, ##"notes.ink.jsonl:14: a page layer is not a JSON object; expected {"page":…,"strokes":[…]}"##),
    ]

    @Test(arguments: layerCases)
    func reportsTheExactMessage(line: String, message: String) {
        #expect(InkFiles.message { try InkFiles.parse(line) } == message)
    }

    @Test func errorsCarryTheirParts() throws {
        #expect(throws: InkLayersError(file: "notes.ink.jsonl", line: 14, page: 3, stroke: 2, point: 2, field: "x",
                                       problem: "x is not a finite number")) {
            try InkFiles.parse(Self.point("[1e400,2,0,1,1,1,1,0,1]"))
        }
    }

    @Test(arguments: [
        (#"{"page":1.5,"strokes":[]}"#, "notes.ink.jsonl:14: `page` is not an integer"),
        (#"{"strokes":[[[[]]]]}"#, "notes.ink.jsonl:14: layer has no `page`"),
        (#"{"strokes":"}","page":0}"#, "notes.ink.jsonl:14: `page` is 0; pages are numbered from 1"),
        ("7", ##"notes.ink.jsonl:14: a page layer is not a JSON object; expected {"page":…,"strokes":[…]}"##),
        (#"{"page":1,"strokes":[[1,2]}"#, "notes.ink.jsonl:14: invalid JSON at column 27: expected ',' or ']', found '}'"),
        (#"{"page":1,"strokes":"abc}"#, "notes.ink.jsonl:14: invalid JSON at column 21: unterminated string"),
    ])
    func scanPageReportsTheExactMessage(line: String, message: String) {
        #expect(InkFiles.message { try InkFiles.scanPage(line) } == message)
    }

    // MARK: Header

    static let headerCases: [(text: String, message: String)] = [
        ("", "x.ink.jsonl:1: file is empty; expected the inkpdf-layers header on line 1"),
        ("\n" + InkFiles.header + "\n", "x.ink.jsonl:1: line 1 is empty; expected the inkpdf-layers header"),
        (#"{"format":"inkpdf-layers","version":2}"#, "x.ink.jsonl:1: format version 2 is newer than this inkpdf reads (1); update inkpdf"),
        (#"{"format":"inkpdf-layers","version":0}"#, "x.ink.jsonl:1: format version 0 is invalid; versions start at 1"),
        (#"{"format":"inkpdf-layers","version":"1"}"#, "x.ink.jsonl:1: `version` is not an integer"),
        (#"{"format":"inkpdf-layers","version":1.0}"#, "x.ink.jsonl:1: `version` is not an integer"),
        (#"{"format":"inkpdf-layers"}"#, "x.ink.jsonl:1: the header has no `version`"),
        (#"{"version":1}"#, #"x.ink.jsonl:1: not an inkpdf-layers file: the header has no `format`; expected "format":"inkpdf-layers""#),
        (#"{"format":"xournal","version":1}"#, #"x.ink.jsonl:1: not an inkpdf-layers file: `format` is "xournal"; expected "inkpdf-layers""#),
        (#"{"format":1,"version":1}"#, #"x.ink.jsonl:1: not an inkpdf-layers file: `format` is not a string; expected "inkpdf-layers""#),
        (#"["format","inkpdf-layers"]"#, "x.ink.jsonl:1: not an inkpdf-layers file: line 1 is not a JSON object"),
        ("%PDF-1.7\n%âãÏÓ\n", "x.ink.jsonl:1: not an inkpdf-layers file: line 1 is not valid JSON (column 1: expected a value, found '%')"),
        (#"{"format":"inkpdf-layers","version":1,"pdf":[]}"#, "x.ink.jsonl:1: `pdf` is not an object"),
        (#"{"format":"inkpdf-layers","version":1,"pdf":{"pageCount":0}}"#, "x.ink.jsonl:1: `pdf.pageCount` is not a positive integer"),
        (#"{"format":"inkpdf-layers","version":1,"pdf":{"pageCount":3.5}}"#, "x.ink.jsonl:1: `pdf.pageCount` is not a positive integer"),
        (#"{"format":"inkpdf-layers","version":1,"pdf":{"sha256":"abc"}}"#, "x.ink.jsonl:1: `pdf.sha256` is not 64 hexadecimal digits"),
        (#"{"format":"inkpdf-layers","version":1,"pdf":{"sha256":"\#(String(repeating: "g", count: 64))"}}"#,
         "x.ink.jsonl:1: `pdf.sha256` is not 64 hexadecimal digits"),
    ]

    @Test(arguments: headerCases)
    func reportsHeaderErrors(text: String, message: String) throws {
        try TestFolder.with { directory in
            let path = directory.path("x.ink.jsonl")
            try InkFiles.write(text, to: path)
            let expected = message.replacingOccurrences(of: "x.ink.jsonl:", with: "\(path):")
            #expect(InkFiles.message { try InkLayersReader(path: path) } == expected)
        }
    }

    @Test func refusesABinaryFile() throws {
        try TestFolder.with { directory in
            let path = directory.path("x.ink.jsonl")
            try InkFiles.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00], to: path)
            #expect(InkFiles.message { try InkLayersReader(path: path) }
                    == "\(path):1: not an inkpdf-layers file: line 1 is not valid JSON (column 1: expected a value, found byte 0x89)")
        }
    }

    @Test func keepsTheHeaderLosslessly() throws {
        let sha = "9F" + String(repeating: "a", count: 62)
        let text = #"{"title":"T","pdf":{"x":[],"sha256":"\#(sha)","pageCount":36},"version":1,"format":"inkpdf-layers","n":1.50}"#
        let header = try text.utf8CString.withUnsafeBytes {
            try InkLayersHeader(parsing: UnsafeRawBufferPointer(rebasing: $0.dropLast()), file: "x")
        }
        #expect(header == InkLayersHeader(pdfPageCount: 36, pdfSHA256: sha, pdfExtra: JSONObject([("x", .array([]))]),
                                          extra: JSONObject([("title", .string("T")), ("n", .number("1.50"))])))
    }
}
