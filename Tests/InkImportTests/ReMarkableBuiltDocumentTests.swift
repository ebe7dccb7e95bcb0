import Foundation
import Testing
import InkModel
@testable import InkImport
import InkFixtures

/// Lines files and documents the tests build themselves.
@Suite struct ReMarkableBuiltDocumentTests {
    typealias B = LinesV6Builder
    static let layer: (UInt8, UInt64) = (0, 11)

    static func page(_ build: (inout B) -> Void) -> B {
        var b = B()
        b.layer(layer, name: "Layer 1", item: (0, 12))
        build(&b)
        return b
    }

    static func read(_ b: B) throws -> LinesPage {
        try LinesFileReader.read(bytes: b.bytes, path: "built.rm")
    }

    static let points = [B.Point(x: -100, y: 50, speed: 4, width: 16, direction: 64, pressure: 200),
                         B.Point(x: 0, y: 60, speed: 8, width: 20, direction: 128, pressure: 100),
                         B.Point(x: 100, y: 70, speed: 0, width: 24, direction: 0, pressure: 255)]

    @Test func bothPointEncodingsReadAlike() throws {
        let packed = try Self.read(Self.page { $0.line(parent: Self.layer, item: (1, 20), tool: 15, points: Self.points, encoding: 2) })
        let floats = try Self.read(Self.page { $0.line(parent: Self.layer, item: (1, 20), tool: 15, points: Self.points, encoding: 1) })
        let a = ReMarkableCorpusTests.lines(packed.layers[0])[0], b = ReMarkableCorpusTests.lines(floats.layers[0])[0]
        #expect(a.pointEncoding == 2 && b.pointEncoding == 1)
        for (p, q) in zip(a.points, b.points) {
            let u = p.normalized(encoding: 2), v = q.normalized(encoding: 1)
            #expect(p.x == q.x && p.y == q.y)
            #expect(abs(u.width - v.width) < 1e-3 && abs(u.pressure - v.pressure) < 1e-3 && abs(u.speed - v.speed) < 1e-3)
            #expect(abs(u.direction - v.direction) < 1e-3)
        }
        let geometry = ReMarkablePageGeometry.notebook(version: 6, paperSize: nil, farthest: (nil, nil)).geometry
        let s1 = try #require(try ReMarkableStrokeBuilder.stroke(from: a, geometry: geometry, version: 6))
        let s2 = try #require(try ReMarkableStrokeBuilder.stroke(from: b, geometry: geometry, version: 6))
        #expect(s1.points.map(\.w) == s2.points.map(\.w))
        #expect(abs(s1.points[1].x - 702 * 72 / 226) < 1e-9)  // x = 0 is the page centre
        #expect(abs(s1.points[0].w - 4 * 72 / 226) < 1e-9)    // width 16 quarter-pixels = 4 px
    }

    @Test func deletedItemsAreNotDrawnAndTheCRDTOrders() throws {
        // Blocks in the order c, a, deleted b; the sequence says a, b, c.
        let b = Self.page {
            $0.line(parent: Self.layer, item: (1, 30), left: (1, 25), tool: 17, color: 6, points: Self.points)
            $0.line(parent: Self.layer, item: (1, 20), right: (1, 25), tool: 15, color: 7, points: Self.points)
            $0.line(parent: Self.layer, item: (1, 25), left: (1, 20), right: (1, 30), tool: 2, points: [], deleted: true)
        }
        let lines = ReMarkableCorpusTests.lines(try Self.read(b).layers[0])
        #expect(lines.map(\.tool) == [15, 17])
        #expect(lines.map(\.id) == ["1:20", "1:30"])
    }

