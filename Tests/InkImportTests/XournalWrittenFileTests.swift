import Foundation
import InkModel
import Testing
@testable import InkImport

/// Documents the tests write themselves: every container, every element, every error.
@Suite struct XournalWrittenFileTests {
    typealias S = XournalTestSupport
    let folder = S.temporaryFolder()

    func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    func read(_ path: String, pdf: String? = nil, limit: Int = 1 << 30) throws -> (ImportedDocument, InkLayersHeader, [PageLayer]) {
        let document = try XournalImporter.read(path: path, options: S.options(folder, pdf: pdf, limit: limit))
        let (header, layers) = try S.layers(document.layersPath)
        return (document, header, layers)
    }

    static let oneStroke = S.document(S.page(##"<layer name="Ink"><stroke tool="pen" color="#ff0000ff" width="2">10 20 30 40 50 60</stroke></layer>"##))

    enum Container: String, CaseIterable { case gzip, zip, plain, xoj }

    @Test(arguments: Container.allCases)
    func everyContainer(_ container: Container) async throws {
        let file = path("doc.\(container == .xoj ? "xoj" : "xopp")")
        switch container {
        case .gzip, .xoj: await S.writeGzip(Self.oneStroke, to: file)
        case .zip: await S.writeZip(S.package(Self.oneStroke), to: file)
        case .plain: S.write(Self.oneStroke, to: file)
        }
        #expect(XournalImporter.recognizes(path: file))
        let prefix = [UInt8](FileManager.default.contents(atPath: file)!.prefix(4096))
        #expect(XournalImporter.recognizes(prefix: prefix) == true)
        let (document, header, layers) = try read(file)
        #expect(document.pages.count == 1 && document.pages[0].width == 612)
        #expect(layers.count == 1 && layers[0].page == 1 && layers[0].layer == "Ink")
        let stroke = layers[0].strokes[0]
        #expect(stroke.points.map(\.x) == [10, 30, 50] && stroke.points.map(\.y) == [20, 40, 60])
        #expect(stroke.points.allSatisfy { $0.w == 2 && $0.h == 2 })
        #expect(stroke.ink.type == .pen && stroke.ink.color.hexString == "#FF0000FF" && stroke.created == 0)
        guard case .object(let x)? = header.extra["xournal"] else { Issue.record("no header extension"); return }
        #expect(S.string(x["creator"]) == "xournalpp 1.2.3" && S.string(x["fileversion"]) == "4" && S.string(x["title"]) == "Test document")
        let expected = container == .zip ? "zip" : (container == .plain ? "plain" : "gzip")
        #expect(S.string(x["container"]) == expected)
        if container == .zip { #expect(S.string(x["packageVersion"]) == "current=4 min=4") }
    }

    @Test func toolsColoursWidthsAndPressures() async throws {
        let layer = """
        <layer>
        <stroke tool="pen" color="blue" width="1.5 1 2 3">0 0 10 0 20 0 30 0</stroke>
        <stroke tool="highlighter" color="#ffff007f" width="10 1 2">0 10 10 10 20 10</stroke>
        <stroke tool="eraser" color="white" width="5">0 20 10 20</stroke>
        <stroke tool="pen" color="lightgreen" width="2" pressures="0.5 0.6" ts="1500">0 30 10 30 20 30</stroke>
        <stroke tool="pen" color="orange" width="2 0.5 0 0.7 nan 0.9">0 40 1 40 2 40 3 40 4 40 5 40</stroke>
        <stroke tool="pen" color="magenta" width="2 1">0 50 1 50 2 50</stroke>
        <stroke tool="pen" color="gray" width="0">0 60 1 60</stroke>
        <stroke tool="pen" color="black" width="1">5 5</stroke>
        <stroke tool="brush" color="nosuchcolour" width="1">0 70 1 70</stroke>
        </layer>
        """
        let file = path("tools.xopp")
        await S.writeGzip(S.document(S.page(layer)), to: file)
        let (document, _, layers) = try read(file)
        let strokes = layers[0].strokes
        #expect(strokes.count == 9)
        // Pen with per-segment widths; named colour blue is Xournal++'s royal blue.
        #expect(strokes[0].ink.color.hexString == "#3333CCFF" && strokes[0].points.map(\.w) == [1, 2, 3, 3])
        let forces: [Double] = [1 / 1.5, 2 / 1.5, 3 / 1.5, 3 / 1.5]
        #expect(strokes[0].points.map(\.force) == forces)
        // Highlighter: marker, opacity 0.47, nominal width.
        #expect(strokes[1].ink.type == .marker && strokes[1].ink.color.hexString == "#FFFF0078" && strokes[1].points.allSatisfy { $0.w == 10 })
        #expect(S.string(S.xournal(strokes[1])?["color"]) == "#ffff007f")
        // Eraser: white pen.
        #expect(strokes[2].ink.type == .pen && strokes[2].ink.color.hexString == "#FFFFFFFF")
        // The pressures attribute, and ts in milliseconds from file version 4.
        #expect(strokes[3].ink.color.hexString == "#00FF00FF" && strokes[3].points.map(\.w) == [0.5, 0.6, 0.6] && strokes[3].created == 1.5)
        // Repaired: the zero and NaN widths split the stroke in three.
        #expect(strokes[4].ink.color.hexString == "#FF8000FF")
        #expect(strokes[4].points.map(\.x) == [0, 1] && strokes[4].points.map(\.w) == [0.5, 0.5])
        #expect(strokes[5].points.map(\.x) == [2, 3] && strokes[5].points.map(\.w) == [0.7, 0.7])
        #expect(strokes[6].points.map(\.x) == [4, 5] && strokes[6].points.map(\.w) == [0.9, 0.9])
        #expect(S.string(S.xournal(strokes[4])?["repaired"]) != nil)
        // Too few widths: the nominal width; zero width and one point: left out; unknown tool and colour: black pen.
        #expect(strokes[7].ink.color.hexString == "#FF00FFFF" && strokes[7].points.allSatisfy { $0.w == 2 && $0.force == 1 })
        #expect(strokes[8].ink.color.hexString == "#000000FF" && strokes[8].ink.type == .pen)
        #expect(S.string(S.xournal(strokes[8])?["tool"]) == "brush")
        #expect(document.report.warnings.contains { $0.contains("widths for 2 segments") })
        #expect(document.report.warnings.contains { $0.contains("invisible") })
        #expect(document.report.warnings.contains { $0.contains("fewer than two points") })
        #expect(document.report.warnings.contains { $0.contains("unknown tool 'brush'") })
        // Every named colour of Xournal++'s table.
        let named: [String: String] = ["black": "#000000", "blue": "#3333CC", "red": "#FF0000", "green": "#008000", "gray": "#808080",
                     "lightblue": "#00C0FF", "lightgreen": "#00FF00", "magenta": "#FF00FF", "orange": "#FF8000",
                     "yellow": "#FFFF00", "white": "#FFFFFF"]
        for (name, hex) in named { #expect(XournalColor.parse(name)?.hexString == hex + "FF", "\(name)") }
    }

    @Test func capsFillAndDashes() throws {
        let layer = """
        <layer>
        <stroke tool="pen" color="#000000ff" width="1" capStyle="butt" fill="128">0 0 100 0 100 100</stroke>
        <stroke tool="pen" color="#000000ff" width="1" style="dash">0 200 18 200</stroke>
        <stroke tool="pen" color="#000000ff" width="1" style="cust: 1 1">0 300 4 300</stroke>
        <stroke tool="highlighter" color="#ff0000ff" width="8" fill="64" capStyle="square">0 400 10 400 10 410</stroke>
        </layer>
        """
        let file = path("caps.xopp")
        S.write(S.document(S.page(layer)), to: file)
        let (document, _, layers) = try read(file)
        let strokes = layers[0].strokes
        #expect(S.string(S.xournal(strokes[0])?["capStyle"]) == "butt" && S.string(S.xournal(strokes[0])?["fill"]) == "128")
        // dash 6 on 3 off over 18 points: [0,6], [9,15].
        let dashes = strokes.filter { S.string(S.xournal($0)?["style"]) == "dash" }
        #expect(dashes.map { $0.points.map(\.x) } == [[0, 6], [9, 15]])
        let custom = strokes.filter { S.string(S.xournal($0)?["style"]) == "cust: 1 1" }
        #expect(custom.map { $0.points.map(\.x) } == [[0, 1], [2, 3]])
        // Filled highlighter: the fill's alpha, for the stroke and its polygon.
        let highlighter = try #require(strokes.last)
        #expect(highlighter.ink.type == .marker && highlighter.ink.color.hexString == "#FF000040")
        let polygons = document.pages[0].decorations.compactMap { d -> ([Double], String)? in
            if case .polygon(let p, let c) = d.content { (p, c.hexString) } else { nil }
        }
        #expect(polygons.count == 2)
        #expect(polygons[0].0 == [0, 0, 100, 0, 100, 100] && polygons[0].1 == "#00000080")
        #expect(polygons[1].1 == "#FF000040")
        #expect(document.pages[0].decorations.allSatisfy { $0.layer == 0 })
    }

    @Test func layersTextImagesAndAudio() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let body = S.page("""
        <layer name="First"><stroke tool="pen" color="#000000ff" width="1" fn="a.ogg" ts="5">0 0 1 1</stroke></layer>
        <layer/>
        <layer><text font="Serif" size="20" x="10" y="30" color="#00ff00ff" fn="b.ogg" ts="1">two
        lines</text></layer>
        <layer><image left="1" top="2" right="11" bottom="22">\(Data(png).base64EncodedString())</image>
        <teximage text="x" left="0" top="0" right="5" bottom="5">\(Data("%PDF-1.5".utf8).base64EncodedString())</teximage></layer>
        <layer><timestamp fn="c.ogg" ts="3"/><stroke tool="pen" color="#000000ff" width="1">0 0 1 1</stroke></layer>
        """)
        let file = path("elements.xopp")
        await S.writeGzip(S.document(body), to: file)
        let (document, _, layers) = try read(file)
        // The empty layer is skipped; the text-only layer is kept for its decoration.
        #expect(layers.map(\.layer) == ["First", nil, nil, nil])
        #expect(layers[1].strokes.isEmpty)
        let decorations = document.pages[0].decorations
        #expect(decorations.map(\.layer) == [1, 2, 2])
        guard case .text(let text, let font, let size, let color) = decorations[0].content else { Issue.record("no text"); return }
        #expect(text == "two\nlines" && font == "Serif" && size == 20 && color.hexString == "#00FF00FF")
        #expect(decorations[0].x == 10 && decorations[0].y == 30 && decorations[0].height == 2 * 20 * 1.2 && decorations[0].width == 5 * 20 * 0.55)
        #expect(decorations[1].content == .image(png) && decorations[1].x == 1 && decorations[1].width == 10 && decorations[1].height == 20)
        #expect(decorations[2].content == .image(Array("%PDF-1.5".utf8)))
        #expect(document.report.omitted["audio link"] == 3)
        #expect(document.report.lines.contains("3 × audio link left out"))
    }

    @Test func zipAttachments() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 9, 9]
        let content = S.document(S.page(##"<layer><image left="0" top="0" right="1" bottom="1"><attachment path="attachments/i.png"/></image></layer>"##,
                                        background: ##"<background type="pixmap" domain="attach" filename="attachments/bg.png"/>"##)
                                 + S.page("<layer/>", background: ##"<background type="pixmap" domain="clone" filename="0"/>"##))
        let file = path("attach.xopp")
        await S.writeZip(S.package(content, extra: [("attachments/i.png", png), ("attachments/bg.png", png + [1])]), to: file)
        let (document, _, _) = try read(file)
        #expect(document.pages[0].decorations.first?.content == .image(png))
        #expect(document.pages[0].background == .paper(Paper(ruling: .plain, image: png + [1])))
        #expect(document.pages[1].background == .paper(Paper(ruling: .plain, image: png + [1])))
    }

    @Test func solidBackgrounds() async throws {
        let styles = ["plain": Paper.Ruling.plain, "lined": .lined, "ruled": .ruled, "graph": .graph, "dotted": .dotted,
                      "isodotted": .isometricDotted, "isograph": .isometricGraph, "staves": .staves]
        let body = styles.keys.sorted().map { S.page("<layer/>", background: "<background type=\"solid\" color=\"#ffc0d4ff\" style=\"\($0)\"/>") }
            .joined(separator: "\n") + S.page("<layer/>", background: ##"<background type="solid" color="pink" style="lined"/>"##)
        let file = path("papers.xopp")
        await S.writeGzip(S.document(body), to: file)
        let (document, _, layers) = try read(file)
        #expect(layers.isEmpty)
        for (index, name) in styles.keys.sorted().enumerated() {
            #expect(document.pages[index].background == .paper(Paper(color: XournalColor.color(rgb: 0xFFC0D4, alpha: 255), ruling: styles[name]!)))
        }
        #expect(document.pages.last?.background == .paper(Paper(color: XournalColor.color(rgb: 0xFFC0D4, alpha: 255), ruling: .lined)))
    }

    @Test func pdfBackgroundDomains() async throws {
        let pdf = path("lecture.pdf")
        S.write("%PDF-1.4 test", to: pdf)
        func doc(_ attributes: String) -> String {
            S.document(S.page("<layer/>", background: "<background type=\"pdf\" \(attributes) pageno=\"2ll\"/>")
                       + S.page("<layer/>", background: ##"<background type="pdf" pageno="3"/>"##))
        }
        // absolute, relative to the document.
        await S.writeGzip(doc(##"domain="absolute" filename="lecture.pdf""##), to: path("a.xopp"))
        var (document, _, _) = try read(path("a.xopp"))
        #expect(document.backgroundPDF == BackgroundPDF(requested: "lecture.pdf", resolved: pdf))
        #expect(document.pages.map(\.background) == [.pdfPage(2), .pdfPage(3)])
        // absolute path that moved: the same name beside the document.
        await S.writeGzip(doc(##"domain="absolute" filename="/nowhere/lecture.pdf""##), to: path("b.xopp"))
        (document, _, _) = try read(path("b.xopp"))
        #expect(document.backgroundPDF?.resolved == pdf)
        // attach, gzip: NAME.xopp.FILENAME
        S.write("%PDF-1.4 attached", to: path("c.xopp.bg.pdf"))
        await S.writeGzip(doc(##"domain="attach" filename="bg.pdf""##), to: path("c.xopp"))
        (document, _, _) = try read(path("c.xopp"))
        #expect(document.backgroundPDF?.resolved == path("c.xopp.bg.pdf") && document.backgroundPDF?.isTemporary == false)
        // clone: read as absolute, as Xournal++ does.
        await S.writeGzip(doc(##"domain="clone" filename="lecture.pdf""##), to: path("d.xopp"))
        (document, _, _) = try read(path("d.xopp"))
        #expect(document.backgroundPDF?.resolved == pdf)
        // attach, zip: extracted to a temporary file.
        await S.writeZip(S.package(doc(##"domain="attach" filename="attachments/bg.pdf""##), extra: [("attachments/bg.pdf", Array("%PDF-zip".utf8))]), to: path("e.xopp"))
        (document, _, _) = try read(path("e.xopp"))
        let extracted = try #require(document.backgroundPDF?.resolved)
        #expect(document.backgroundPDF?.isTemporary == true && FileManager.default.contents(atPath: extracted) == Data("%PDF-zip".utf8))
        // --pdf overrides.
        await S.writeGzip(doc(##"domain="absolute" filename="/nowhere/else.pdf""##), to: path("f.xopp"))
        (document, _, _) = try read(path("f.xopp"), pdf: pdf)
        #expect(document.backgroundPDF == BackgroundPDF(requested: "/nowhere/else.pdf", resolved: pdf))
        // Not found: the message names what the file asks for and says --pdf.
        do {
            _ = try read(path("f.xopp"))
            Issue.record("a missing PDF was not reported")
        } catch let error as XournalImportError {
            guard case .backgroundPDFNotFound(_, let requested, let tried) = error else { Issue.record("\(error)"); return }
            #expect(requested == "/nowhere/else.pdf" && tried.contains("/nowhere/else.pdf") && tried.contains(path("else.pdf")))
            #expect(error.description.contains("'/nowhere/else.pdf' not found") && error.description.contains("--pdf FILE"))
        }
    }

    // MARK: - Errors

    func error(_ file: String, limit: Int = 1 << 30) -> XournalImportError? {
        do {
            _ = try XournalImporter.read(path: file, options: S.options(folder, limit: limit))
            return nil
        } catch {
            return error
        }
    }

    @Test func errors() async throws {
        // Broken gzip.
        await S.writeGzip(Self.oneStroke, to: path("g.xopp"))
        var bytes = [UInt8](FileManager.default.contents(atPath: path("g.xopp"))!)
        bytes.removeLast(30)
        _ = FileManager.default.createFile(atPath: path("truncated.xopp"), contents: Data(bytes))
        let truncated = error(path("truncated.xopp"))
        guard case .brokenGzip? = truncated else { Issue.record("truncated gzip: \(String(describing: truncated))"); return }
        #expect(truncated!.description.hasPrefix(path("truncated.xopp") + ": the gzip data is damaged"))
        // Broken zip.
        _ = FileManager.default.createFile(atPath: path("z.xopp"), contents: Data([0x50, 0x4B, 3, 4, 0, 0, 0]))
        guard case .brokenZip? = error(path("z.xopp")) else { Issue.record("broken zip"); return }
        // Wrong mimetype.
        await S.writeZip(S.package(Self.oneStroke, mimetype: "application/zip"), to: path("m.xopp"))
        guard case .badPackage? = error(path("m.xopp")) else { Issue.record("bad mimetype"); return }
        // XML error with line and column.
        S.write("<?xml version=\"1.0\"?>\n<xournal fileversion=\"4\">\n<page width=\"1\" height=\"1\">\n<layer></page>\n</xournal>", to: path("x.xopp"))
        guard case .xml(_, let place, _)? = error(path("x.xopp")) else { Issue.record("xml error"); return }
        #expect(place.line == 4 && place.column > 0)
        #expect(error(path("x.xopp"))!.description.hasPrefix(path("x.xopp") + ":4:"))
        // Non-finite coordinate: page and element named.
        S.write(S.document(S.page(##"<layer><stroke tool="pen" color="black" width="1">0 0 inf 1</stroke></layer>"##)), to: path("n.xopp"))
        guard case .badNumber(_, let numberPlace, let attribute, _)? = error(path("n.xopp")) else { Issue.record("inf"); return }
        #expect(numberPlace.page == 1 && numberPlace.element == 1 && attribute == "point 2 x")
        // A page without a size.
        S.write(S.document(##"<page width="abc" height="10"><layer/></page>"##), to: path("p.xopp"))
        guard case .badNumber? = error(path("p.xopp")) else { Issue.record("page size"); return }
        // Decompression bomb: a small limit.
        let big = S.document(S.page("<layer>" + String(repeating: ##"<stroke tool="pen" color="black" width="1">0 0 1 1</stroke>"##, count: 2000) + "</layer>"))
        await S.writeGzip(big, to: path("bomb.xopp"))
        guard case .expandsTooFar(_, let part, let limit)? = error(path("bomb.xopp"), limit: 10_000) else { Issue.record("bomb"); return }
        #expect(part == "the gzip stream" && limit == 10_000)
        await S.writeZip(S.package(big), to: path("zbomb.xopp"))
        guard case .expandsTooFar(_, let zipPart, _)? = error(path("zbomb.xopp"), limit: 10_000) else { Issue.record("zip bomb"); return }
        #expect(zipPart == "entry content.xml")
        // A DTD (entities) is refused before parsing.
        S.write("<?xml version=\"1.0\"?>\n<!DOCTYPE xournal [<!ENTITY a \"aaaa\">]>\n<xournal><page width=\"1\" height=\"1\"><layer><text x=\"0\" y=\"0\">&a;</text></layer></page></xournal>", to: path("dtd.xopp"))
        guard case .documentTypeDeclaration? = error(path("dtd.xopp")) else { Issue.record("dtd"); return }
        // HTML, another root, no pages, a missing file.
        S.write("<!DOCTYPE html><html><body>download</body></html>", to: path("h.xoj"))
        #expect(error(path("h.xoj")) == .htmlPage(path: path("h.xoj")))
        S.write("<svg/>", to: path("s.xopp"))
        guard case .notXournal? = error(path("s.xopp")) else { Issue.record("svg"); return }
        S.write(S.document(""), to: path("empty.xopp"))
        #expect(error(path("empty.xopp")) == .noPages(path: path("empty.xopp")))
        guard case .cannotOpen? = error(path("missing.xopp")) else { Issue.record("missing"); return }
        // A missing zip attachment.
        await S.writeZip(S.package(S.document(S.page(##"<layer><image left="0" top="0" right="1" bottom="1"><attachment path="gone.png"/></image></layer>"##))), to: path("att.xopp"))
        #expect(error(path("att.xopp")) == .attachmentMissing(path: path("att.xopp"), attachment: "gone.png"))
        // Nothing left behind by any failure (only the inputs remain).
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("inkpdf-xournal-") }
        #expect(left.isEmpty)
    }
}
