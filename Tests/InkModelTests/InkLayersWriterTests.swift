import InkFixtures
import Foundation
import Testing
@testable import InkModel

@Suite struct InkLayersWriterTests {
    static let exampleHeader = InkLayersHeader(
        pdfPageCount: 36, pdfSHA256: String(repeating: "9f", count: 32),
        pdfExtra: JSONObject([("producer", .string("cairo"))]),
        extra: JSONObject([("title", .string("Lecture \"3\"\n\u{1}é✓")), ("n", .number("1.0E+2"))]))

    static let exampleLayer = PageLayer(page: 3, layer: "Notes", strokes: [
        Stroke(ink: Ink(type: .pen, colorText: "#1F2A44FF", color: RGBAColor(hex: "#1F2A44FF")!, width: 1.6),
               created: 1764460000.125, id: "0C7F", transform: StrokeTransform(a: 1, b: 0, c: 0, d: 1, tx: 0.5, ty: -0.0),
               mask: "M 0 0 L 1 0 Z", interpolation: .linear, seed: .number("42"),
               points: [StrokePoint(x: 10, y: 20.25, t: 0, w: 1.5, h: 1.5, opacity: 1, force: 0.1, azimuth: 1e-7, altitude: 1.5707963267948966),
                        StrokePoint(x: 1e-20, y: -3, t: 0.016, w: 2, h: 2)],
               extra: JSONObject([("pressureCurve", .array([.null, .bool(true), .number("-0.50")]))])),
        Stroke(ink: Ink(type: .unknown("glitter"), colorText: "#ff0000", color: RGBAColor(red: 1, green: 0, blue: 0),
                        extra: JSONObject([("sparkle", .object(JSONObject([("k", .number("7"))])))])),
               created: 0, points: [StrokePoint(x: 0, y: 0, w: 1, h: 1)]),
    ], extra: JSONObject([("source", .string("xopp"))]))

    static let exampleText = """
        {"format":"inkpdf-layers","version":1,"pdf":{"pageCount":36,"sha256":"\(String(repeating: "9f", count: 32))","producer":"cairo"},"title":"Lecture \\"3\\"\\n\\u0001é✓","n":1.0E+2}
        {"page":3,"layer":"Notes","strokes":[{"ink":{"type":"pen","color":"#1F2A44FF","width":1.6},"created":1764460000.125,"id":"0C7F","transform":[1,0,0,1,0.5,-0],"mask":"M 0 0 L 1 0 Z","interpolation":"linear","seed":42,"points":[[10,20.25,0,1.5,1.5,1,0.1,1e-07,1.5707963267948966],[1e-20,-3,0.016,2,2,1,1,0,1.5707963267948966]],"pressureCurve":[null,true,-0.50]},{"ink":{"type":"glitter","color":"#ff0000","sparkle":{"k":7}},"created":0,"points":[[0,0,0,1,1,1,1,0,1.5707963267948966]]}],"source":"xopp"}

        """

    @Test func writesTheExactBytesOfAnExample() throws {
        try TestFolder.with { directory in
            let path = directory.path("example.ink.jsonl")
            let writer = try InkLayersWriter(path: path, compressionLevel: nil)
            try writer.write(header: Self.exampleHeader)
            try writer.write(layer: Self.exampleLayer)
            try writer.close()
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text == Self.exampleText)
        }
    }

    @Test func writesGzipWhenAskedTo() async throws {
        try await TestFolder.with { directory in
            let path = directory.path("example.ink.jsonl.gz")
            let writer = try InkLayersWriter(path: path, compressionLevel: 6)
            try writer.write(header: Self.exampleHeader)
            try writer.write(layer: Self.exampleLayer)
            try writer.close()
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.prefix(2) == Data([0x1f, 0x8b]))
            // Decoded by gzip itself, an oracle apart from inkpdf's reader: the exact text, and a whole stream.
            let gzip = try await OutsideTool.gzip.outcome(["--decompress", "--stdout", path])
            #expect(gzip.status == 0, "gzip reads the whole stream, its CRC and length")
            #expect(String(decoding: gzip.output, as: UTF8.self) == Self.exampleText)
        }
    }

    @Test func writesRawLinesVerbatim() throws {
        try TestFolder.with { directory in
            let path = directory.path("raw.ink.jsonl")
            let writer = try InkLayersWriter(path: path, compressionLevel: nil)
            let line = Array(#"{"page":2,"strokes":[],"x":1.50}"#.utf8)
            try line.withUnsafeBytes { try writer.writeRawLine($0) }
            try writer.close()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"page":2,"strokes":[],"x":1.50}"# + "\n")
        }
    }

    @Test(arguments: [Double.infinity, -Double.infinity, Double.nan])
    func refusesNonFiniteNumbers(value: Double) throws {
        try TestFolder.with { directory in
            let path = directory.path("bad.ink.jsonl")
            let writer = try InkLayersWriter(path: path, compressionLevel: nil)
            try writer.write(header: InkLayersHeader())
            var layer = Self.exampleLayer
            layer.strokes[1].points[0].force = value
            #expect(throws: InkLayersError(file: path, line: 2, page: 3, stroke: 2, point: 1, field: "force",
                                           problem: "force is not a finite number; JSON cannot hold it")) {
                try writer.write(layer: layer)
            }
        }
    }

    @Test(arguments: [
        (JSONValue.string("42"), "notes.ink.jsonl:1: page 3, stroke 1: `seed` is not a number; cannot write it"),
        (JSONValue.number("4 2"), "notes.ink.jsonl:1: page 3, stroke 1: a kept number is not valid JSON number text; cannot write it"),
    ])
    func refusesValuesThatWouldNotReadBack(seed: JSONValue, message: String) throws {
        try TestFolder.with { directory in
            let path = directory.path("notes.ink.jsonl")
            let writer = try InkLayersWriter(path: path, compressionLevel: nil)
            var layer = Self.exampleLayer
            layer.strokes[0].seed = seed
            let expected = message.replacingOccurrences(of: "notes.ink.jsonl:", with: "\(path):")
            #expect(InkFiles.message { try writer.write(layer: layer) } == expected)
        }
    }

    @Test func namesThePathWhenItCannotCreateTheFile() throws {
        let path = "/nonexistent-directory-\(UUID().uuidString)/x.ink.jsonl"
        #expect(throws: InkFileError.cannotCreate(path: path, errno: ENOENT)) {
            try InkLayersWriter(path: path, compressionLevel: nil)
        }
        #expect(InkFileError.cannotCreate(path: path, errno: ENOENT).description
                == "cannot create \(path): No such file or directory")
    }

    /// /dev/full accepts the open and fails every write with ENOSPC.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
    func reportsAFullDisk() throws {
        let writer = try InkLayersWriter(path: "/dev/full", compressionLevel: nil)
        try writer.write(header: InkLayersHeader())
        #expect(throws: InkFileError.writeFailed(path: "/dev/full", errno: ENOSPC)) { try writer.close() }
    }
}
