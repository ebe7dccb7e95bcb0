import InkFixtures
import Foundation
import Testing
@testable import InkModel

@Suite struct PackedLayersTests {
    static func bits(_ layers: [PageLayer]) -> [[UInt64]] {
        layers.flatMap(\.strokes).map { stroke in
            stroke.points.flatMap { point in (0..<9).map { point[field: $0].bitPattern } }
        }
    }

    /// Every value comes back bit for bit: decimal text (the usual case), values no short
    /// decimal gives (thirds, π, 1/(u+1)), −0, the least subnormal, 17 digits, constant columns,
    /// `h` the same as `w`, and the layers' other keys as the ink-layers line holds them.
    @Test func givesEveryValueBackBitForBit() throws {
        var decimal = InkLayersWriterTests.exampleLayer
        decimal.strokes[0].points = (0..<300).map { i in
            let u = Double(i)
            return StrokePoint(x: (100 + u * 3.7 * 10).rounded() / 10, y: (2000 + u * u).rounded() / 100, t: u / 100,
                               w: 2.5, h: 2.5, opacity: 1, force: (u.truncatingRemainder(dividingBy: 13) * 7).rounded() / 100,
                               azimuth: 6.28, altitude: 1.2)
        }
        var huge = InkLayersWriterTests.exampleLayer
        huge.page = 9
        huge.strokes[0].points[0].x = 28_799.123_456_789_01
        huge.strokes[0].points[0].t = 31_000_000.123_456
        let layers = LayerSpoolTests.layers + [decimal, huge]
        let packed = try PackedLayers.encode(layers)
        let back = try PackedLayers.decode(packed, file: "p", maximumPoints: 1_000_000)
        #expect(back == layers)
        #expect(Self.bits(back) == Self.bits(layers))
        #expect(back[1].strokes[0].points.last?.azimuth.sign == .minus)
        #expect(back[1].strokes[0].points.last?.altitude == .leastNonzeroMagnitude)
        // The layer's other keys are exactly its ink-layers line's.
        for (layer, original) in zip(back, layers) {
            #expect(try layer.encodedLine() == original.encodedLine())
        }
    }

    /// Decimal points take a few bytes, where the same points as 8-byte values take 72.
    @Test func packsDecimalPointsSmall() throws {
        var layer = InkLayersWriterTests.exampleLayer
        layer.strokes = [layer.strokes[0]]
        layer.strokes[0].points = (0..<1000).map { i in
            let u = Double(i)
            return StrokePoint(x: (1000 + u * 9).rounded() / 10, y: (1213 - u).rounded() / 10, t: u * 8 / 1000, w: 13.2, h: 13.6,
                               opacity: 1, force: ((u * 7).truncatingRemainder(dividingBy: 50) + 50).rounded() / 100,
                               azimuth: 0.12, altitude: 0.93)
        }
        let packed = try PackedLayers.encode([layer])
        let shell = try layer.encodedLine().count
        #expect(packed.count < 8 * 1000)
        #expect(try PackedLayers.decode(packed, file: "p", maximumPoints: 1000) == [layer])
        #expect(shell > 5 * packed.count)
    }

    /// Damaged or hostile bytes give a located error, never a crash, never more points than
    /// asked for: every truncation of a real stream, every byte flipped in its points, counts
    /// too large, varints that never end, unknown kinds.
    @Test func refusesDamagedBytes() throws {
        let packed = try PackedLayers.encode(LayerSpoolTests.layers)
        for length in stride(from: 0, to: packed.count, by: max(1, packed.count / 400)) {
            #expect(throws: InkLayersError.self) { _ = try PackedLayers.decode(Array(packed.prefix(length)), file: "p", maximumPoints: 1_000_000) }
        }
        // Flipped bytes: an error or other valid points, but never a trap.
        for index in stride(from: PackedLayers.magic.count, to: packed.count, by: max(1, packed.count / 300)) {
            var damaged = packed
            damaged[index] ^= 0xFF
            _ = try? PackedLayers.decode(damaged, file: "p", maximumPoints: 1_000_000)
        }
        #expect(throws: InkLayersError.self) { _ = try PackedLayers.decode(packed, file: "p", maximumPoints: 4999) }
        // The magic and the first layer's shell: what comes after is its first stroke's points block.
        var one = InkLayersWriterTests.exampleLayer
        one.strokes = [one.strokes[0]]
        let encoded = try PackedLayers.encode([one])
        var at = PackedLayers.magic.count, shellLength = 0, shift = 0
        while true {
            let byte = encoded[at]
            at += 1
            shellLength |= Int(byte & 0x7F) << shift
            shift += 7
            if byte & 0x80 == 0 { break }
        }
        let head = Array(encoded.prefix(at + shellLength))
        #expect(try PackedLayers.decode(encoded, file: "p", maximumPoints: 1000) == [one])
        let cases: [(String, [UInt8])] = [
            ("a count larger than the bytes", head + [0xFF, 0xFF, 0xFF, 0x7F, 0x21]),
            ("a varint that never ends", head + Array(repeating: 0xFF, count: 20)),
            ("an unknown kind", head + [2, 0x7E]),
            ("x as one value", head + [2, 0x20] + Array(repeating: 0, count: 8)),
            ("a decimal step out of range", head + [1, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
        ]
        for (what, bytes) in cases {
            let error = #expect(throws: InkLayersError.self, "\(what)") { _ = try PackedLayers.decode(bytes, file: "notes.pdf", maximumPoints: 1_000_000) }
            #expect(error?.file == "notes.pdf")
            #expect(error?.problem.isEmpty == false)
        }
        #expect(throws: InkLayersError.self) { _ = try PackedLayers.decode(Array("not packed".utf8), file: "p", maximumPoints: 10) }
    }

    /// Points the ink-layers reader refuses are refused here too, naming the stroke, point and field.
    @Test func holdsPointsToTheReadersRules() throws {
        var layer = InkLayersWriterTests.exampleLayer
        layer.strokes[1].points[0].w = -1
        let packed = try PackedLayers.encode([InkLayersWriterTests.exampleLayer, layer])
        let error = #expect(throws: InkLayersError.self) { _ = try PackedLayers.decode(packed, file: "notes.pdf", maximumPoints: 1000) }
        #expect(error?.line == 2)
        #expect(error?.stroke == 2)
        #expect(error?.point == 1)
        #expect(error?.field == "w")
    }
}