    @Test func everyToolLooksLikeTheTablet() throws {
        let tools: [(UInt32, InkType)] = [(0, .pen), (12, .pen), (1, .pencil), (14, .pencil), (2, .pen), (15, .pen), (3, .pen), (16, .pen),
                                          (4, .monoline), (17, .monoline), (5, .marker), (18, .marker), (6, .pen), (7, .pencil),
                                          (13, .pencil), (8, .pen), (21, .pen), (23, .marker)]
        let b = Self.page { b in
            var left: (UInt8, UInt64) = (0, 0)
            for (i, tool) in tools.enumerated() {
                let item = (UInt8(1), UInt64(100 + i))
                b.line(parent: Self.layer, item: item, left: left, tool: tool.0, color: tool.0 == 23 ? 9 : 0, points: Self.points,
                       rgba: tool.0 == 23 ? (48, 74, 224, 77) : nil)
                left = item
            }
        }
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ReMarkableTestFiles.write(b.bytes, to: dir + "/tools.rm")
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(dir + "/tools.rm")
        let strokes = layers[0].strokes
        #expect(strokes.map(\.ink.type) == tools.map(\.1))
        #expect(strokes.map { ReMarkableTestFiles.rawTool($0) } == tools.map { Int($0.0) })
        for (stroke, tool) in zip(strokes, tools) {
            let drawn = tool.0 != 6 && tool.0 != 8
            #expect(stroke.points.allSatisfy { ($0.opacity > 0) == drawn }, "tool \(tool.0)")
            #expect(stroke.interpolation == .linear)
            #expect(stroke.created == 0)
            // The pencils' dots (issue 54), said by a key of the ink that the layers file keeps.
            #expect(stroke.ink.isStippled == [1, 14, 7, 13].contains(tool.0), "tool \(tool.0)")
        }
        // Highlighter: the tablet's yellow, opaque, multiplied by its marker ink; shader: its own RGBA.
        #expect(strokes[11].ink.color == RGBAColor(red: 1, green: 237 / 255, blue: 117 / 255))
        #expect(strokes[17].ink.color.alpha == 77.0 / 255)
        #expect(strokes[17].ink.color.blue == 224.0 / 255)
        // Kept in the ink, invisible: said so, and not counted among what was left out (issue 54, item 8).
        let lines = document.report.lines
        #expect(lines.contains { $0.hasSuffix(": 1 eraser stroke kept in the ink but not drawn, as on the tablet") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(": 1 erase area stroke kept in the ink but not drawn, as on the tablet") }, "\(lines)")
        #expect(!lines.contains { $0.contains("kept") && $0.contains("left out") }, "\(lines)")
        #expect(document.report.omitted.keys.allSatisfy { !$0.contains("erase") }, "\(document.report.omitted)")
        // Every raw value is kept.
        guard case .object(let raw)? = strokes[5].extra["remarkable"], case .object(let pts)? = raw["points"],
              case .array(let widths)? = pts["width"] else { Issue.record("no raw points"); return }
        #expect(widths == [.number("16"), .number("20"), .number("24")])
        #expect(raw["thicknessScale"] == .number("2"))
    }

    @Test func newerBlocksAreSkippedWithOneWarning() throws {
        var b = Self.page { $0.line(parent: Self.layer, item: (1, 20), tool: 15, points: Self.points) }
        b.block(0x42, [1, 2, 3, 4, 5])
        b.block(0x43, [])
        b.block(0x42, [9])
        let page = try Self.read(b)
        #expect(ReMarkableCorpusTests.lines(page.layers[0]).count == 1)
        #expect(page.warnings.count == 1)
        #expect(page.warnings[0].contains("3 block(s)"))
    }

    @Test func hiddenLayersAreLeftOutAndSaidSo() throws {
        var b = Self.page { $0.line(parent: Self.layer, item: (1, 20), tool: 15, points: Self.points) }
        b.layer((0, 40), name: "Hidden", item: (0, 41), left: (0, 12), visible: false)
        b.line(parent: (0, 40), item: (1, 50), tool: 15, points: Self.points)
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ReMarkableTestFiles.write(b.bytes, to: dir + "/hidden.rm")
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(dir + "/hidden.rm")
        #expect(layers.map(\.layer) == ["Layer 1"])
        #expect(document.report.omitted["stroke on a hidden layer"] == 1)
    }

    @Test func largerTabletsDeclareTheirPaper() throws {
        var b = B()
        b.sceneInfo(width: 1620, height: 2160)
        b.layer(Self.layer, name: "Layer 1", item: (0, 12))
        b.line(parent: Self.layer, item: (1, 20), tool: 15, points: [.init(x: 0, y: 2160)])
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ReMarkableTestFiles.write(b.bytes, to: dir + "/pro.rm")
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(dir + "/pro.rm")
        #expect(abs(document.pages[0].width - 1620 * 72 / 226) < 1e-9)
        #expect(abs(layers[0].strokes[0].points[0].x - 810 * 72 / 226) < 1e-9)
    }

