import Foundation
import InkModel
import Testing
@testable import InkImport

/// Every Xournal++ file of the shared corpus, read in place; expected values
/// from Xournal++'s own `LoadHandlerTest.cpp` where it covers the file, and
/// otherwise from an independent count with Foundation's `XMLParser`.
@Suite(.enabled(if: CorpusLocation.isAvailable, "the shared corpus is not there"))
struct XournalCorpusTests {
    static let documents = [
        "xournalpp/load/strokes.xopp", "xournalpp/load/layers.xopp", "xournalpp/load/pages.xopp",
        "xournalpp/load/text.xopp", "xournalpp/load/image.xopp", "xournalpp/load/latex.xopp",
        "xournalpp/load/links.xopp", "xournalpp/load/linebreaksLatex.xopp",
        "xournalpp/load/compatibility/stroke_line_return.xoj", "xournalpp/test1.xoj",
        "xournalpp/packaged_xopp/stroke/new.xopp", "xournalpp/packaged_xopp/stroke/old.xopp",
        "xournalpp/packaged_xopp/stroke/width_recovery.xopp", "xournalpp/packaged_xopp/suite.xopp",
        "xournalpp/packaged_xopp/suite_float_bw_compat.xopp", "xournalpp/packaged_xopp/layer.xopp",
        "xournalpp/packaged_xopp/pdfBackground/new.xopp", "xournalpp/packaged_xopp/pdfBackground/old.xopp",
        "xournalpp/cjk/测试.xopp", "xournalpp/benchmark/latex.xopp",
        "xournalpp/docs/README-Eraser-and-padded-box.xopp", "xournalpp/docs/Setsquare_annotations.xopp",
    ]

    let folder = XournalTestSupport.temporaryFolder()

    func read(_ relative: String) throws -> (ImportedDocument, InkLayersHeader, [PageLayer]) {
        let document = try XournalImporter.read(path: CorpusLocation.path(relative), options: XournalTestSupport.options(folder))
        let (header, layers) = try XournalTestSupport.layers(document.layersPath)
        return (document, header, layers)
    }

    /// Page, layer, stroke and point counts and widths against the independent parse.
    /// Strokes whose widths need repair or that are dashed are split on purpose, so
    /// they are compared where the oracle says neither applies.
    @Test(arguments: documents)
    func matchesIndependentCount(_ relative: String) async throws {
        let (document, header, layers) = try read(relative)
        #expect(XournalImporter.recognizes(path: CorpusLocation.path(relative)))
        let oracle = XournalOracle.parse(await XournalTestSupport.xml(of: CorpusLocation.path(relative)))
        #expect(document.format == .xournal)
        #expect(document.pages.count == oracle.pages)
        #expect(oracle.pages > 0)
        #expect(header.pdfPageCount == nil)
        guard case .object(let xournal)? = header.extra["xournal"] else {
            Issue.record("header without the xournal extension")
            return
        }
        #expect(xournal["container"] != nil)
        for page in 0..<oracle.pages {
            let mine = layers.filter { $0.page == page + 1 }
            #expect(mine.count <= oracle.layersPerPage[page])
            let expected = oracle.strokes[page]
            let simple = expected.allSatisfy { stroke in
                let n = stroke.coordinates.count / 2
                let segmentWidths = stroke.widths.dropFirst()
                return n >= 2 && stroke.style == "plain" && (segmentWidths.isEmpty || (segmentWidths.count >= n - 1 && segmentWidths.prefix(n - 1).allSatisfy { $0 > 0 }))
            } && !relative.contains("strokes.xopp") && !relative.contains("suite")
            let strokes = mine.flatMap(\.strokes)
            if simple {
                #expect(strokes.count == expected.count, "page \(page + 1) of \(relative)")
                for (got, want) in zip(strokes, expected) {
                    #expect(got.points.count == want.coordinates.count / 2)
                    #expect(got.points.first?.x == want.coordinates.first)
                    #expect(got.points.last?.y == want.coordinates.last)
                    #expect(got.ink.width == want.widths.first)
                    #expect(got.interpolation == .linear)
                    if want.widths.count > 1, want.tool == "pen" {
                        for (index, point) in got.points.dropLast().enumerated() {
                            #expect(point.w == want.widths[index + 1])
                        }
                    }
                }
            }
            #expect(strokes.allSatisfy { $0.points.allSatisfy { $0.w > 0 && $0.w.isFinite && $0.x.isFinite && $0.y.isFinite } })
        }
        let texts = document.pages.flatMap(\.decorations).filter { if case .text = $0.content { true } else { false } }
        #expect(texts.count >= oracle.texts)
        try? FileManager.default.removeItem(atPath: document.layersPath)
    }

