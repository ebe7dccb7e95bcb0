import LibCairo
import Foundation
import InkModel
import InkPDFContent
import InkPDFContentTestSupport
import InkRendering
import InkFixtures
import Testing

/// The content writer's PDF, rendered by poppler, against cairo's own raster
/// of the same drawings (`CairoInkPainter.draw`, snapped to the same grid,
/// `InkGrid`): SSIM near ink, and how many pixels differ by more than anti-aliasing.
@Suite struct InkContentFidelityTests {
    static let scale = 2.0

    /// Compares page `page` of `pdf` with cairo's raster of `pageDrawings`.
    func compare(_ pdf: String, page: Int, _ pageDrawings: [StrokeDrawing], size: (width: Double, height: Double),
                 label: String) throws -> (ssim: Double, strays: Int, pixels: Int) {
        let rendered = try GreyRaster.poppler(pdf, page: page, scale: Self.scale)
        let reference = GreyRaster.cairo(pageDrawings, width: size.width, height: size.height, scale: Self.scale)
        let result = GreyRaster.compare(rendered, reference)
        // More than a third of full contrast: not an edge pixel's coverage rounding.
        let strays = rendered.countDifferences(from: reference, above: 85)
        print("\(label): SSIM near ink \(result.ssim), \(result.pixels) pixels near ink, max difference \(result.maxDifference), \(strays) beyond 85 levels")
        return (result.ssim, strays, result.pixels)
    }