    /// A tablet document folder: `UUID.content` (cPages), `.metadata`, `UUID.pdf` and page files.
    static func makeDocument(in dir: String, uuid: String = "doc-1", pdf: Bool = true) {
        let content = """
        {"fileType":"\(pdf ? "pdf" : "notebook")","orientation":"portrait","cPages":{"pages":[
          {"id":"p-c","idx":{"timestamp":"1:2","value":"bc"},"redir":{"timestamp":"1:2","value":1}},
          {"id":"p-a","idx":{"timestamp":"1:2","value":"ba"},"redir":{"timestamp":"1:2","value":0}},
          {"id":"p-gone","idx":{"timestamp":"1:2","value":"bb"},"redir":{"timestamp":"1:2","value":2},"deleted":{"timestamp":"1:3","value":1}},
          {"id":"p-new","idx":{"timestamp":"1:2","value":"bd"},"template":{"timestamp":"1:1","value":"P Lines small"}}]}}
        """
        ReMarkableTestFiles.write(Array(content.utf8), to: "\(dir)/\(uuid).content")
        ReMarkableTestFiles.write(Array(#"{"visibleName":"Built","parent":"folder-9","type":"DocumentType","lastModified":"1700000000000"}"#.utf8),
                                  to: "\(dir)/\(uuid).metadata")
        if pdf { ReMarkableTestFiles.write(Array("%PDF-1.4 not really\n".utf8), to: "\(dir)/\(uuid).pdf") }
        for id in ["p-a", "p-c", "p-new"] {
            let b = page { $0.line(parent: layer, item: (1, 20), tool: 17, points: [.init(x: 0, y: 0), .init(x: 10, y: 10)]) }
            ReMarkableTestFiles.write(b.bytes, to: "\(dir)/\(uuid)/\(id).rm")
        }
    }

    @Test func pageOrderInsertedAndDeletedPagesAndPDFSizes() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.makeDocument(in: dir)
        // Page 1 of the PDF is A4 portrait, page 2 A4 landscape.
        let sizes: ReMarkableImporter.PDFPageSize = { _, page in page == 1 ? (595, 842) : page == 2 ? (842, 595) : nil }
        let (document, layers, header) = try ReMarkableTestFiles.importLayers(dir + "/doc-1.content", pdfPageSize: sizes)
        #expect(document.pages.map(\.background) == [.pdfPage(1), .pdfPage(2), .paper(Paper(ruling: .lined))])
        #expect(document.pages[0].width == 595 && document.pages[1].width == 842)
        #expect(document.report.omitted["deleted page"] == 1)
        #expect(layers.map(\.page) == [1, 2, 3])
        // x = 0 is the middle of each PDF page, whatever its orientation.
        #expect(layers[0].strokes[0].points[0].x == 297.5)
        #expect(layers[1].strokes[0].points[0].x == 421)
        #expect(abs(layers[2].strokes[0].points[0].x - 702 * 72 / 226) < 1e-9)
        #expect(document.backgroundPDF == BackgroundPDF(requested: "doc-1.pdf", resolved: dir + "/doc-1.pdf"))
        guard case .object(let rm)? = header.extra["remarkable"] else { Issue.record("no remarkable header"); return }
        #expect(rm["visibleName"] == .string("Built") && rm["parent"] == .string("folder-9"))
        #expect(try ReMarkableImporter.documentInfo(path: dir + "/doc-1").visibleName == "Built")
    }

