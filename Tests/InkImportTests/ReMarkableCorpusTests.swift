import Foundation
import Testing
import InkModel
@testable import InkImport
import InkFixtures

/// The shared corpus's lines files, read in place; counts measured with rmscene 0.8.0
/// (ricklupton's reference reader) and, for versions 3 and 5, with a separate reading of the layout.
@Suite(.enabled(if: CorpusLocation.isAvailable, "the shared corpus (../shared/corpus/ink) is not on this machine"))
struct ReMarkableCorpusTests {
    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        var version: Int
        var layers: [(strokes: Int, points: Int)]
        var glyphRanges = 0
        var paper: (Int, Int)? = nil
        var description: String { file }
    }

    static let expected: [Expected] = [
        .init(file: "rmc/abcd.strokes.rm", version: 6, layers: [(4, 205)]),
        .init(file: "rmc/abcd.text.rm", version: 6, layers: [(0, 0)]),
        .init(file: "rmc/dot.stroke.rm", version: 6, layers: [(1, 11)]),
        .init(file: "rmc/edc580a6-1c32-471e-823c-678f975eaf81.rm", version: 6, layers: [(288, 8130)], paper: (1620, 2160)),
        .init(file: "rmc/extended.stroke.rm", version: 6, layers: [(34, 1375)]),
        .init(file: "rmc/fullpage.rm", version: 6, layers: [(23, 494)]),
        .init(file: "rmc/keyboard-checkboxes-and-bullets.rm", version: 6, layers: [(0, 0)], paper: (1620, 2160)),
        .init(file: "rmc/layers.stroke.rm", version: 6, layers: [(14, 499), (0, 0), (7, 235), (0, 0)]),
        .init(file: "rmc/pen_size_test.strokes.rm", version: 6, layers: [(174, 6084)]),
        .init(file: "rmc/text_and_strokes.rm", version: 6, layers: [(12, 419)]),
        .init(file: "rmc/text_multiple_lines.rm", version: 6, layers: [(0, 0)]),
        .init(file: "rmc/writing_tools.rm", version: 6, layers: [(116, 3866)]),
        .init(file: "rmc/writing_tools_with_text.rm", version: 6, layers: [(116, 3827)]),
        .init(file: "rmscene/Bold_Heading_Bullet_Normal.rm", version: 6, layers: [(0, 0)]),
        .init(file: "rmscene/Color_and_tool_v3.14.4.rm", version: 6, layers: [(25, 1370)], glyphRanges: 6, paper: (1620, 2160)),
        .init(file: "rmscene/Lines_v2.rm", version: 6, layers: [(10, 469)]),
        .init(file: "rmscene/Lines_v2_updated.rm", version: 6, layers: [(10, 469)]),
        .init(file: "rmscene/More_color_highlight_shader_v3.15.4.2.rm", version: 6, layers: [(23, 753)], paper: (1620, 2160)),
        .init(file: "rmscene/Normal_AB.rm", version: 6, layers: [(0, 0)]),
        .init(file: "rmscene/Normal_A_stroke_2_layers.rm", version: 6, layers: [(1, 7), (1, 7)]),
        .init(file: "rmscene/Normal_A_stroke_2_layers_v3.2.2.rm", version: 6, layers: [(2, 48), (1, 7)]),
        .init(file: "rmscene/Normal_A_stroke_2_layers_v3.3.2.rm", version: 6, layers: [(8, 216), (1, 7)]),
        .init(file: "rmscene/Wikipedia_highlighted_p1.rm", version: 6, layers: [(0, 0)], glyphRanges: 4),
        .init(file: "rmscene/Wikipedia_highlighted_p2.rm", version: 6, layers: [(0, 0)], glyphRanges: 2),
        .init(file: "rmscene/With_SceneInfo_Block.rm", version: 6, layers: [(13, 400)]),
        .init(file: "rmscene/test-crdt-ordering.rm", version: 6, layers: [(0, 0)], paper: (1404, 1872)),
        .init(file: "remarks-demo/d3954b55-8429-4220-a2d5-64f1daab9727/3e38ed38-08b7-42d2-8bbe-fa8b936b4a45.rm", version: 5, layers: [(18, 400)]),
        .init(file: "remarks-demo/d3954b55-8429-4220-a2d5-64f1daab9727/a8cee983-7203-4218-a1af-e2f4fcf3d073.rm", version: 5, layers: [(3, 216)]),
        .init(file: "remarks-demo/d3954b55-8429-4220-a2d5-64f1daab9727/bd1287ac-b54f-4024-a117-020194385543.rm", version: 5, layers: [(13, 414)]),
        .init(file: "remarks-v2-notebook/bce041cf-ce31-4ede-ad11-2e53db0f6c77/1f1e3cbb-3774-46c3-b94b-0c6086622271.rm", version: 3, layers: [(230, 7299)]),
        .init(file: "remarks-v2-notebook/bce041cf-ce31-4ede-ad11-2e53db0f6c77/e411a942-054b-4d32-9be3-e224a800b84e.rm", version: 3, layers: [(219, 10342)]),
        .init(file: "remarks-v2-notebook/bce041cf-ce31-4ede-ad11-2e53db0f6c77/fcff2a80-6e4c-4b3d-b881-a2814b24104e.rm", version: 3, layers: [(1123, 55853)]),
    ]

    static func page(_ file: String) throws -> LinesPage {
        let path = CorpusLocation.path("remarkable/" + file)
        return try LinesFileReader.read(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
    }

    static func lines(_ layer: LinesPage.Layer) -> [LinesPage.Line] {
        layer.items.compactMap { if case .line(let l) = $0 { l } else { nil } }
    }

    @Test(arguments: expected)
    func countsPerLayer(_ e: Expected) throws {
        let page = try Self.page(e.file)
        #expect(page.version == e.version)
        #expect(page.layers.count == e.layers.count)
        for (layer, want) in zip(page.layers, e.layers) {
            let lines = Self.lines(layer)
            #expect(lines.count == want.strokes, "\(e.file): strokes")
            #expect(lines.reduce(0) { $0 + $1.points.count } == want.points, "\(e.file): points")
        }
        let glyphs = page.layers.flatMap(\.items).filter { if case .highlight = $0 { true } else { false } }.count
        #expect(glyphs == e.glyphRanges)
        #expect(page.paperSize?.width == e.paper?.0 && page.paperSize?.height == e.paper?.1)
        #expect(page.warnings.isEmpty, "\(page.warnings)")
    }

    @Test func corpusTotalsMatchTheNotes() throws {
        let v6 = Self.expected.filter { $0.version == 6 }
        var strokes = 0, points = 0, large = 0
        for e in v6 {
            let page = try Self.page(e.file)
            for layer in page.layers { let l = Self.lines(layer); strokes += l.count; points += l.reduce(0) { $0 + $1.points.count } }
            if page.paperSize?.width == 1620 { large += 1 }
        }
        #expect(v6.count == 26)
        #expect(strokes == 884)
        #expect(points == 28_898)
        #expect(large == 4)
    }

    @Test func toolsAndColoursOfWritingTools() throws {
        let page = try Self.page("rmc/writing_tools.rm")
        var tools: [UInt32: Int] = [:]
        for line in Self.lines(page.layers[0]) { tools[line.tool, default: 0] += 1 }
        #expect(tools == [15: 12, 17: 12, 16: 9, 14: 9, 13: 41, 12: 13, 18: 7, 21: 13])
        let shader = try Self.page("rmscene/More_color_highlight_shader_v3.15.4.2.rm")
        let rgbas = Self.lines(shader.layers[0]).compactMap(\.rgba).map { [$0.0, $0.1, $0.2, $0.3] }
        #expect(rgbas.count == 14)
        #expect(rgbas.contains([255, 237, 117, 255]))
        #expect(rgbas.contains([254, 178, 0, 115]))
    }

    @Test func extendedPageReachesFarDown() throws {
        let page = try Self.page("rmc/extended.stroke.rm")
        let maxY = Self.lines(page.layers[0]).flatMap(\.points).map(\.y).max()
        #expect(maxY == 7776)
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(CorpusLocation.path("remarkable/rmc/extended.stroke.rm"))
        #expect(document.pages.count == 1)
        #expect(abs(document.pages[0].width - 1404 * 72 / 226) < 1e-9)
        #expect(document.pages[0].height > 7776 * 72 / 226)
        let ys = layers.flatMap(\.strokes).flatMap(\.points).map(\.y)
        #expect((ys.max() ?? 0) <= document.pages[0].height)
        #expect((ys.min() ?? -1) >= -0.01)
    }

    @Test func notebookDocumentInTabletLayout() throws {
        let content = CorpusLocation.path("remarkable/remarks-v2-notebook/bce041cf-ce31-4ede-ad11-2e53db0f6c77.content")
        #expect(ReMarkableImporter.detect(path: content) == .content)
        #expect(ReMarkableImporter.detect(path: String(content.dropLast(".content".count))) == .documentFolder)
        let info = try ReMarkableImporter.documentInfo(path: content)
        #expect(info.visibleName == "Gosper")
        #expect(info.parent == "eec29835-edff-459f-b548-57eb69583011")
        let (document, layers, header) = try ReMarkableTestFiles.importLayers(content)
        #expect(document.pages.count == 3)
        #expect(document.backgroundPDF == nil)
        #expect(document.pages.allSatisfy { $0.background == .paper(Paper(ruling: .dotted)) })
        #expect(layers.map(\.strokes.count) == [219, 230, 1123])
        #expect(layers.map(\.page) == [1, 2, 3])
        #expect(header.extra["title"] == .string("Gosper"))
        // The erase-area strokes are kept, invisible; old eraser strokes are drawn white.
        let third = layers[2].strokes
        let eraseArea = third.filter { ReMarkableTestFiles.rawTool($0) == 8 }
        #expect(eraseArea.count == 15 && eraseArea.allSatisfy { $0.points.allSatisfy { $0.opacity == 0 } })
        let erasers = third.filter { ReMarkableTestFiles.rawTool($0) == 6 }
        #expect(erasers.count == 19 && erasers.allSatisfy { $0.ink.color == RGBAColor(red: 1, green: 1, blue: 1) })
        #expect(document.report.warnings.contains { $0.hasSuffix(": 15 erase area strokes kept in the ink but not drawn, as on the tablet") })
        #expect(document.report.omitted.keys.allSatisfy { !$0.contains("erase") })
    }

    @Test func pdfDocumentWithoutItsPDF() throws {
        let content = CorpusLocation.path("remarkable/remarks-demo/d3954b55-8429-4220-a2d5-64f1daab9727.content")
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(content)
        #expect(document.pages.count == 36)
        #expect(document.backgroundPDF?.requested == "d3954b55-8429-4220-a2d5-64f1daab9727.pdf")
        #expect(document.backgroundPDF?.resolved == nil)
        #expect(document.pages[0].background == .pdfPage(1))
        #expect(layers.map(\.page) == [1, 2, 28])
        #expect(layers.map(\.strokes.count) == [13, 18, 3])
        #expect(document.report.warnings.contains { $0.contains(".pdf is missing") })
    }
}