    /// `testStrokes` of LoadHandlerTest.cpp.
    @Test func strokesAsXournalLoadsThem() throws {
        let (_, _, layers) = try read("xournalpp/load/strokes.xopp")
        #expect(layers.count == 1)
        let strokes = layers[0].strokes
        // Group the dash pieces back into the file's strokes.
        var groups: [[Stroke]] = []
        for stroke in strokes {
            let x = XournalTestSupport.xournal(stroke)
            if case .number(let piece)? = x?["dash"], piece != "1" { groups[groups.count - 1].append(stroke) } else { groups.append([stroke]) }
        }
        #expect(groups.count == 12)
        let first = groups[0][0]
        #expect(first.ink.type == .pen)
        #expect(first.ink.color.hexString == "#002E99FF")
        #expect(first.ink.width == 2.26)
        #expect(first.points.count == 69)
        #expect(first.points[0].x == 210.17715 && first.points[0].y == 200.96557 && first.points[0].w == 0.41932136)
        #expect(first.points[30].x == 264.91445 && first.points[30].w == 0.66099109)
        #expect(first.points[67].x == 377.23607 && first.points[67].w == 0.56020856)
        #expect(first.points[68].x == 380.69162 && first.points[68].y == 170.66197)
        #expect(abs(first.points[0].force - 0.41932136 / 2.26) < 1e-12)
        // Dashed, dash-dotted and dotted: cut into several pieces each.
        for (index, style) in [(1, "dash"), (2, "dashdot"), (3, "dot")] {
            #expect(groups[index].count > 1)
            #expect(XournalTestSupport.string(XournalTestSupport.xournal(groups[index][0])?["style"]) == style)
        }
        #expect(groups[1][0].ink.color.hexString == "#808080FF")
        #expect(groups[3][0].ink.width == 1.41)
        #expect(groups[4][0].ink.color.hexString == "#000000FF")
        // Eraser: whiteout.
        #expect(groups[5][0].ink.type == .pen && groups[5][0].ink.color.hexString == "#FFFFFFFF" && groups[5][0].ink.width == 8.5)
        #expect(XournalTestSupport.string(XournalTestSupport.xournal(groups[5][0])?["tool"]) == "eraser")
        #expect(groups[6][0].ink.color.hexString == "#64BAFFFF" && groups[6][0].ink.width == 0.85)
        // Highlighters: marker ink at Xournal++'s opacity 0.47 whatever the stored 7f, nominal width.
        #expect(groups[7][0].ink.type == .marker && groups[7][0].ink.color.hexString == "#FFA15478")
        #expect(groups[7][0].ink.width == 19.84 && groups[7][0].points.allSatisfy { $0.w == 19.84 })
        #expect(groups[8][0].ink.color.hexString == "#9BDB4D78" && groups[8][0].ink.width == 2.83)
        #expect(groups[9][0].points.count >= 2 && groups[9][0].points[0].x == 200.23669)
        // Filled butt-capped highlighters: fill alpha 255 and 230.
        #expect(groups[10][0].ink.color.hexString == "#FFE16BFF")
        #expect(XournalTestSupport.string(XournalTestSupport.xournal(groups[10][0])?["capStyle"]) == "butt")
        #expect(groups[10][0].points[0].x == 128.78249 && groups[10][0].points[1].x == 466.4931)
        #expect(groups[11][0].ink.color.hexString == "#000000E6" && groups[11][0].ink.width == 1)
    }