    @Test func everyInkTypeMatchesCairosRaster() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = ContentWriterSamples.inkSheetRows()
        let size = ContentWriterSamples.inkSheetSize
        let pages = rows.map { drawings($0.strokes) }
        let pdf = directory.appendingPathComponent("ink-sheet.pdf").path
        try writeInkPDF(pages, size: size, to: pdf)
        for (index, row) in rows.enumerated() {
            let result = try compare(pdf, page: index + 1, pages[index], size: size, label: row.label)
            #expect(result.pixels > 1000, "\(row.label): ink was drawn")
            #expect(result.ssim >= 0.99, "\(row.label): SSIM near ink \(result.ssim)")
            #expect(result.strays <= result.pixels / 1000, "\(row.label): \(result.strays) pixels differ by more than anti-aliasing")
        }
    }

    @Test func splashDrawsTheWritersPDFAsItDrawsCairosPDF() throws {
        // A second renderer (poppler's Splash, not cairo) reads both the writer's PDF and
        // cairo's PDF of the same drawings: the operators mean the same to it. (Against
        // cairo's raster, Splash samples the grain tiles differently, for either PDF.)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = ContentWriterSamples.inkSheetRows()
        let size = ContentWriterSamples.inkSheetSize
        let pages = rows.map { drawings($0.strokes) }
        let pdf = directory.appendingPathComponent("ink-sheet.pdf").path
        let cairoPDF = directory.appendingPathComponent("cairo.pdf").path
        try writeInkPDF(pages, size: size, to: pdf)
        try SamplePDFs.cairoPDF(path: cairoPDF, pages: Array(repeating: size, count: pages.count), drawings: { pages[$0 - 1] })
        for (index, row) in rows.enumerated() {
            let mine = try GreyRaster.splash(pdf, page: index + 1, scale: Self.scale)
            let cairos = try GreyRaster.splash(cairoPDF, page: index + 1, scale: Self.scale)
            try #require(mine.width == cairos.width && mine.height == cairos.height, "\(row.label): page sizes differ")
            let result = GreyRaster.compare(mine, cairos)
            let strays = mine.countDifferences(from: cairos, above: 85)
            print("\(row.label), Splash: SSIM near ink \(result.ssim), max difference \(result.maxDifference)")
            #expect(result.pixels > 1000, "\(row.label): ink was drawn")
            #expect(result.ssim >= 0.99, "\(row.label): SSIM near ink \(result.ssim) in Splash")
            #expect(strays <= result.pixels / 1000, "\(row.label): \(strays) pixels differ by more than anti-aliasing in Splash")
        }
    }

    @Test func densePageMatchesCairosRaster() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = try ContentWriterSamples.denseDocument(path: directory.appendingPathComponent("text.pdf").path, pages: 1)
        let page = drawings(document[0].strokes())
        let size = (width: document[0].width, height: document[0].height)
        let pdf = directory.appendingPathComponent("dense.pdf").path
        try writeInkPDF([page], size: size, to: pdf)
        let result = try compare(pdf, page: 1, page, size: size, label: "dense page")
        #expect(result.ssim >= 0.99, "SSIM near ink \(result.ssim)")
        #expect(result.strays <= result.pixels / 1000, "\(result.strays) pixels differ by more than anti-aliasing")
        // And in Splash, against cairo's own PDF of the page.
        let cairoPDF = directory.appendingPathComponent("cairo.pdf").path
        try SamplePDFs.cairoPDF(path: cairoPDF, pages: [size], drawings: { _ in page })
        let splash = GreyRaster.compare(try GreyRaster.splash(pdf, page: 1, scale: Self.scale),
                                        try GreyRaster.splash(cairoPDF, page: 1, scale: Self.scale))
        print("dense page, Splash: SSIM near ink \(splash.ssim), max difference \(splash.maxDifference)")
        #expect(splash.ssim >= 0.99, "SSIM near ink in Splash \(splash.ssim)")
    }

    @Test func markerMultipliesOverTheTextBelowIt() throws {
        // A black bar drawn by cairo as the page's own content, a yellow marker over it:
        // the bar stays black (no isolated group) and the paper turns yellow.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = makeStroke(.marker, color: "#FFE600FF", size: 14, [(20, 50), (180, 50)])
        let pdf = directory.appendingPathComponent("marker.pdf").path
        try writeInkPDF([drawings([marker])], size: (200, 100), to: pdf) { context, _ in
            context.setSourceRGB(0, 0, 0)
            context.rectangle(90, 40, 20, 20)
            context.fill()
        }
        let rendered = try GreyRaster.poppler(pdf, page: 1, scale: 1)
        #expect(rendered[100, 50] < 5, "the bar under the marker stays black: \(rendered[100, 50])")
        #expect(rendered[50, 50] < 245 && rendered[50, 50] > 150, "the paper takes the marker's colour: \(rendered[50, 50])")
        #expect(rendered[50, 90] > 250, "no ink away from the stroke")
    }

    @Test func sameDrawingsGiveTheSameBytes() throws {
        let strokes = ContentWriterSamples.inkSheetStrokes()
        let size = ContentWriterSamples.inkSheetSize
        let a = InkContentWriter.content(for: drawings(strokes), width: size.width, height: size.height)
        let b = InkContentWriter.content(for: drawings(strokes), width: size.width, height: size.height)
        #expect(a == b)
        #expect(a.compressed() == b.compressed())
        #expect(ZlibInflate.inflate(a.compressed().deflated) == a.operators, "the stream inflates to the operators")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.pdf").path, second = directory.appendingPathComponent("b.pdf").path
        try writeInkPDF([drawings(strokes)], size: size, to: first)
        try writeInkPDF([drawings(strokes)], size: size, to: second)
        #expect(bytes(first) == bytes(second), "two runs write the same file")
    }

    @Test func contentUsesOnlyTheOperatorsInkNeeds() {
        let strokes = ContentWriterSamples.inkSheetStrokes()
        let size = ContentWriterSamples.inkSheetSize
        let content = InkContentWriter.content(for: drawings(strokes), width: size.width, height: size.height)
        let text = String(decoding: content.operators, as: UTF8.self)
        let allowed: Set<String> = ["m", "l", "c", "v", "y", "h", "f", "S", "W", "n", "q", "Q", "cm", "w", "J", "j",
                                    "rg", "RG", "gs", "cs", "scn", "re"]
        var operators: Set<String> = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if let first = token.first, first.isLetter { operators.insert(String(token)) }
        }
        #expect(operators.isSubset(of: allowed), "unexpected operators: \(operators.subtracting(allowed))")
        // Every coordinate line is integers only.
        for line in text.split(separator: "\n") where ["m", "l", "c", "v", "y"].contains(line.split(separator: " ").last.map(String.init) ?? "") {
            #expect(line.split(separator: " ").dropLast().allSatisfy { Int($0) != nil }, "\(line)")
        }
        #expect(content.graphicsStates.contains { $0.blend == .multiply }, "the marker multiplies")
        #expect(Set(content.grains) == [.pencil, .crayon])
    }
}
