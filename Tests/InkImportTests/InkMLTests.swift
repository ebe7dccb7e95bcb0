import Foundation
import InkFixtures
import InkModel
import InkRendering
import Testing
@testable import InkImport

/// The InkML reader: the recommendation's own examples (typed here as the
/// recommendation shows them), the same trace in every encoding, units,
/// brushes, pressure, references, pages, and hostile files. Every file is
/// written by the test.
@Suite struct InkMLTests {
    let folder = TestFolder.lastingPath()

    func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    func write(_ text: String, _ name: String = "test.inkml") -> String {
        let file = path(name)
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        return file
    }

    static func ink(_ body: String) -> String {
        "<ink xmlns=\"http://www.w3.org/2003/InkML\">\n\(body)\n</ink>\n"
    }

    func options(pdf: String? = nil, page: Int? = nil) -> ImportOptions {
        ImportOptions(pdf: pdf, page: page, temporaryDirectory: folder)
    }

    /// The document and its layers.
    func read(_ file: String, options: ImportOptions? = nil) throws -> (ImportedDocument, [PageLayer]) {
        let document = try InkMLImporter.read(path: file, options: options ?? self.options())
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        let reader = try InkLayersReader(path: document.layersPath)
        var layers: [PageLayer] = []
        while let layer = try reader.nextLayer() { layers.append(layer) }
        return (document, layers)
    }

    func strokes(_ text: String) throws -> [Stroke] {
        try read(write(text)).1.flatMap(\.strokes)
    }

