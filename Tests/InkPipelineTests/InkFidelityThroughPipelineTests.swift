import Foundation
import InkFixtures
import InkModel
import InkPDFContentTestSupport
import InkPipeline
import InkRendering
import Testing

/// The ink as flatten and export write it (the content writer's operators,
/// appended as an incremental update or laid over by qpdf), rendered by
/// poppler, against cairo's own raster of the same strokes: SSIM near ink, for
/// every ink type (one row of the ink sheet per page) and a dense page.
@Suite struct InkFidelityThroughPipelineTests {
    static let scale = 2.0

    enum Path: String, CaseIterable {
        case flatten, export, exportRewritten = "export --pages (qpdf rewrite)", inkOnly = "export --ink-only"
    }

    /// Writes `pages` of strokes over blank pages of `size` through `path`; the output's path.
    func write(_ pages: [[Stroke]], size: (width: Double, height: Double), through path: Path, in folder: TestFolder) async throws -> String {
        let pdf = folder.path("blank.pdf")
        // One blank page more, left out by `--pages` for the rewriting path.
        try SamplePDFs.cairoPDF(path: pdf, pages: Array(repeating: size, count: pages.count + 1))
        let ink = folder.writeInk("ink.ink.jsonl", layers: pages.enumerated().map { PageLayer(page: $0 + 1, layer: "Ink", strokes: $1) })
        let output = folder.path("\(path).pdf")
        switch path {
        case .flatten:
            try await flattenChecked(pdf: pdf, ink: ink, output: output, options: FlattenOptions(pages: try selection(pages.count)))
        case .export:
            try await exportChecked(pdf: pdf, ink: ink, output: output)
        case .exportRewritten:
            try await exportChecked(pdf: pdf, ink: ink, output: output, options: ExportOptions(pages: try selection(pages.count)))
        case .inkOnly:
            try await exportChecked(pdf: pdf, ink: ink, output: output, options: ExportOptions(pages: try selection(pages.count), inkOnly: true))
        }
        return output
    }

    func selection(_ count: Int) throws -> PageSelection {
        try PageSelection.parse("1-\(count)").get()
    }

    func drawings(_ strokes: [Stroke]) -> [StrokeDrawing] { strokes.flatMap { InkStyle.drawings(for: $0).drawings } }

    @Test(arguments: Path.allCases)
    func everyInkTypeMatchesCairosRaster(_ path: Path) async throws {
        let folder = TestFolder()
        let rows = ContentWriterSamples.inkSheetRows()
        let size = ContentWriterSamples.inkSheetSize
        let output = try await write(rows.map(\.strokes), size: size, through: path, in: folder)
        for (index, row) in rows.enumerated() {
            let rendered = try GreyRaster.poppler(output, page: index + 1, scale: Self.scale)
            let reference = GreyRaster.cairo(drawings(row.strokes), width: size.width, height: size.height, scale: Self.scale)
            let result = GreyRaster.compare(rendered, reference)
            print("\(path.rawValue), \(row.label): SSIM near ink \(result.ssim), \(result.pixels) pixels")
            #expect(result.pixels > 1000, "\(path.rawValue), \(row.label): ink was drawn")
            #expect(result.ssim >= 0.99, "\(path.rawValue), \(row.label): SSIM near ink \(result.ssim)")
        }
    }

    @Test(arguments: Path.allCases)
    func densePageMatchesCairosRaster(_ path: Path) async throws {
        let folder = TestFolder()
        let page = try ContentWriterSamples.denseDocument(path: folder.path("text.pdf"), pages: 1)[0]
        let size = (width: page.width, height: page.height)
        let strokes = page.strokes()
        let output = try await write([strokes], size: size, through: path, in: folder)
        let rendered = try GreyRaster.poppler(output, page: 1, scale: Self.scale)
        let reference = GreyRaster.cairo(drawings(strokes), width: size.width, height: size.height, scale: Self.scale)
        let result = GreyRaster.compare(rendered, reference)
        print("\(path.rawValue), dense page: SSIM near ink \(result.ssim), \(result.pixels) pixels")
        #expect(result.pixels > 10_000, "ink was drawn")
        #expect(result.ssim >= 0.99, "\(path.rawValue): SSIM near ink \(result.ssim)")
    }
}