    /// `testStrokeWidthRecovery` of LoadHandlerTest.cpp: 9 strokes after the repair.
    @Test func widthRecovery() throws {
        let (document, _, layers) = try read("xournalpp/packaged_xopp/stroke/width_recovery.xopp")
        let strokes = layers.flatMap(\.strokes)
        #expect(strokes.count == 9)
        #expect(strokes[0].points.allSatisfy { $0.w == 0.42 && $0.force == 1 })
        let expected: [[Double]] = [
            [0.16, 0.16, 0.20, 0.22, 0.26, 0.14], [0.16], [0.28, 0.30, 0.34, 0.22, 0.18], [0.16, 0.16, 0.22, 0.28, 0.30],
            [0.30, 0.34, 0.34, 0.38, 0.40, 0.40, 0.42, 0.46, 0.46, 0.46, 0.50, 0.52],
            [0.56, 0.56, 0.58, 0.60, 0.56, 0.40, 0.32, 0.18, 0.12, 0.16, 0.16, 0.20, 0.22],
            [0.20, 0.30, 0.10], [0.25, 0.30, 0.40],
        ]
        for (index, widths) in expected.enumerated() {
            let stroke = strokes[index + 1]
            #expect(stroke.points.count == widths.count + 1, "stroke \(index + 2)")
            #expect(Array(stroke.points.dropLast().map(\.w)) == widths, "stroke \(index + 2)")
            #expect(stroke.points.last?.w == widths.last)
            #expect(stroke.ink.color.hexString == "#00FF00FF" && stroke.ink.width == 1.41)
        }
        #expect(document.report.warnings.contains { $0.contains("left out") })
    }

    /// `testPages` and `testPageType`.
    @Test func pagesAndBackgrounds() throws {
        let (document, _, _) = try read("xournalpp/load/pages.xopp")
        #expect(document.pages.count == 11)
        #expect(document.pages[0].width == 595.27559 && document.pages[0].height == 841.88976)
        #expect(document.pages[10].width == 50 && document.pages[10].height == 50)
        let rulings: [Paper.Ruling] = [.plain, .ruled, .lined, .lined, .staves, .graph, .dotted, .isometricDotted, .isometricGraph, .graph]
        for (index, ruling) in rulings.enumerated() {
            #expect(document.pages[index].background == .paper(Paper(color: RGBAColor(red: 1, green: 1, blue: 1), ruling: ruling)))
            guard case .text(let text, _, let size, _)? = document.pages[index].decorations.first?.content else {
                Issue.record("page \(index + 1) without its text")
                continue
            }
            #expect(text == "p\(index + 1)" && size == 36)
        }
        guard case .paper(let paper) = document.pages[10].background, let image = paper.image else {
            Issue.record("page 11 has no image background")
            return
        }
        #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(image.count == 375)
    }

    /// `testLayers`.
    @Test func layersWithNames() throws {
        let (document, _, layers) = try read("xournalpp/load/layers.xopp")
        #expect(layers.count == 3)
        #expect(layers.map(\.layer) == [nil, "Named layer", nil])
        #expect(document.pages[0].decorations.map(\.layer) == [0, 1, 2])
        let texts = document.pages[0].decorations.compactMap { if case .text(let t, _, _, _) = $0.content { t } else { nil } }
        #expect(texts == ["l1", "l2", "l3"])
        let (zipped, _, zippedLayers) = try read("xournalpp/packaged_xopp/layer.xopp")
        #expect(zippedLayers.count == 3 && zipped.pages.count == 1)
    }

    /// `testText`.
    @Test func texts() throws {
        let (document, _, _) = try read("xournalpp/load/text.xopp")
        let texts = document.pages[0].decorations.compactMap { d -> (String, String)? in
            if case .text(let t, _, _, let c) = d.content { (t, c.hexString) } else { nil }
        }
        #expect(texts.count == 9)
        #expect(texts[0] == ("red", "#FF0000FF"))
        #expect(texts[1] == ("blue", "#3333CCFF"))
        #expect(texts[2] == ("green", "#00F000FF"))
        #expect(texts[3] == ("multiline\ntext", "#000000FF"))
        #expect(texts[4].0 == " \n odd  whitespace\ttext\n\n")
        let first = document.pages[0].decorations[0]
        #expect(first.x == 130.5 && first.y == 96.75 && first.width > 0 && first.height == 12 * 1.2)
        let multiline = document.pages[0].decorations[3]
        #expect(multiline.height == 2 * 12 * 1.2)
        #expect(document.pages[0].decorations[5].width == 130.13533)
        let (old, _, _) = try read("xournalpp/test1.xoj")
        guard case .text(let t, let font, let size, let color)? = old.pages[0].decorations.first?.content else {
            Issue.record("test1.xoj without its text")
            return
        }
        #expect(t == "12345" && font == "Liberation Sans" && size == 12 && color.hexString == "#00FF00FF")
    }

