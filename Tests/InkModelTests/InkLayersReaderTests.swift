import InkFixtures
import Foundation
import Testing
@testable import InkModel

@Suite struct InkLayersReaderTests {
    static let header = InkLayersWriterTests.exampleHeader
    static let layer = InkLayersWriterTests.exampleLayer

    @Test(arguments: [nil, 1, 9] as [Int32?])
    func roundTripsReadWriteRead(compressionLevel: Int32?) throws {
        try TestFolder.with { directory in
            let first = directory.path("first.ink.jsonl")
            let second = directory.path("second.ink.jsonl")
            var other = Self.layer
            other.page = 1
            other.layer = nil
            other.extra = JSONObject()
            try InkFiles.write(InkLayersWriterTests.exampleText + InkFiles.layerLine(page: 1) + "\n", to: first,
                               gzip: compressionLevel != nil)

            let (header, layers) = try InkFiles.readAll(first)
            #expect(header == Self.header)
            #expect(layers.count == 2)
            #expect(layers.first == Self.layer)

            let writer = try InkLayersWriter(path: second, compressionLevel: compressionLevel)
            try writer.write(header: header)
            for layer in layers { try writer.write(layer: layer) }
            try writer.close()
            let (headerAgain, layersAgain) = try InkFiles.readAll(second)
            #expect(headerAgain == header)
            #expect(layersAgain == layers)
            #expect(try InkLayersReader(path: second).isCompressed == (compressionLevel != nil))
            if compressionLevel == nil {
                // The example is in canonical form, so writing it again gives the same bytes.
                #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == Data(contentsOf: URL(fileURLWithPath: first)))
            }
        }
    }

