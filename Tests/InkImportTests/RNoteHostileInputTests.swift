import Foundation
import InkFixtures
import InkModel
import Testing
@testable import InkImport

/// rnote notebooks written to break the importer, each generated here: the parser's promises
/// (numbers through `InkRange`, the decompressed-size budget, nesting, pages bounded by the
/// input), unknown versions, and what rnote draws (trash, layer order, shapes, text, images).
@Suite struct RNoteHostileInputTests {
    typealias S = RNoteTestSupport
    let folder = XournalTestSupport.temporaryFolder()

    func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    func write(_ json: String, _ name: String = UUID().uuidString + ".rnote") async -> String {
        let file = path(name)
        await S.writeGzip(json, to: file)
        return file
    }

    func failure(_ file: String, limit: Int = 1 << 30, pdf: String? = nil) -> RNoteImportError? {
        do {
            let document = try RNoteImporter.read(path: file, options: S.options(folder, pdf: pdf, limit: limit))
            try? FileManager.default.removeItem(atPath: document.layersPath)
            return nil
        } catch {
            return error
        }
    }

    func read(_ file: String, pdf: String? = nil) throws -> (ImportedDocument, [PageLayer]) {
        let document = try RNoteImporter.read(path: file, options: S.options(folder, pdf: pdf))
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        return (document, try S.layers(document.layersPath).1)
    }

    // MARK: - Promise 1: one range for every number

    struct HostileNumber: CustomTestStringConvertible, Sendable {
        var name: String
        var stroke: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let hostileNumbers: [HostileNumber] = [
        .init(name: "x 1e300", stroke: S.brush([(10, 10, 0.5), (1e300, 10, 0.5)]),
              expected: ["stroke_components[0].value.brushstroke.path.segments[0].lineto.end.pos", "x is 1e+300"]),
        .init(name: "y -1e11", stroke: S.brush([(10, 10, 0.5), (10, -1e11, 0.5)]), expected: ["y is -1", "outside ±", "byte "]),
        .init(name: "width 1e300", stroke: S.brush([(10, 10, 0.5), (20, 20, 0.5)], width: 1e300), expected: ["stroke_width", "wider than the largest PDF page"]),
        .init(name: "width 0", stroke: S.brush([(10, 10, 0.5), (20, 20, 0.5)], width: 0), expected: ["stroke_width is not greater than 0"]),
        .init(name: "pressure 1e300", stroke: S.brush([(10, 10, 1e300), (20, 20, 0.5)]), expected: ["pressure is 1e+300"]),
        .init(name: "affine scale 1e6",
              stroke: #"{"shapestroke":{"shape":{"rect":{"cuboid":{"half_extents":[5,5]},"transform":{"affine":[1e6,0,0,0,1,0,10,10,1]}}},"style":{"smooth":{"stroke_width":1}}}}"#,
              expected: ["transform's scale"]),
        .init(name: "number beyond double", stroke: S.brush([(10, 10, 0.5), (20, 20, 0.5)]).replacingOccurrences(of: "[20.0,20.0]", with: "[1e400,20.0]"),
              expected: ["JSON error", "too large for a double"]),
        .init(name: "font size 1e300",
              stroke: #"{"textstroke":{"text":"a","transform":{"affine":[1,0,0,0,1,0,10,10,1]},"text_style":{"font_family":"serif","font_size":1e300}}}"#,
              expected: ["font_size"]),
    ]

