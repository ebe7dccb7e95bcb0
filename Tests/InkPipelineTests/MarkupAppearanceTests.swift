import Foundation
@testable import InkPipeline
import InkFixtures
import Testing

/// Issue 54, item 8: text markup that carries its own appearance stream (as Preview, pdf.js and Acrobat write it) is
/// drawn by poppler, MuPDF and PDFium as that appearance, not from its /QuadPoints. flatten drew strokes made from the
/// quadrilaterals instead (pdfannots' issue46.pdf and word2column.pdf, pdf.js's quadpoints.pdf: agreement 0.5-0.9);
/// it now keeps such an annotation drawn as its appearance, and agrees with all three. Generated here with the same
/// structure: an Underline whose appearance lies 2.3 pt above the quadrilateral's bottom edge, a Squiggly whose
/// appearance is a smooth wave below it, a Highlight with rounded ends.
@Suite(.enabled(Comment(rawValue: ReferenceReaders.missing)) { await ReferenceReaders.isAvailable })
struct MarkupAppearanceTests {
    static func write(to path: String) throws {
        // Quadrilaterals (x1 y1 x2 y2 x3 y3 x4 y4: top left, top right, bottom left, bottom right), 16 pt high.
        func quad(_ x: Double, _ y: Double, _ width: Double) -> String { "\(x) \(y + 16) \(x + width) \(y + 16) \(x) \(y) \(x + width) \(y)" }
        var wave = "0 0 m"
        for step in 0..<40 { wave += " \(Double(step) * 4 + 1) \(step % 2 == 0 ? -3 : 3) \(Double(step) * 4 + 3) \(step % 2 == 0 ? -3 : 3) \(Double(step + 1) * 4) 0 c" }
        let underline = Array("0 0 1 RG 1.2 w 0 2.3 m 160 2.3 l S".utf8)
        let squiggle = Array("1 0 0 RG 0.8 w \(wave) S".utf8)
        let highlight = Array("1 1 0 rg 8 0 m 152 0 l 160 0 160 16 152 16 c 8 16 l 0 16 0 0 8 0 c f".utf8)
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Annots [4 0 R 6 0 R 8 0 R] >>"),
            .text("<< /Type /Annot /Subtype /Underline /F 4 /Rect [40 200 200 220] /QuadPoints [\(quad(40, 200, 160))] /C [0 0 1] /AP << /N 5 0 R >> >>"),
            .stream(underline, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 160 20] /Matrix [1 0 0 1 0 0]"),
            .text("<< /Type /Annot /Subtype /Squiggly /F 4 /Rect [40 130 200 150] /QuadPoints [\(quad(40, 134, 160))] /C [1 0 0] /AP << /N 7 0 R >> >>"),
            .stream(squiggle, dictionary: "/Type /XObject /Subtype /Form /BBox [0 -4 160 16] /Matrix [1 0 0 1 0 4]"),
            .text("<< /Type /Annot /Subtype /Highlight /F 4 /Rect [40 60 200 76] /QuadPoints [\(quad(40, 60, 160))] /C [1 1 0] /AP << /N 9 0 R >> >>"),
            .stream(highlight, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 160 16] /Matrix [1 0 0 1 0 0]"),
        ], to: path)
    }

    @Test(arguments: [ReferenceReaders.Engine.poppler, .mupdf, .pdfium])
    func markupWithItsOwnAppearanceIsDrawnAsEveryViewerDrawsIt(engine: ReferenceReaders.Engine) async throws {
        let folder = TestFolder()
        let pdf = folder.path("markup.pdf")
        try Self.write(to: pdf)
        let flattened = folder.path("flattened.pdf")
        let report = try await flattenChecked(pdf: nil, ink: pdf, output: flattened, options: FlattenOptions(writeSidecar: false))
        #expect(report.summary.contains { $0.contains("an appearance every viewer draws") }, "\(report.summary)")
        let ours = try await ReferenceReaders.render(pdf: flattened, engine: .poppler, dpi: 144, to: folder.path("ours.png"))
        let theirs = try await ReferenceReaders.render(pdf: pdf, engine: engine, dpi: 144, to: folder.path("theirs.png"))
        let agreement = try await ReferenceReaders.inkAgreement(ours, theirs)
        // The engines differ a little among themselves (poppler's highlight is wider, its lines heavier): flatten agrees with
        // each as well as poppler's own drawing of the original does, and with poppler's drawing itself.
        let popplers = try await ReferenceReaders.render(pdf: pdf, engine: .poppler, dpi: 144, to: folder.path("poppler.png"))
        let engines = try await ReferenceReaders.inkAgreement(popplers, theirs)
        #expect(agreement.aInB >= min(0.97, engines.aInB - 0.005) && agreement.bInA >= min(0.97, engines.bInA - 0.005),
                "\(engine): \(agreement); poppler's own drawing: \(engines)")
        let withPoppler = try await ReferenceReaders.inkAgreement(ours, popplers)
        #expect(withPoppler.aInB >= 0.97 && withPoppler.bInA >= 0.97, "\(withPoppler)")
        // Nothing drawn where the quadrilaterals' own underline would lie (their bottom edge, 200 pt up): the appearance is above it.
        let page = try #require(Raster(pngFile: ours))
        let scale = 2.0, row = Int((300 - 200) * scale)
        var dark = 0
        for y in [row - 1, row] {
            for x in Int(60 * scale)..<Int(180 * scale) where page.pixel(x, y).b > 150 && page.pixel(x, y).r < 100 && page.pixel(x, y).g < 100 { dark += 1 }
        }
        #expect(dark == 0, "a line along the quadrilateral's bottom edge: \(dark) px")
    }
}
