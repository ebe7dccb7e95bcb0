import Dispatch
import Synchronization
import InkFixtures
import Foundation
import Testing
@testable import InkModel

@Suite struct LayerSpoolTests {
    /// Layers with every kind of value the model holds, pages out of order and repeated.
    static var layers: [PageLayer] {
        var many = InkLayersWriterTests.exampleLayer
        many.page = 1
        many.layer = nil
        // A long stroke, with values no decimal text would give back unless written in full.
        many.strokes[0].points = (0..<5000).map { i in
            let u = Double(i)
            return StrokePoint(x: u / 3, y: -u * .pi, t: u / 240, w: 0.1 + u.squareRoot(), h: 1 / (u + 1),
                               opacity: 0.5, force: u.truncatingRemainder(dividingBy: 7) / 7, azimuth: -0.0,
                               altitude: .leastNonzeroMagnitude)
        }
        var second = InkLayersWriterTests.exampleLayer
        second.layer = "Second"
        return [InkLayersWriterTests.exampleLayer, many, second]
    }

    static func writeSpool(_ layers: [PageLayer], to path: String) throws {
        let writer = try LayersForm.spool.makeSink(path: path)
        try writer.write(header: InkLayersWriterTests.exampleHeader)
        for layer in layers { try writer.write(layer: layer) }
        try writer.close()
    }

    @Test func readsBackWhatTheInkLayersFileHolds() throws {
        try TestFolder.with { directory in
            let spoolPath = directory.path("layers.ink-spool"), textPath = directory.path("layers.ink.jsonl")
            try Self.writeSpool(Self.layers, to: spoolPath)
            let writer = try LayersForm.inkLayers.makeSink(path: textPath)
            try writer.write(header: InkLayersWriterTests.exampleHeader)
            for layer in Self.layers { try writer.write(layer: layer) }
            try writer.close()

            let spool = try LayersForm.spool.open(path: spoolPath, displayName: "notes.xopp")
            let text = try LayersForm.inkLayers.open(path: textPath, displayName: "notes.ink.jsonl")
            #expect(spool.header == InkLayersWriterTests.exampleHeader)
            #expect(spool.header == text.header)
            #expect(spool.inkedPages == [1, 3])
            #expect(spool.inkedPages == text.inkedPages)
            for page in 0...4 {
                let fromSpool = try spool.layers(forPage: page)
                #expect(fromSpool == (try text.layers(forPage: page)))
                #expect(fromSpool == Self.layers.filter { $0.page == page })
            }
            // Every bit of every point, which decimal text gives back only when written in full.
            let points = try spool.layers(forPage: 1)[0].strokes[0].points
            #expect(points.map(\.x.bitPattern) == Self.layers[1].strokes[0].points.map(\.x.bitPattern))
            #expect(points.last?.azimuth.sign == .minus)
        }
    }

    /// Points are held to the ink-layers reader's rules when read, and the error names the
    /// user's document and the line the layer would have in an ink-layers file.
    @Test(arguments: [(Double.nan, "altitude", "altitude is not a finite number"),
                      (-Double.infinity, "altitude", "altitude is not a finite number")])
    func refusesPointsTheInkLayersReaderRefuses(value: Double, field: String, problem: String) throws {
        try TestFolder.with { directory in
            let path = directory.path("bad.ink-spool")
            var layer = InkLayersWriterTests.exampleLayer
            layer.strokes[1].points[0].altitude = value
            var zeroWidth = InkLayersWriterTests.exampleLayer
            zeroWidth.page = 4
            zeroWidth.strokes[0].points[1].w = 0
            try Self.writeSpool([InkLayersWriterTests.exampleLayer, layer, zeroWidth], to: path)
            let spool = try LayerSpool(path: path, displayName: "notes.xopp")
            #expect(throws: InkLayersError(file: "notes.xopp", line: 3, page: 3, stroke: 2, point: 1, field: field, problem: problem)) {
                _ = try spool.layers(forPage: 3)
            }
            #expect(throws: InkLayersError(file: "notes.xopp", line: 4, page: 4, stroke: 1, point: 2, field: "w",
                                           problem: "w is not greater than 0")) {
                _ = try spool.layers(forPage: 4)
            }
        }
    }

    @Test func refusesAStrokeWithoutPoints() throws {
        try TestFolder.with { directory in
            let writer = try LayerSpoolWriter(path: directory.path("empty.ink-spool"))
            try writer.write(header: InkLayersHeader())
            var layer = InkLayersWriterTests.exampleLayer
            layer.strokes[1].points = []
            #expect(throws: InkLayersError.self) { try writer.write(layer: layer) }
        }
    }

    @Test(arguments: [1, 24, 100, 1000])
    func aDamagedSpoolIsAnErrorNotAWrongPage(cut: Int) throws {
        try TestFolder.with { directory in
            let path = directory.path("cut.ink-spool")
            try Self.writeSpool(Self.layers, to: path)
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
            #expect(truncate(path, off_t(size - cut)) == 0)
            #expect(throws: InkLayersError.self) { _ = try LayerSpool(path: path, displayName: "notes.xopp") }
        }
    }

    /// Both sources read pages from several threads at once and give each the same layers.
    @Test(arguments: [LayersForm.spool, .inkLayers])
    func pagesReadFromManyThreadsAtOnceAreThePages(form: LayersForm) throws {
        try TestFolder.with { directory in
            let path = directory.path("layers" + form.fileSuffix)
            let writer = try form.makeSink(path: path)
            try writer.write(header: InkLayersHeader())
            var expected: [Int: PageLayer] = [:]
            for page in 1...64 {
                var layer = Self.layers[1]
                layer.page = page
                layer.strokes[0].points = Array(layer.strokes[0].points.prefix(page * 50))
                expected[page] = layer
                try writer.write(layer: layer)
            }
            try writer.close()
            let source = try form.open(path: path, displayName: "notes")
            let results = Mutex<[Int: [PageLayer]]>([:])
            DispatchQueue.concurrentPerform(iterations: 64) { index in
                let page = index + 1
                let read = (try? source.layers(forPage: page)) ?? []
                results.withLock { $0[page] = read }
            }
            for page in 1...64 { #expect(results.withLock { $0[page] } == [expected[page]!]) }
        }
    }
}