    /// `testImage` and `testLatex`.
    @Test func imagesAndTeX() throws {
        let (document, _, _) = try read("xournalpp/load/image.xopp")
        let image = try #require(document.pages[0].decorations.first)
        #expect(image.x == 41.637795 && image.y == 164.94488)
        #expect(abs(image.width - 512) < 1e-5 && abs(image.height - 512) < 1e-5)
        guard case .image(let png) = image.content else { Issue.record("not an image"); return }
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let (latex, _, _) = try read("xournalpp/load/latex.xopp")
        let tex = try #require(latex.pages[0].decorations.first)
        #expect(tex.x == 14.937 && tex.y == 15.715)
        #expect(abs(tex.width - 20.126) < 1e-9 && abs(tex.height - 18.57) < 1e-9)
        guard case .image(let pdf) = tex.content else { Issue.record("not an image"); return }
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }

    @Test func backgroundPDFs() throws {
        let (cjk, _, _) = try read("xournalpp/cjk/测试.xopp")
        #expect(cjk.pages.map(\.background) == [.pdfPage(1), .pdfPage(2)])
        #expect(cjk.backgroundPDF?.requested == "./测试.pdf")
        #expect(cjk.backgroundPDF?.resolved.map { FileManager.default.fileExists(atPath: $0) } == true)
        #expect(cjk.backgroundPDF?.isTemporary == false)
        #expect(cjk.pages[0].decorations.count == 3)

        let (old, _, _) = try read("xournalpp/packaged_xopp/pdfBackground/old.xopp")
        #expect(old.backgroundPDF?.resolved == CorpusLocation.path("xournalpp/packaged_xopp/pdfBackground/old.xopp.bg.pdf"))
        #expect(old.pages.map(\.background) == [.pdfPage(1), .pdfPage(2)])

        let (new, _, _) = try read("xournalpp/packaged_xopp/pdfBackground/new.xopp")
        let pdf = try #require(new.backgroundPDF)
        #expect(pdf.requested == "attachments/bg.pdf" && pdf.isTemporary)
        let resolved = try #require(pdf.resolved)
        #expect(resolved.hasPrefix(folder))
        let bytes = try #require(FileManager.default.contents(atPath: resolved))
        #expect(bytes.count == 16346 && bytes.starts(with: Array("%PDF".utf8)))
        #expect(new.pages.map(\.background) == [.pdfPage(1), .pdfPage(2)])
    }

    @Test func linksAreTextAndCounted() throws {
        let (document, _, _) = try read("xournalpp/load/links.xopp")
        #expect(document.pages[0].decorations.count == 4)
        #expect(document.report.omitted["link target (drawn as text)"] == 4)
    }

    @Test func xournal045StrokeAcrossLines() throws {
        let (_, header, layers) = try read("xournalpp/load/compatibility/stroke_line_return.xoj")
        let stroke = try #require(layers.first?.strokes.first)
        #expect(stroke.ink.color.hexString == "#000000FF" && stroke.ink.width == 1.41)
        #expect(stroke.points.count == 51)
        #expect(stroke.points[0].x == 80.53 && stroke.points[50].y == 245.97)
        guard case .object(let xournal)? = header.extra["xournal"] else { Issue.record("no header extension"); return }
        #expect(XournalTestSupport.string(xournal["version"]) == "0.4.5")
        #expect(XournalTestSupport.string(xournal["container"]) == "gzip")
    }

    @Test func htmlNamedXoj() throws {
        let path = CorpusLocation.path("xournalpp/preview-test-invalid.xoj")
        #expect(!XournalImporter.recognizes(path: path))
        #expect(throws: XournalImportError.htmlPage(path: path)) {
            try XournalImporter.read(path: path, options: XournalTestSupport.options(folder))
        }
        #expect(XournalImportError.htmlPage(path: path).description.contains("not a Xournal++ file: it is an HTML page; download the file itself"))
        // Nothing left behind.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true)
    }
}