    @Test func aLandscapeNotebookOfAnOldFirmwareIsTurnedOntoAWidePage() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var v5 = LinesV5Builder()
        v5.line(tool: 17, color: 0, points: [.init(x: 300, y: 500, direction: 0.5), .init(x: 1500, y: 1872)])
        let tablet = TabletFolderWriter(folder: dir)
        try tablet.document(id: TabletFolderWriter.id(7), name: "Wide", pages: [.init(lines: v5.bytes)], orientation: "landscape")
        try tablet.document(id: TabletFolderWriter.id(8), name: "Tall", pages: [.init(lines: v5.bytes)], orientation: "portrait")
        let unit = 72.0 / 226
        let (wide, wideLayers, _) = try ReMarkableTestFiles.importLayers(dir + "/\(TabletFolderWriter.id(7)).content")
        // 1872 units across; down, the 1404 of the screen, longer where the ink went past it (x 1500 + 20).
        #expect(abs(wide.pages[0].width - 1872 * unit) < 1e-9 && abs(wide.pages[0].height - 1520 * unit) < 1e-9)
        let turned = wideLayers[0].strokes[0].points
        #expect(abs(turned[0].x - (1872 - 500) * unit) < 1e-9 && abs(turned[0].y - 300 * unit) < 1e-9)
        #expect(abs(turned[1].x) < 1e-9 && abs(turned[1].y - 1500 * unit) < 1e-9)
        #expect(abs(turned[0].azimuth - (0.5 + .pi / 2)) < 1e-6)
        // The same page in a portrait notebook: as stored.
        let (tall, tallLayers, _) = try ReMarkableTestFiles.importLayers(dir + "/\(TabletFolderWriter.id(8)).content")
        #expect(abs(tall.pages[0].width - 1404 * unit) < 1e-9 && abs(tall.pages[0].height - 1872 * unit) < 1e-9)
        let upright = tallLayers[0].strokes[0].points
        #expect(abs(upright[0].x - 300 * unit) < 1e-9 && abs(upright[0].y - 500 * unit) < 1e-9)
        #expect(abs(upright[0].azimuth - 0.5) < 1e-6)
    }

    @Test func aPageRedirectedPastThePDFIsAnError() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.makeDocument(in: dir)
        #expect(throws: ReMarkableImportError.pdfPageOutOfRange(path: dir + "/doc-1.content", page: 2, pdfPage: 2, pdfPageCount: nil)) {
            _ = try ReMarkableImporter.read(path: dir + "/doc-1.content", options: ImportOptions(temporaryDirectory: dir),
                                            pdfPageSize: { _, page in page == 1 ? (595, 842) : nil })
        }
    }

    @Test func rmdocArchiveExtractsItsPDF() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.makeDocument(in: dir + "/src")
        try ReMarkableImporter.writeArchive(of: dir + "/src/doc-1.content", to: dir + "/Built.rmdoc")
        #expect(ReMarkableImporter.detect(path: dir + "/Built.rmdoc") == .archive)
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(dir + "/Built.rmdoc", options: ImportOptions(temporaryDirectory: dir))
        #expect(document.pages.count == 3)
        #expect(layers.count == 3)
        let pdf = try #require(document.backgroundPDF)
        #expect(pdf.isTemporary)
        let resolved = try #require(pdf.resolved)
        #expect(FileManager.default.contents(atPath: resolved) == Data("%PDF-1.4 not really\n".utf8))
        #expect(try ReMarkableImporter.documentInfo(path: dir + "/Built.rmdoc").parent == "folder-9")
    }

    @Test func singlePageOverAPDFPage() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A version 5 page over a landscape page: the tablet showed the page turned a quarter turn,
        // its width along the screen's long side, and stored the ink in the screen's frame.
        var v5 = LinesV5Builder()
        v5.line(tool: 17, color: 0, points: [.init(x: 1000, y: 100, direction: 0), .init(x: 0, y: 1872, direction: 0)])
        ReMarkableTestFiles.write(v5.bytes, to: dir + "/page.rm")
        ReMarkableTestFiles.write(Array("%PDF".utf8), to: dir + "/some.pdf")
        let options = ImportOptions(pdf: dir + "/some.pdf", page: 3, temporaryDirectory: dir)
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(dir + "/page.rm", options: options,
                                                                          pdfPageSize: { _, _ in (842, 595) })
        #expect(document.pages[0].background == .pdfPage(3))
        #expect(document.pages[0].width == 842 && document.pages[0].height == 595)
        // The page's width fills the screen's 1872 units: 842 / 1872 points a unit, across and down.
        let scale = 842.0 / 1872
        let points = layers[0].strokes[0].points
        #expect(abs(points[0].x - (842 - 100 * scale)) < 1e-9 && abs(points[0].y - 1000 * scale) < 1e-9)
        // The screen's bottom-left corner is the page's top-left.
        #expect(abs(points[1].x) < 1e-9 && abs(points[1].y) < 1e-9)
        // The pen's direction turns with the page.
        #expect(abs(points[0].azimuth - .pi / 2) < 1e-12)
        #expect(throws: ReMarkableImportError.pageRequired(path: dir + "/page.rm")) {
            _ = try ReMarkableImporter.read(path: dir + "/page.rm", options: ImportOptions(pdf: dir + "/some.pdf", temporaryDirectory: dir))
        }
    }
}