/// The spool keeps only the fields that vary along a stroke; what comes back is every bit of every point.
@Suite struct SpoolPointsTests {
    static func roundTrip(_ points: [StrokePoint]) -> (points: [StrokePoint], bytes: Int)? {
        var bytes: [UInt8] = []
        SpoolPoints.append(points, to: &bytes)
        return bytes.withUnsafeBytes { raw in
            guard let (read, end) = SpoolPoints.read(raw, at: 0), end == raw.count else { return nil }
            return (read, raw.count)
        }
    }

    static func bits(_ points: [StrokePoint]) -> [[UInt64]] {
        points.map { [$0.x, $0.y, $0.t, $0.w, $0.h, $0.opacity, $0.force, $0.azimuth, $0.altitude].map(\.bitPattern) }
    }

    @Test func strokesComeBackBitForBitInTheBytesOfWhatVaries() throws {
        let pen = (0..<100).map { (i: Int) -> StrokePoint in
            let step = Double(i % 5)
            let width: Double = 1 + step / 10
            return StrokePoint(x: Double(i) / 3, y: 7, w: width, h: width, force: step / 4)
        }
        // x, w and force vary; h is w; y, t, opacity, azimuth and altitude are one value each.
        let penTrip = try #require(Self.roundTrip(pen))
        #expect(Self.bits(penTrip.points) == Self.bits(pen))
        let expectedBytes = 16 + 5 * 8 + 3 * 100 * 8
        #expect(penTrip.bytes == expectedBytes)

        // Points all alike (a dot held still) still come back, one by one.
        let dot = Array(repeating: StrokePoint(x: 3, y: 4, w: 2, h: 2), count: 1000)
        let dotTrip = try #require(Self.roundTrip(dot))
        #expect(Self.bits(dotTrip.points) == Self.bits(dot))

        // One point; and h that is w in all points but one; −0 against 0 and a NaN payload are different values.
        var odd = pen
        odd[40].h = 9
        odd[10].azimuth = -0.0
        odd[11].t = Double(bitPattern: 0x7FF8_0000_0000_1234)
        for points in [[pen[3]], odd] {
            let trip = try #require(Self.roundTrip(points))
            #expect(Self.bits(trip.points) == Self.bits(points))
        }
    }

    @Test func aBlockThatDoesNotFitIsRefused() {
        var bytes: [UInt8] = []
        SpoolPoints.append((0..<10).map { StrokePoint(x: Double($0), y: 0, w: 1, h: 1) }, to: &bytes)
        for cut in [1, 8, 80] {
            let shorter = Array(bytes.dropLast(cut))
            #expect(shorter.withUnsafeBytes { SpoolPoints.read($0, at: 0) } == nil)
        }
        // A count far beyond the bytes is refused before anything is allocated.
        var huge = bytes
        withUnsafeBytes(of: Int64.max / 2) { huge.replaceSubrange(0..<8, with: $0) }
        #expect(huge.withUnsafeBytes { SpoolPoints.read($0, at: 0) } == nil)
        // So is a mask that names fields there are not.
        var strange = bytes
        strange[12] = 0x40
        #expect(strange.withUnsafeBytes { SpoolPoints.read($0, at: 0) } == nil)
    }
}