    func failure(_ text: String) -> InkMLImportError? {
        do {
            _ = try read(write(text))
            return nil
        } catch let error as InkMLImportError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    static func xy(_ stroke: Stroke) -> [[Double]] { stroke.points.map { [$0.x, $0.y] } }

    // MARK: - The recommendation's examples

    /// The recommendation's first example: "hello" written as traces of X Y pairs, no trace
    /// format (the default X, Y), no units (read as points).
    static let hello = """
        <ink xmlns="http://www.w3.org/2003/InkML">
         <trace>
          10 0, 9 14, 8 28, 7 42, 6 56, 6 70, 8 84, 8 98, 8 112, 9 126, 10 140,
          13 154, 14 168, 17 182, 18 188, 23 174, 30 160, 38 147, 49 135,
          58 124, 72 121, 77 135, 80 149, 82 163, 84 177, 87 191, 93 205
         </trace>
         <trace>
          130 155, 144 159, 158 160, 170 154, 179 143, 179 129, 166 125,
          152 128, 140 136, 131 149, 126 163, 124 177, 128 190, 137 200,
          150 208, 163 210, 178 208, 192 201, 205 192, 214 180
         </trace>
        </ink>
        """

    @Test("the recommendation's 'hello' example reads to its points, y down as on the page")
    func helloExample() throws {
        let strokes = try strokes(Self.hello)
        #expect(strokes.count == 2)
        #expect(strokes[0].points.count == 27 && strokes[1].points.count == 20)
        #expect(Self.xy(strokes[0]).prefix(3) == [[10, 0], [9, 14], [8, 28]])
        #expect(Self.xy(strokes[0]).last == [93, 205])
        #expect(Self.xy(strokes[1]).last == [214, 180])
        #expect(strokes.allSatisfy { $0.interpolation == .linear && $0.ink.type == .pen })
    }

    /// The recommendation's example of difference encodings: an explicit first point, first
    /// differences ('), then second differences (") that persist until changed.
    static let differences = """
        <ink xmlns="http://www.w3.org/2003/InkML">
        <trace>
          1125 18432,'23'43,"7"-8,3-5,7 -3,6 2,6 8,3 6,0 3,-2 4,-4 1,-1 1
        </trace>
        </ink>
        """

    @Test("the recommendation's difference example reads to the points its differences add up to")
    func differenceExample() throws {
        let stroke = try #require(try strokes(Self.differences).first)
        // By hand: point 2 = point 1 + (23, 43); from point 3 on, the change grows by each pair.
        let expected: [[Double]] = [[1125, 18432], [1148, 18475], [1178, 18510], [1211, 18540], [1251, 18567], [1297, 18596],
                                    [1349, 18633], [1404, 18676], [1459, 18722], [1512, 18772], [1561, 18823], [1609, 18875]]
        #expect(Self.xy(stroke) == expected)
        // The same trace as the W3C's InkML talks show it (2003, 2004): no commas, explicit '+' signs,
        // points told apart by the channel count (up to where the slide turns to an obsolete syntax).
        let slide = try #require(try strokes(Self.ink("<trace>1125 18432'23'43\"7\"-8 3-5+7  -3+6+2+6 8+3+6</trace>")).first)
        #expect(Self.xy(slide) == Array(expected.prefix(8)))
    }

    /// The recommendation's trace format with pressure and intermittent channels, values given
    /// by name and `*`/`?` where the intermittent ones are unchanged or unknown.
    @Test("intermittent channels may be left out of a point; * repeats and ? keeps the last value")
    func intermittentChannels() throws {
        let text = Self.ink("""
            <traceFormat xml:id="tf"><channel name="X" type="decimal"/><channel name="Y" type="decimal"/>
            <intermittentChannels><channel name="B1" type="boolean" default="F"/><channel name="F" type="decimal" max="1"/></intermittentChannels>
            </traceFormat>
            <context traceFormatRef="#tf"/>
            <trace>10 10 T 0.5, 20 20, 30 30 * ?, 40 40 F 1</trace>
            """)
        let stroke = try #require(try strokes(text).first)
        #expect(Self.xy(stroke) == [[10, 10], [20, 20], [30, 30], [40, 40]])
        #expect(stroke.points.map(\.force) == [1, 1, 1, 2])
    }

    // MARK: - Encodings

    /// One trace with every channel kind (X, Y, F, T, OA, OE), generated.
    static func channelValues(count: Int, seed: UInt64) -> [[Int]] {
        var random = SplitMix64(seed: seed)
        var x = 5000, y = 8000, t = 0
        return (0..<count).map { _ in
            x += Int(random.next() % 200) - 90
            y += Int(random.next() % 120) - 40
            t += 5 + Int(random.next() % 10)
            return [x, y, Int(random.next() % 1024), t, Int(random.next() % 360), 20 + Int(random.next() % 70)]
        }
    }

    static func channelDocument(_ trace: String) -> String {
        ink("""
            <definitions>
            <context xml:id="c"><inkSource><traceFormat>
            <channel name="X" type="integer" units="himetric"/><channel name="Y" type="integer" units="himetric"/>
            <channel name="F" type="integer" max="1023"/><channel name="T" type="integer" units="ms"/>
            <channel name="OA" type="integer" units="deg"/><channel name="OE" type="integer" units="deg"/>
            </traceFormat></inkSource></context>
            </definitions>
            <trace contextRef="#c">\(trace)</trace>
            """)
    }

    @Test("the same trace reads to the same points in every encoding", arguments: InkMLWriter.Encoding.allCases)
    func everyEncodingReadsTheSame(_ encoding: InkMLWriter.Encoding) throws {
        let values = Self.channelValues(count: 60, seed: 7)
        let reference = try #require(try strokes(Self.channelDocument(InkMLWriter.traceText(values, encoding: .explicit))).first)
        let text = InkMLWriter.traceText(values, encoding: encoding)
        let stroke = try #require(try strokes(Self.channelDocument(text)).first)
        #expect(stroke.points == reference.points, "\(encoding): \(text.prefix(120))")
        // And the reference is the values themselves, converted.
        let first = reference.points[0], value = values[0]
        #expect(abs(first.x - Double(value[0]) * 72 / 2540) < 1e-9 && abs(first.y - Double(value[1]) * 72 / 2540) < 1e-9)
        #expect(abs(first.force - 2 * Double(value[2]) / 1023) < 1e-12)
        #expect(abs(reference.points[10].t - Double(values[10][3] - value[3]) / 1000) < 1e-12)
        #expect(abs(first.azimuth - Double(value[4]) * .pi / 180) < 1e-12 && abs(first.altitude - Double(value[5]) * .pi / 180) < 1e-12)
    }

    @Test("a mode persists until another prefix changes it, channel by channel")
    func modesPersistPerChannel() throws {
        let stroke = try #require(try strokes(Self.ink("<trace>10 10,'1 5,2 6,!7'1,\"0 0</trace>")).first)
        // X: 10, +1, +2 (first differences persist), 7 (explicit again), then a second difference of 0:
        // 7 + (7 − 13) = 1. Y: 10, 5, 6 (explicit: no prefix yet), +1 → 7, and 0 is still a first difference: 7.
        #expect(Self.xy(stroke) == [[10, 10], [11, 5], [13, 6], [7, 7], [1, 7]])
    }

    // MARK: - Units, brushes, pressure

    @Test("units and resolutions become points", arguments: [
        ("units=\"in\"", "", 2.0, 144.0),
        ("units=\"mm\"", "", 25.4, 72.0),
        ("units=\"cm\"", "", 2.54, 72.0),
        ("units=\"himetric\"", "", 2540, 72.0),
        ("units=\"px\"", "", 96, 72.0),
        ("units=\"pt\"", "", 50, 50.0),
        ("units=\"cm\"", "<channelProperty channel=\"X\" name=\"resolution\" value=\"1000\" units=\"1/cm\"/>", 2540, 72.0),
        ("", "<channelProperty channel=\"X\" name=\"resolution\" value=\"100\" units=\"1/in\"/>", 100, 72.0),
    ])
    func unitsToPoints(_ units: String, _ property: String, _ value: Double, _ expected: Double) throws {
        let text = Self.ink("""
            <context><inkSource><traceFormat><channel name="X" \(units)/><channel name="Y"/></traceFormat>
            <channelProperties>\(property)</channelProperties></inkSource></context>
            <trace>\(value) 0, 0 0</trace>
            """)
        let stroke = try #require(try strokes(text).first)
        #expect(abs(stroke.points[0].x - expected) < 1e-9)
    }

    static func brushDocument(_ properties: String, trace: String = "100 100 0, 200 100 512, 300 100 1023") -> String {
        ink("""
            <definitions>
            <brush xml:id="b">\(properties)</brush>
            <traceFormat xml:id="f"><channel name="X"/><channel name="Y"/><channel name="F" max="1023"/></traceFormat>
            </definitions>
            <context xml:id="c" brushRef="#b" traceFormatRef="#f"/>
            <trace>\(trace)</trace>
            """)
    }

    @Test("pressure draws the brush at 50 % to 150 % of its width, force 2p; ignorePressure keeps the width")
    func pressure() throws {
        let stroke = try #require(try strokes(Self.brushDocument(#"<brushProperty name="width" value="0.2" units="cm"/>"#)).first)
        let width = 0.2 * 72 / 2.54
        #expect(abs(stroke.ink.width! - width) < 1e-9)
        let expected = [0.0, 512, 1023].map { 0.5 + $0 / 1023 }
        #expect(zip(stroke.points, expected).allSatisfy { abs($0.w / width - $1) < 1e-12 && abs($0.h / width - $1) < 1e-12 })
        #expect(abs(stroke.points[2].force - 2) < 1e-12 && stroke.points[0].force == 0)
        let ignored = try #require(try strokes(Self.brushDocument(#"<brushProperty name="width" value="3"/><brushProperty name="ignorePressure" value="true"/>"#)).first)
        #expect(ignored.points.allSatisfy { $0.w == 3 && $0.h == 3 })
    }

    @Test("a highlighter (rasterOp maskPen) is marker ink, its transparency of 0 … 255 the colour's alpha")
    func highlighter() throws {
        let stroke = try #require(try strokes(Self.brushDocument("""
            <brushProperty name="width" value="10"/><brushProperty name="color" value="#FFFF00"/>
            <brushProperty name="transparency" value="51"/><brushProperty name="tip" value="rectangle"/>
            <brushProperty name="rasterOp" value="maskPen"/>
            """)).first)
        #expect(stroke.ink.type == .marker)
        #expect(stroke.ink.color.red == 1 && stroke.ink.color.blue == 0 && abs(stroke.ink.color.alpha - 0.8) < 1e-9)
        #expect(stroke.ink.lineKeys?.width == .constant && stroke.ink.lineKeys?.cap == "square")
        #expect(stroke.points.allSatisfy { $0.w == 10 })
    }

    /// Issue 39, c: OneNote's highlighter is a rectangle 0.07 cm wide and 0.5 cm tall, held upright:
    /// a stroke across the page is as tall as the tip (it was a 2 pt line, the tip's width).
    @Test("a rectangle-tipped highlighter (OneNote's 0.07 × 0.5 cm) is drawn as tall as its tip across the page")
    func rectangleTippedHighlighter() throws {
        let stroke = try #require(try strokes(Self.brushDocument("""
            <brushProperty name="width" value="0.07" units="cm"/><brushProperty name="height" value="0.5" units="cm"/>
            <brushProperty name="color" value="#FFFF00"/><brushProperty name="tip" value="rectangle"/>
            <brushProperty name="rasterOp" value="maskPen"/>
            """)).first)
        let cm = 72 / 2.54
        #expect(stroke.ink.type == .marker && stroke.ink.lineKeys == nil)
        #expect(stroke.points.allSatisfy { abs($0.w - 0.5 * cm) < 1e-9 && abs($0.h - 0.07 * cm) < 1e-9 && $0.azimuth == 0 })
        // Drawn (the trace runs along x from 100 to 300 pt at y 100): as tall as the tip, no taller.
        let drawings = InkStyle.drawings(for: stroke, quality: .reference).drawings
        var ys: [Double] = [], xs: [Double] = []
        for drawing in drawings {
            for element in drawing.path.elements {
                switch element {
                case .move(let p), .line(let p): ys.append(p.y); xs.append(p.x)
                case .curve(let c1, let c2, let p): ys += [c1.y, c2.y, p.y]; xs += [c1.x, c2.x, p.x]
                case .close: break
                }
            }
        }
        let height = try #require(ys.max()) - ys.min()!
        #expect(abs(height - 0.5 * cm) < 1e-6, "drawn \(height) pt tall, the tip is \(0.5 * cm) pt")
        #expect(abs(ys.max()! - (100 + 0.25 * cm)) < 1e-6)
        // Along the stroke the tip is 0.07 cm thick: the ends stand out by half that, no more.
        #expect(abs(xs.min()! - (100 - 0.035 * cm)) < 1e-6 && abs(xs.max()! - (300 + 0.035 * cm)) < 1e-6,
                "ends at \(xs.min()!) and \(xs.max()!)")
        // The tip's properties are kept with the stroke.
        guard case .object(let inkml)? = stroke.extra["inkml"], case .object(let properties)? = inkml["brushProperties"] else {
            Issue.record("no brush properties kept"); return
        }
        #expect(properties["tip"] == .string("rectangle"))
    }

    // MARK: - References, transforms, pages

    @Test("contexts inherit by contextRef; a group's brushRef applies to its traces; a canvas transform moves the ink")
    func references() throws {
        let text = Self.ink("""
            <definitions>
            <brush xml:id="red"><brushProperty name="color" value="#FF0000"/><brushProperty name="width" value="2"/></brush>
            <canvasTransform xml:id="shift"><mapping type="affine"><affine>2 0 10, 0 2 20, 0 0 1</affine></mapping></canvasTransform>
            <context xml:id="base"><traceFormat><channel name="Y"/><channel name="X"/></traceFormat></context>
            <context xml:id="moved" contextRef="#base" canvasTransformRef="#shift"/>
            </definitions>
            <traceGroup contextRef="#moved" brushRef="#red"><trace>1 2, 3 4</trace></traceGroup>
            <trace contextRef="#base">1 2</trace>
            """)
        let strokes = try strokes(text)
        #expect(strokes.count == 2)
        // Y first in the format: the values are (Y=1, X=2); then x' = 2·2 + 10, y' = 2·1 + 20.
        #expect(Self.xy(strokes[0]) == [[14, 22], [18, 26]])
        #expect(strokes[0].ink.color.hexString == "#FF0000FF" && strokes[0].ink.width == 2)
        #expect(Self.xy(strokes[1]) == [[2, 1]])
    }

    @Test("a reference to nothing defined before it is a located error")
    func unknownReference() throws {
        let error = try #require(failure(Self.ink("<trace brushRef=\"#nope\">1 2</trace>")))
        guard case .unknownReference(_, let place, let attribute, _) = error else { Issue.record("\(error)"); return }
        #expect(attribute == "brushRef" && place.line == 2 && place.trace == 1)
        #expect(error.description.contains(":2:") && error.description.contains("define it earlier"))
    }

    @Test("trace groups annotated as pages are pages in order; ink before them a page of its own; --pdf/--page places them")
    func pages() throws {
        let text = Self.ink("""
            <trace>5 5, 50 60</trace>
            <traceGroup><annotation type="page">1</annotation><trace>10 10, 20 20</trace></traceGroup>
            <traceGroup><annotation type="page">2</annotation><trace>1 1, 400 700</trace></traceGroup>
            <trace>3 3, 4 4</trace>
            <traceGroup><trace>7 7, 8 8</trace></traceGroup>
            """)
        let file = write(text)
        let (document, layers) = try read(file)
        #expect(document.pages.count == 3)
        #expect(layers.map(\.page) == [1, 2, 3])
        #expect(layers[2].strokes.count == 3)
        // Sized to the ink: its farthest point plus half the 1 pt nib, and a 36 pt margin.
        #expect(document.pages[2].width == 400.5 + 36 && document.pages[2].height == 700.5 + 36)
        #expect(document.pages.allSatisfy { if case .paper = $0.background { true } else { false } })
        let (over, _) = try read(file, options: options(pdf: "/nonexistent.pdf", page: 4))
        #expect(over.pages.map(\.background) == [.pdfPage(4), .pdfPage(5), .pdfPage(6)])
    }

    @Test("a trace group's truth or transcription becomes the layer's text: CROHME's traceViews, IAM-style nested traces")
    func truthAnnotationsAreRecognisedText() throws {
        // As the CROHME datasets write it: traces first (numeric and colon-separated ids), then the
        // segmentation, a group a symbol, each naming its traces; the outer group's truth is a label.
        let crohme = Self.ink("""
            <annotation type="truth">$x^2$</annotation>
            <trace id="0">10 10, 20 20</trace><trace id="1">30 10, 40 20</trace>
            <trace id="2">50 10, 60 20</trace><trace xml:id="0:1:2:3:">70 10, 80 20</trace>
            <traceGroup xml:id="4">
              <annotation type="truth">Segmentation</annotation>
              <traceGroup xml:id="5"><annotation type="truth">x</annotation>
                <traceView traceDataRef="0"/><traceView traceDataRef="1"/><annotationXML href="x_1"/></traceGroup>
              <traceGroup xml:id="6"><annotation type="truth"> e\u{0301}t\u{00E9}\n</annotation>
                <traceView traceDataRef="#0:1:2:3:"/><traceView traceDataRef="2"/><traceView traceDataRef="missing"/></traceGroup>
            </traceGroup>
            """)
        let (_, layers) = try read(write(crohme))
        let layer = try #require(layers.first)
        #expect(layer.recognisedText.map(\.text) == ["x", "\u{00E9}t\u{00E9}"])
        #expect(layer.recognisedText.map(\.strokes) == [[0, 1], [3, 2]])
        #expect(layer.recognisedText.allSatisfy { $0.source == "inkml" })

        // Traces inside the annotated group; a group without an annotation gives nothing; the page annotation stays the page's.
        let lines = Self.ink("""
            <traceGroup><annotation type="page">1</annotation>
              <traceGroup><annotation type="transcription">the quick</annotation><trace>1 1, 9 9</trace><trace>10 1, 19 9</trace></traceGroup>
              <traceGroup><trace>1 20, 9 29</trace></traceGroup>
              <traceGroup><trace>1 40, 9 49</trace><annotation type="truth">fox\t\n jumps</annotation></traceGroup>
              <traceGroup><annotation type="truth">   </annotation><trace>1 60, 9 69</trace></traceGroup>
            </traceGroup>
            """)
        let (_, pages) = try read(write(lines))
        #expect(pages.first?.recognisedText.map(\.text) == ["the quick", "fox jumps"])
        #expect(pages.first?.recognisedText.map(\.strokes) == [[0, 1], [3]])
        #expect(pages.first?.extra["inkml"] != nil)
    }

    @Test("detected by content: the root <ink> in the InkML namespace, whatever the name")
    func detection() throws {
        #expect(InkImporter.detectFormat(path: write(Self.hello, "notes.xml")) == .inkML)
        #expect(InkImporter.detectFormat(path: write("<ink><trace>1 2</trace></ink>", "plain.inkml")) == nil)
        #expect(InkImporter.detectFormat(path: write("<?xml version=\"1.0\"?><!DOCTYPE ink [<!ENTITY a \"b\">]><ink/>", "dtd.inkml")) == .inkML)
    }

    // MARK: - Hostile files

    static let entityBomb = """
        <?xml version="1.0"?>
        <!DOCTYPE ink [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
        <ink xmlns="http://www.w3.org/2003/InkML"><trace>&c; 1</trace></ink>
        """

    @Test("a DOCTYPE (with entities, or in UTF-16) is refused before its entities are read")
    func documentType() throws {
        let error = try #require(failure(Self.entityBomb))
        guard case .documentTypeDeclaration(_, let place) = error else { Issue.record("\(error)"); return }
        #expect(place.line == 2)
        let utf16 = path("utf16.inkml")
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in Self.entityBomb.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>").utf16 {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        _ = FileManager.default.createFile(atPath: utf16, contents: Data(bytes))
        #expect(throws: InkMLImportError.self) { _ = try read(utf16) }
        do { _ = try read(utf16) } catch let error as InkMLImportError {
            guard case .documentTypeDeclaration = error else { Issue.record("\(error)"); return }
        }
    }

    @Test("numbers outside InkRange are located errors", arguments: [
        ("<trace>0 0, 1e300 5</trace>", "x is 1e+300"),
        ("<trace>0 0, 5 -1e9</trace>", "y is -1000000000"),
        ("<trace>0 0,\"1e307 0,1e307 0,1e307 0,1e307 0</trace>", "outside ±28800"),
        ("<trace>0 0, #FFFFFFFFFFFFFFFFFFFFFFFF 0</trace>", "x is"),
        ("<brush xml:id=\"b\"><brushProperty name=\"width\" value=\"1e9\"/></brush><trace brushRef=\"#b\">0 0</trace>", "brush width"),
        ("<context><traceFormat><channel name=\"X\"/><channel name=\"Y\"/><channel name=\"T\" units=\"s\"/></traceFormat></context><trace>0 0 0, 1 1 1e12</trace>", "time offset"),
    ])
    func hugeNumbers(_ body: String, _ expected: String) throws {
        let error = try #require(failure(Self.ink(body)))
        #expect(error.description.contains(expected), "\(error)")
        #expect(error.description.contains("trace 1"), "\(error)")
    }

    @Test("a trace that does not match its format is a located error naming the point")
    func badTraces() throws {
        let short = try #require(failure(Self.ink("<trace>1 2, 3, 4 5</trace>")))
        #expect(short.description.contains("trace 1, point 2") && short.description.contains("1 value for the 2 regular channels"), "\(short)")
        let junk = try #require(failure(Self.ink("<trace>1 2, 3 x</trace>")))
        #expect(junk.description.contains("'x' is not a value"), "\(junk)")
    }

    @Test("deep nesting ends in libxml2's located error, not a crash")
    func deepNesting() throws {
        let depth = 100_000
        let text = "<ink xmlns=\"http://www.w3.org/2003/InkML\">" + String(repeating: "<traceGroup>", count: depth)
            + "<trace>1 2</trace>" + String(repeating: "</traceGroup>", count: depth) + "</ink>"
        let error = try #require(failure(text))
        guard case .xml(_, let place, _) = error else { Issue.record("\(error)"); return }
        #expect(place.line == 1)
    }

    @Test("a trace of millions of points is bounded by the text libxml2 accepts (no XML_PARSE_HUGE): a located error, not exhausted memory")
    func millionsOfPoints() throws {
        let text = Self.ink("<trace>" + String(repeating: "1 1,", count: 3_000_000) + "</trace>")
        let error = try #require(failure(text))
        guard case .xml(_, let place, _) = error else { Issue.record("\(error)"); return }
        #expect(place.line == 2)
    }

    /// Issue 40, 5: two regular channels and 62 intermittent ones that every point leaves out: 4
    /// bytes of text a point held 64 doubles (512 bytes), and comments split the trace into text
    /// nodes under libxml2's limit, so that a 374 KB gzip asked for 2.2 GB. The document's traces
    /// together hold at most `maximumChannelValuesPerDocument` values: one trace or many.
    @Test("the document's points × channels are one budget: a located error past it, in one trace or across many", arguments: [1, 5])
    func channelValuesAreBudgetedPerDocument(traces: Int) throws {
        let channels = (0..<62).map { "<channel name=\"C\($0)\" type=\"decimal\"/>" }.joined()
        let limit = InkMLDocumentReader.maximumChannelValuesPerDocument
        let points = limit / 64 + 40_000
        let perTrace = points / traces
        let chunk = String(repeating: "1 1,", count: perTrace / 6)
        let trace = "<trace>" + Array(repeating: chunk, count: 6).joined(separator: "<!-- split -->") + "</trace>\n"
        let text = Self.ink("""
            <traceFormat xml:id="tf"><channel name="X" type="decimal"/><channel name="Y" type="decimal"/>
            <intermittentChannels>\(channels)</intermittentChannels></traceFormat>
            <context traceFormatRef="#tf"/>
            """ + String(repeating: trace, count: traces))
        var options = options()
        options.keepsRawValues = false
        do {
            let (document, layers) = try read(write(text), options: options)
            Issue.record("read \(document.pages.count) pages, \(layers.flatMap(\.strokes).map(\.points.count).reduce(0, +)) points")
        } catch let error as InkMLImportError {
            guard case .tooMany(_, let place, let what, let reported) = error else { Issue.record("\(error)"); return }
            #expect(reported == limit && what.contains("channel values"), "\(error)")
            // The point that passes it: the first after limit / 64 points in all.
            let before = (place.trace! - 1) * (perTrace / 6 * 6)
            #expect(before + place.point! == limit / 64 + 1, "\(error)")
        }
    }

    /// Issue 39, a: the CROHME handwriting dataset names traces and groups `0:1:2:3:` and `12`.
    /// xml:id's NCName rule is a validity constraint (xml:id 1.0: its errors are not fatal), which
    /// libxml2 reports as an error; the file is well-formed and its tools read it.
    @Test("CROHME's ids (xml:id=\"0:1:2:3:\", xml:id=\"12\") are read; a file that is not well-formed is still refused")
    func crohmeIDs() throws {
        let body = """
            <traceFormat><channel name="X" type="decimal"/><channel name="Y" type="decimal"/></traceFormat>
            <annotation type="truth">$x^2$</annotation>
            <trace xml:id="12">10 10, 20 20, 30 10</trace>
            <trace xml:id="0:1:2:3:">40 5, 45 0</trace>
            <traceGroup xml:id="13">
              <annotation type="truth">Segmentation</annotation>
              <traceGroup xml:id="14:"><annotation type="truth">x</annotation><traceView traceDataRef="12"/></traceGroup>
            </traceGroup>
            """
        let strokes = try strokes(Self.ink(body))
        #expect(strokes.map(Self.xy) == [[[10, 10], [20, 20], [30, 10]], [[40, 5], [45, 0]]])
        // Not well-formed (a trace never closed) is refused as before.
        let error = try #require(failure(Self.ink(body.replacingOccurrences(of: "30 10</trace>", with: "30 10"))))
        guard case .xml = error else { Issue.record("\(error)"); return }
    }

    /// seshat writes its recognition as CROHME does, a MathML tree in <annotationXML> beside the trace
    /// groups, and may give a MathML element and a trace group the same xml:id: a validity error
    /// (xml:id 1.0), not one of well-formedness, about ids the ink does not use (issue 54, item 6).
    @Test("an xml:id used twice, in the MathML annotation and a trace group, is warned of and the traces are read")
    func xmlIDUsedTwice() throws {
        let body = """
            <traceFormat><channel name="X" type="decimal"/><channel name="Y" type="decimal"/></traceFormat>
            <annotation type="UI">seshat</annotation>
            <annotationXML type="truth" encoding="Content-MathML">
              <math xmlns="http://www.w3.org/1998/Math/MathML"><mrow><msup><mi xml:id="x_1">x</mi><mn xml:id="2_1">2</mn></msup></mrow></math>
            </annotationXML>
            <trace id="0">10 10, 20 20, 30 10</trace>
            <trace id="1">40 5, 45 0</trace>
            <traceGroup xml:id="x_1">
              <annotation type="truth">Segmentation</annotation>
              <traceGroup xml:id="2_1"><annotation type="truth">x</annotation><traceView traceDataRef="0"/><annotationXML href="x_1"/></traceGroup>
              <traceGroup xml:id="3"><annotation type="truth">2</annotation><traceView traceDataRef="1"/><annotationXML href="2_1"/></traceGroup>
            </traceGroup>
            """
        let (document, layers) = try read(write(Self.ink(body)))
        #expect(layers.flatMap(\.strokes).map(Self.xy) == [[[10, 10], [20, 20], [30, 10]], [[40, 5], [45, 0]]])
        #expect(layers.first?.recognisedText.map(\.text) == ["x", "2"])
        let warnings = document.report.warnings
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.contains { $0.contains("xml:id=\"x_1\" is used twice") && $0.contains("does not concern the ink") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("xml:id=\"2_1\" is used twice") }, "\(warnings)")
    }

    /// A <traceFormat> or <brush> directly in <ink> (CROHME's files begin with one) is the current
    /// context's from there on; it was taken as a definition only, and the trace read as X, Y.
    @Test("a traceFormat and a brush directly in <ink> change the current context")
    func traceFormatInInk() throws {
        let strokes = try strokes(Self.ink("""
            <traceFormat><channel name="X"/><channel name="Y"/><channel name="T"/></traceFormat>
            <brush><brushProperty name="width" value="3"/></brush>
            <trace>10 10 0, 20 20 100, 30 10 200</trace>
            """))
        let stroke = try #require(strokes.first)
        #expect(Self.xy(stroke) == [[10, 10], [20, 20], [30, 10]])
        #expect(stroke.points.map(\.t) == [0, 0.1, 0.2])
        #expect(stroke.points.allSatisfy { $0.w == 3 })
    }

    @Test("elements of other namespaces are not read as InkML")
    func otherNamespaces() throws {
        let strokes = try strokes(Self.ink("""
            <trace>1 1, 2 2</trace>
            <annotationXML><x:trace xmlns:x="urn:other">5 5, 6 6</x:trace><x:traceGroup xmlns:x="urn:other"/></annotationXML>
            <traceGroup><trace>3 3, 4 4</trace></traceGroup>
            """))
        #expect(strokes.map(Self.xy) == [[[1, 1], [2, 2]], [[3, 3], [4, 4]]])
    }

    @Test("a root that is not InkML's <ink> is refused by name")
    func notInkML() throws {
        let error = try #require(failure("<ink xmlns=\"urn:other\"><trace>1 2</trace></ink>"))
        #expect(error.description.contains("not an InkML file") && error.description.contains("urn:other"))
    }
}