    @Test func keepsUnknownKeysAndInkTypes() throws {
        let line = ##"{"future":{"a":[1,2.50,-0.0e+1]},"page":2,"strokes":[{"ink":{"type":"glitter","color":"#AbCdEf80","width":2,"grain":0.3},"created":5,"seed":12345678901234567890,"points":[[1,2,3,4,5,6,7,8,9]],"pkVersion":4}],"z":null}"##
        let layer = try InkFiles.parse(line)
        #expect(layer.extra == JSONObject([("future", .object(JSONObject([("a", .array([.number("1"), .number("2.50"), .number("-0.0e+1")]))]))),
                                           ("z", .null)]))
        let stroke = try #require(layer.strokes.first)
        #expect(stroke.ink.type == .unknown("glitter"))
        #expect(stroke.ink.colorText == "#AbCdEf80")
        #expect(stroke.ink.extra == JSONObject([("grain", .number("0.3"))]))
        #expect(stroke.seed == .number("12345678901234567890"))
        #expect(stroke.extra == JSONObject([("pkVersion", .number("4"))]))
        // Written back: the kept values in their original text, after the defined keys.
        try TestFolder.with { directory in
            let path = directory.path("kept.ink.jsonl")
            let writer = try InkLayersWriter(path: path, compressionLevel: nil)
            try writer.write(layer: layer)
            try writer.close()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == ##"{"page":2,"strokes":[{"ink":{"type":"glitter","color":"#AbCdEf80","width":2,"grain":0.3},"created":5,"seed":12345678901234567890,"points":[[1,2,3,4,5,6,7,8,9]],"pkVersion":4}],"future":{"a":[1,2.50,-0.0e+1]},"z":null}"## + "\n")
        }
    }

    @Test func lastDuplicateKnownKeyWins() throws {
        let layer = try InkFiles.parse(#"{"page":1,"strokes":[],"page":7,"layer":"a","layer":"b"}"#)
        #expect(layer.page == 7)
        #expect(layer.layer == "b")
        #expect(try InkFiles.scanPage(#"{"page":1,"strokes":[],"page":7}"#) == 7)
    }

    @Test func findsThePageAfterTheStrokes() throws {
        let line = #"{"strokes":[\#(InkFiles.stroke),{"s":"]}\"{["}],"layer":"x","page":12}"#
        #expect(try InkFiles.scanPage(line) == 12)
        // An error in a stroke still names the page that comes after it.
        #expect(InkFiles.message { try InkFiles.parse(##"{"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1e999,2,0,1,1,1,1,0,1.5]]}],"page":12}"##) }
                == "notes.ink.jsonl:14: page 12, stroke 1, point 1: x is not a finite number")
    }

    @Test func decodesStringEscapes() throws {
        let layer = try InkFiles.parse(#"{"page":1,"layer":"a\"b\\c\/d\b\f\n\r\t\u00e9\u20AC\ud83d\ude00é😀","strokes":[]}"#)
        #expect(layer.layer == "a\"b\\c/d\u{8}\u{c}\n\r\té€😀é😀")
    }

    @Test func readsBOMAndCRLF() throws {
        try TestFolder.with { directory in
            let path = directory.path("windows.ink.jsonl")
            let text = InkFiles.header + "\r\n" + InkFiles.layerLine(page: 2) + "\r\n\r\n" + InkFiles.layerLine(page: 3) + "\r\n"
            try InkFiles.write([0xEF, 0xBB, 0xBF] + Array(text.utf8), to: path)
            let reader = try InkLayersReader(path: path)
            #expect(reader.header == InkLayersHeader())
            let first = try #require(try reader.nextLine())
            #expect(first.number == 2)
            #expect(first.offset == Int64(3 + InkFiles.header.utf8.count + 2))
            #expect(Array(first.bytes) == Array(InkFiles.layerLine(page: 2).utf8))
            let second = try #require(try reader.nextLayer())
            #expect(second.page == 3)
            #expect(try reader.nextLine() == nil)
        }
    }

    @Test func skipsEmptyLinesAndCountsThem() throws {
        try TestFolder.with { directory in
            let path = directory.path("gaps.ink.jsonl")
            try InkFiles.write(InkFiles.header + "\n\n  \n" + InkFiles.layerLine(page: 1) + "\n\n" + #"{"page":2,"strokes":7}"#, to: path)
            let reader = try InkLayersReader(path: path)
            #expect(try reader.nextLayer()?.page == 1)
            #expect(InkFiles.message { try reader.nextLayer() as Any }
                    == "\(path):6: page 2: `strokes` is not an array")
        }
    }

    @Test func readsALargeLine() throws {
        // About 24 MB on one line: larger than any read chunk, so the buffer must grow.
        let point = "[123.25,456.5,0.016,1.5,1.5,1,0.5,1.25,1.5]"
        let points = Array(repeating: point, count: 200_000).joined(separator: ",")
        let stroke = ##"{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[\##(points)]}"##
        let strokes = Array(repeating: stroke, count: 3).joined(separator: ",")
        try TestFolder.with { directory in
            for gzip in [false, true] {
                let path = directory.path("large\(gzip ? ".gz" : "")")
                try InkFiles.write(InkFiles.header + "\n" + InkFiles.layerLine(page: 5, strokes: strokes) + "\n"
                                   + InkFiles.layerLine(page: 6) + "\n", to: path, gzip: gzip)
                let (_, layers) = try InkFiles.readAll(path)
                #expect(layers.map(\.page) == [5, 6])
                #expect(layers[0].strokes.count == 3)
                #expect(layers[0].strokes.allSatisfy { $0.points.count == 200_000 })
                #expect(layers[0].strokes[2].points.last == StrokePoint(x: 123.25, y: 456.5, t: 0.016, w: 1.5, h: 1.5,
                                                                         opacity: 1, force: 0.5, azimuth: 1.25, altitude: 1.5))
            }
        }
    }

    @Test func refusesALineLongerThanTheLimit() throws {
        try TestFolder.with { directory in
            let path = directory.path("long.ink.jsonl")
            try InkFiles.write(InkFiles.header + "\n" + InkFiles.layerLine(page: 1) + "\n" + String(repeating: " ", count: 5000), to: path)
            let lines = LineReader(input: try InputFile(path: path), displayName: "long.ink.jsonl", maxLineLength: 1000)
            #expect(try lines.next()?.number == 1)
            #expect(try lines.next()?.number == 2)
            #expect(InkFiles.message { try lines.next() as Any }
                    == "long.ink.jsonl:3: line is longer than 1000 bytes; the file is damaged or not an ink-layers file")
        }
        #expect(LineReader.describe(bytes: LineReader.defaultMaxLineLength) == "64 MB")
    }

    @Test func readsConcatenatedGzipMembers() throws {
        try TestFolder.with { directory in
            let first = directory.path("a.gz"), second = directory.path("b.gz"), both = directory.path("both.gz")
            try InkFiles.write(InkFiles.header + "\n" + InkFiles.layerLine(page: 1) + "\n", to: first, gzip: true)
            try InkFiles.write(InkFiles.layerLine(page: 2) + "\n", to: second, gzip: true)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: first)) + Data(contentsOf: URL(fileURLWithPath: second))
            try bytes.write(to: URL(fileURLWithPath: both))
            #expect(try InkFiles.readAll(both).1.map(\.page) == [1, 2])
        }
    }

    @Test func reportsTruncatedAndDamagedGzip() throws {
        try TestFolder.with { directory in
            let whole = directory.path("whole.gz")
            let lines = (1...2000).map { InkFiles.layerLine(page: $0) }.joined(separator: "\n")
            try InkFiles.write(InkFiles.header + "\n" + lines + "\n", to: whole, gzip: true)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))

            let truncated = directory.path("truncated.gz")
            try bytes.prefix(bytes.count - 100).write(to: URL(fileURLWithPath: truncated))
            let truncatedMessage = try #require(InkFiles.message { try InkFiles.readAll(truncated) })
            #expect(truncatedMessage.hasPrefix("\(truncated):"))
            #expect(truncatedMessage.hasSuffix(": the gzip data ends too early; the file is truncated"))

            let damaged = directory.path("damaged.gz")
            var broken = bytes
            for index in stride(from: 40, to: broken.count - 20, by: 97) { broken[index] ^= 0x5A }
            try broken.write(to: URL(fileURLWithPath: damaged))
            let damagedMessage = try #require(InkFiles.message { try InkFiles.readAll(damaged) })
            #expect(damagedMessage.hasPrefix("\(damaged):"))
            #expect(damagedMessage.contains(": the gzip data is damaged ("), "\(damagedMessage)")

            let trailing = directory.path("trailing.gz")
            try (bytes + Data("garbage".utf8)).write(to: URL(fileURLWithPath: trailing))
            let trailingMessage = try #require(InkFiles.message { try InkFiles.readAll(trailing) })
            #expect(trailingMessage.hasSuffix(": unexpected bytes after the end of the gzip data"), "\(trailingMessage)")
        }
    }

    @Test func namesAMissingFile() throws {
        let path = "/nonexistent-\(UUID().uuidString).ink.jsonl"
        #expect(throws: InkFileError.cannotOpen(path: path, errno: ENOENT)) { try InkLayersReader(path: path) }
    }
}