    @Test(arguments: hostileNumbers)
    func numbersOutsideTheRangeAreLocatedErrors(_ hostile: HostileNumber) async throws {
        let file = await write(S.notebook(strokes: [hostile.stroke]))
        let error = try #require(failure(file))
        for word in hostile.expected { #expect(error.description.contains(word), "\(error.description)") }
        #expect(error.description.hasPrefix(file + ": "))
    }

    @Test func formatOutsideThePageRangeIsAnError() async throws {
        let document = S.defaultDocument.replacingOccurrences(of: #""width":793.7,"height":1122.5"#, with: #""width":1e9,"height":1122.5"#)
        let error = try #require(failure(await write(S.notebook(strokes: [S.brush([(1, 1, 0.5), (2, 2, 0.5)])], document: document))))
        #expect(error.description.contains("format width"))
    }

    // MARK: - Promise 2: work bounded by input size

    @Test func decompressionPastTheBudgetIsRefused() async throws {
        // 2 MB of JSON (a long string in an unknown member) against a 1 MB budget.
        let json = S.notebook(strokes: [S.brush([(1, 1, 0.5), (2, 2, 0.5)])])
            .replacingOccurrences(of: #""camera":{}"#, with: #""camera":""# + String(repeating: "a", count: 2 << 20) + #"""#)
        let file = await write(json)
        let error = try #require(failure(file, limit: 1 << 20))
        #expect(error == .expandsTooFar(path: file, limit: 1 << 20))
        #expect(failure(file, limit: 4 << 20) == nil)
    }

    @Test func aStrokeAcrossMillionsOfPagesIsRefused() async throws {
        // One short line whose ends lie 1e9 px apart inside a document that large: a page per tile would be millions.
        let document = S.defaultDocument.replacingOccurrences(of: #""width":793.7,"height":2245.0"#, with: #""width":1e9,"height":1e9"#)
        let line = #"{"shapestroke":{"shape":{"line":{"start":[0,0],"end":[1e9,1e9]}},"style":{"smooth":{"stroke_width":1}}}}"#
        let error = try #require(failure(await write(S.notebook(strokes: [line], document: document))))
        guard case .tooMany(_, let what, let limit) = error else { Issue.record("\(error)"); return }
        #expect(what.contains("pages"))
        #expect(limit == RNoteImporter.Layout.maximumPieces(entries: 1))
    }

    @Test func nestingDeeperThanRnoteIsRefused() async throws {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let json = S.notebook(strokes: [S.brush([(1, 1, 0.5), (2, 2, 0.5)])]).replacingOccurrences(of: #""camera":{}"#, with: #""camera":\#(deep)"#)
        let error = try #require(failure(await write(json)))
        guard case .tooDeep(_, let place, let limit) = error else { Issue.record("\(error)"); return }
        #expect(limit == RNoteJSONReader.maximumDepth)
        #expect(place.path.contains("camera"))
        // As deep as rnote could ever go is fine.
        let shallow = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(failure(await write(S.notebook(strokes: [S.brush([(1, 1, 0.5), (2, 2, 0.5)])]).replacingOccurrences(of: #""camera":{}"#, with: #""camera":\#(shallow)"#))) == nil)
    }

    @Test func aStringPastItsLimitIsAnError() async throws {
        let json = S.notebook(strokes: [S.brush([(1, 1, 0.5), (2, 2, 0.5)], curve: String(repeating: "x", count: 10_000))])
        let error = try #require(failure(await write(json)))
        #expect(error.description.contains("longer than 4096 bytes"))
    }

    // MARK: - Versions and containers

    @Test(arguments: ["0.13.1", "0.4.0", "1.0.0", "banana"])
    func unknownVersionsNameTheFileAndTheVersion(_ version: String) async throws {
        let file = await write(S.notebook(strokes: [S.brush([(1, 1, 0.5), (2, 2, 0.5)])], version: version))
        let error = try #require(failure(file))
        #expect(error == .unknownVersion(path: file, version: version))
        #expect(error.description == "\(file): rnote file version \(version) is not one inkpdf reads (known: 0.5.x–0.12.x); export it from rnote as PDF, or save it with a known version")
    }

    @Test func notGzipAndOtherJSONAreNotRnote() async throws {
        let plain = path("plain.rnote")
        _ = FileManager.default.createFile(atPath: plain, contents: Data(S.notebook(strokes: []).utf8))
        #expect(!RNoteImporter.recognizes(path: plain))
        guard case .notRNote? = failure(plain) else { Issue.record("plain JSON read as rnote"); return }
        let other = await write(#"{"version":"0.9.4","payload":[]}"#)
        #expect(!RNoteImporter.recognizes(path: other))
        guard case .notRNote? = failure(other) else { Issue.record("other JSON read as rnote"); return }
    }

    @Test func aTruncatedFileIsABrokenGzip() async throws {
        let file = await write(S.notebook(strokes: (0..<200).map { i in S.brush((0..<50).map { (Double($0 + i), Double($0), 0.5) }) }))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let cut = path("cut.rnote")
        _ = FileManager.default.createFile(atPath: cut, contents: bytes.prefix(bytes.count / 2))
        let error = try #require(failure(cut))
        guard case .brokenGzip = error else { Issue.record("\(error)"); return }
    }

    // MARK: - Drawing as rnote draws

    @Test func trashedStrokesAreNotDrawnAndLayersOrderTheRest() async throws {
        // 0.5 layout: store_snapshot with trash_components; slot 1 trashed; slot 0 on a later layer than slot 2.
        let a = #"{"brushstroke":{"path":[{"dot":{"element":{"pos":[10,10],"pressure":0.5}}},{"line":{"start":{"pos":[10,10],"pressure":0.5},"end":{"pos":[20,20],"pressure":1.0}}}],"style":{"smooth":{"stroke_width":2,"stroke_color":{"r":1,"g":0,"b":0,"a":1},"pressure_curve":"linear"}}}}"#
        let b = a.replacingOccurrences(of: #""r":1,"g":0"#, with: #""r":0,"g":1"#)
        let c = #"{"brushstroke":{"path":[{"cubbez":{"start":{"pos":[30,30],"pressure":0.5},"cp1":[40,30],"cp2":[50,40],"end":{"pos":[50,50],"pressure":0.5}}}],"style":{"smooth":{"stroke_width":4,"stroke_color":{"r":0,"g":0,"b":1,"a":1},"pressure_curve":"const"}}}}"#
        let json = #"{"version":"0.5.5","data":{"document":\#(S.defaultDocument),"store_snapshot":{"chrono_components":[{"value":{"layer":{"UserLayer":1},"t":1},"version":1},{"value":{"layer":{"UserLayer":0},"t":2},"version":1},{"value":{"layer":{"UserLayer":0},"t":3},"version":1}],"stroke_components":[{"value":\#(a),"version":1},{"value":\#(b),"version":1},{"value":\#(c),"version":1}],"trash_components":[{"value":{"trashed":false},"version":1},{"value":{"trashed":true},"version":1},{"value":{"trashed":false},"version":1}]}}}"#
        let (document, layers) = try read(await write(json))
        #expect(document.pages.count == 1)
        #expect(layers.map(\.layer) == ["user layer 0", "user layer 1"])
        let strokes = layers.flatMap(\.strokes)
        #expect(strokes.count == 2)
        #expect(strokes.map(\.ink.color.red) == [0, 1])
        // The cubic: its start and 8 samples; constant width 4 px = 3 pt; the last at its end.
        #expect(strokes[0].points.count == 9)
        #expect(strokes[0].points.allSatisfy { $0.w == 3 })
        #expect(abs(strokes[0].points[8].x - 37.5) < 1e-9 && abs(strokes[0].points[8].y - 37.5) < 1e-9)
        // The red line: dot, dot again, then its end; linear pressure: 2 px × 0.5, × 1.0.
        #expect(strokes[1].points.map(\.w) == [0.75, 0.75, 1.5])
    }

    @Test(arguments: [("const", 1.0), ("linear", 0.25), ("sqrt", 0.5), ("cbrt", 0.6299605249474366), ("pow2", 0.0625), ("pow3", 0.015625)])
    func pressureCurvesSetTheWidths(_ curve: String, _ factor: Double) async throws {
        let (_, layers) = try read(await write(S.notebook(strokes: [S.brush([(10, 10, 0.25), (20, 20, 0.25)], width: 8, curve: curve)])))
        let point = try #require(layers.first?.strokes.first?.points.first)
        #expect(abs(point.w - 8 * factor * 0.75) < 1e-9)
    }

    @Test func shapesTextAndImagesAreDrawn() async throws {
        let style = #""style":{"smooth":{"stroke_width":2,"stroke_color":{"r":0,"g":0,"b":0,"a":1},"fill_color":{"r":1,"g":1,"b":0,"a":1}}}"#
        let rect = #"{"shapestroke":{"shape":{"rect":{"cuboid":{"half_extents":[10,20]},"transform":{"affine":[1,0,0,0,1,0,100,100,1]}}},\#(style)}}"#
        let ellipse = #"{"shapestroke":{"shape":{"ellipse":{"radii":[10,5],"transform":{"affine":[1,0,0,0,1,0,200,200,1]}}},\#(style)}}"#
        let arrow = #"{"shapestroke":{"shape":{"arrow":{"start":[10,300],"tip":[110,300]}},\#(style)}}"#
        let text = #"{"textstroke":{"text":"hello world","transform":{"affine":[1,0,0,0,1,0,40,40,1]},"text_style":{"font_family":"sans","font_size":16,"font_weight":700,"font_style":"italic","color":{"r":1,"g":0,"b":0,"a":1}}}}"#
        let pixels = Data([255, 0, 0, 255, 0, 0, 128, 128]).base64EncodedString()
        let bitmap = #"{"bitmapimage":{"image":{"data":"\#(pixels)","pixel_width":2,"pixel_height":1,"memory_format":"R8g8b8a8Premultiplied"},"rectangle":{"cuboid":{"half_extents":[20,10]},"transform":{"affine":[1,0,0,0,1,0,300,300,1]}}}}"#
        let (document, layers) = try await read(write(S.notebook(strokes: [rect, ellipse, arrow, text, bitmap])))
        let strokes = layers.flatMap(\.strokes)
        // Rectangle (closed, 5 points), ellipse (65), arrow shaft and head.
        #expect(strokes.map(\.points.count) == [5, 65, 2, 3])
        #expect(abs(strokes[0].points[0].x - 90 * 0.75) < 1e-9 && abs(strokes[0].points[0].y - 80 * 0.75) < 1e-9)
        let page = try #require(document.pages.first)
        let fills = page.decorations.filter { if case .polygon = $0.content { true } else { false } }
        #expect(fills.count == 2)
        let texts = page.decorations.compactMap { decoration -> (String, String, Double)? in
            if case .text(let text, let family, let size, _) = decoration.content { return (text, family, size) }
            return nil
        }
        #expect(texts.count == 1)
        #expect(texts.first?.0 == "hello world" && texts.first?.1 == "sans Bold Italic" && texts.first?.2 == 12)
        let images = page.decorations.compactMap { decoration -> [UInt8]? in
            if case .image(let bytes) = decoration.content { return bytes }
            return nil
        }
        #expect(images.count == 1)
        #expect(images.first?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        // The PNG read by PyMuPDF (an independent decoder, which keeps pixels premultiplied as rnote
        // does): an opaque red pixel, and a blue one at half opacity, as the notebook has them.
        let png = (TestFolder.lastingPath() as NSString).appendingPathComponent("bitmap.png")
        try Data(images.first ?? []).write(to: URL(fileURLWithPath: png))
        let decoded = try await ReferenceReaders.python(["-c", "import pymupdf, sys, json; p = pymupdf.Pixmap(sys.argv[1]); "
                                                   + "print(json.dumps([p.width, p.height, p.n, list(p.pixel(0, 0)), list(p.pixel(1, 0))]))", png],
                                                  name: "PyMuPDF")
        let values = try JSONSerialization.jsonObject(with: decoded) as? [Any]
        #expect(values?[0] as? Int == 2 && values?[1] as? Int == 1 && values?[2] as? Int == 4, "\(String(describing: values))")
        #expect(values?[3] as? [Int] == [255, 0, 0, 255], "\(String(describing: values))")
        #expect(values?[4] as? [Int] == [0, 0, 128, 128], "\(String(describing: values))")
    }

    /// A dashed or dotted shape is cut as rnote strokes it: dashes of width × e (× 1, 0.618, 1.618 for the gaps),
    /// a round cap's gaps 2 × width longer, dots every 2 × width; pen paths stay solid whatever their style.
    @Test(arguments: ["solid", "dashed_equidistant", "dashed_narrow", "dashed_wide", "dotted"])
    func dashedShapesAreCutIntoRnotesDashes(style: String) async throws {
        // A straight line 401 px long, 4 px wide, butt caps (dots get round ones, as in rnote).
        let line = #"{"shapestroke":{"shape":{"line":{"start":[100,100],"end":[501,100]}},"style":{"smooth":{"stroke_width":4,"stroke_color":{"r":0,"g":0,"b":0,"a":1},"line_style":"\#(style)","line_cap":"straight"}}}}"#
        let pen = S.brush([(100, 300, 0.5), (500, 300, 0.5)]).replacingOccurrences(of: #""pressure_curve""#, with: #""line_style":"\#(style)","pressure_curve""#)
        let strokes = try read(await write(S.notebook(strokes: [line, pen]))).1.flatMap(\.strokes)
        let scale = 0.75, width = 4 * scale, length = 401 * scale
        let pattern = try #require(RNoteItems.LineStyle(name: style)).pattern(width: width, roundCap: style == "dotted") ?? []
        // A dash starts every period while the line lasts.
        let dashes = pattern.isEmpty ? 1 : Int((length / pattern.reduce(0, +)).rounded(.up))
        #expect(strokes.count == dashes + 1, "\(style): \(strokes.count) strokes, \(dashes) dashes expected")
        if style != "solid", style != "dotted", let first = strokes.first {
            // The first dash runs from the line's start for the pattern's first length.
            #expect(abs((first.points.last!.x - first.points.first!.x) - pattern[0]) < 1e-6)
            #expect(abs(first.points.first!.x - 100 * scale) < 1e-9)
        }
        if style == "dotted" {
            #expect(strokes.dropLast().allSatisfy { $0.points.count <= 2 && abs($0.points.last!.x - $0.points.first!.x) < 1e-9 })
            #expect(abs(strokes[1].points[0].x - strokes[0].points[0].x - 2 * width) < 1e-6)
        }
        #expect(strokes.last?.points.count == 2, "the pen path is not cut")
    }

    @Test func theBackgroundIsRnotesPattern() async throws {
        let (document, _) = try read(await write(S.notebook(strokes: [S.brush([(10, 10, 0.5), (20, 20, 0.5)])])))
        guard case .paper(let paper)? = document.pages.first?.background, let svg = paper.image else {
            Issue.record("no background")
            return
        }
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains(#"pattern id="inkpdf-rnote-pattern" x="0" y="0" width="32" height="32""#))
        #expect(text.contains(#"stroke="rgb(204,230,255)""#))
        #expect(text.contains(#"viewBox="0 0 793.7 1122.5""#))
    }

    @Test func aFinePatternIsDrawnCoarserWithANote() async throws {
        let document = S.defaultDocument.replacingOccurrences(of: #""pattern_size":[32.0,32.0]"#, with: #""pattern_size":[0.01,0.01]"#)
        let (imported, _) = try read(await write(S.notebook(strokes: [S.brush([(10, 10, 0.5), (20, 20, 0.5)])], document: document)))
        #expect(imported.report.warnings.contains { $0.contains("drawn with larger cells") })
        let (w, h, enlarged) = RNoteBackgroundSVG.cell(RNoteItems.Background(pattern: .dots, patternWidth: 0.01, patternHeight: 0.01),
                                                       width: 793.7, height: 1122.5)
        #expect(enlarged)
        #expect((793.7 / w + 1) * (1122.5 / h + 1) <= RNoteBackgroundSVG.maximumCells)
    }

    @Test func strokesOnTwoTilesAreOnBothPages() async throws {
        let (document, layers) = try read(await write(S.notebook(strokes: [S.brush([(100, 1100, 0.5), (100, 1150, 0.5)])])))
        #expect(document.pages.count == 2)
        #expect(Set(layers.map(\.page)) == [1, 2])
        let second = try #require(layers.first { $0.page == 2 }?.strokes.first?.points.first)
        #expect(abs(second.y - (1100 - 1122.5) * 0.75) < 1e-9)
    }
}

/// The JSON reader's numbers are those `strtod` gives, bit for bit, on its fast path and off it.
@Suite struct RNoteNumberTests {
    @Test func numbersAreStrtodsBitForBit() throws {
        let seed = SplitMix64.testSeed(0x524e4f54)
        var generator = SplitMix64(seed: seed)
        var literals = ["0", "-0", "0.1", "1.5", "-793.7007874015749", "1122.52", "123456789012345", "1234567890123456", "0.000000000000001",
                        "1e5", "-2.5E-3", "3.14159265358979", "99999999999999.9", "0.30000000000000004"]
        for _ in 0..<2000 {
            let integer = Int.random(in: 0...99_999, using: &generator)
            let decimals = Int.random(in: 0...6, using: &generator)
            var text = String(integer)
            if decimals > 0 { text += "." + (0..<decimals).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined() }
            literals.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        let folder = XournalTestSupport.temporaryFolder()
        let path = (folder as NSString).appendingPathComponent("numbers.json")
        _ = FileManager.default.createFile(atPath: path, contents: Data(("[" + literals.joined(separator: ",") + "]").utf8))
        let reader = RNoteJSONReader(input: try InputFile(path: path), budget: ExpansionBudget(limit: 1 << 30))
        try reader.beginArray()
        for literal in literals {
            #expect(try reader.nextElement(), "seed \(seed)")
            let value = try reader.number()
            #expect(value.bitPattern == strtod(literal, nil).bitPattern, "\(literal) (seed \(seed))")
        }
        #expect(try !reader.nextElement(), "seed \(seed)")
    }
}
