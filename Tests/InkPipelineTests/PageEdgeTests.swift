import Foundation
import InkFixtures
import InkPDFContentTestSupport
import InkPipeline
import Testing

/// Every page is drawn to its edges (issue 54): page boxes of fractional points (A4 is 595.276 ×
/// 841.89 as most producers write it) are never cut to whole points. cairo 1.16 clipped a page set
/// with `cairo_pdf_surface_set_size` to whole points, leaving a white strip along the bottom and
/// right edges of a coloured page.
@Suite struct PageEdgeTests {
    /// A page object and its content: the box filled with one colour edge to edge.
    static func page(_ keys: String, fill box: (Double, Double, Double, Double), colour: String, contents: Int) -> [String] {
        let stream = "\(colour) rg \(box.0) \(box.1) \(box.2 - box.0) \(box.3 - box.1) re f"
        return ["<< /Type /Page /Parent 2 0 R \(keys) /Contents \(contents) 0 R >>",
                "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream"]
    }

    /// One document of pages with fractional boxes of every kind, one after another (each a size
    /// change): A4, a CropBox inside a larger MediaBox, a MediaBox whose origin is off zero, and A4 turned.
    static func document(at path: String) throws {
        let pages = [
            page("/MediaBox [0 0 595.276 841.89]", fill: (0, 0, 595.276, 841.89), colour: "0 0 1", contents: 4),
            page("/MediaBox [0 0 612 792] /CropBox [10.3 20.7 400.55 500.9]", fill: (0, 0, 612, 792), colour: "0 0.6 0", contents: 6),
            page("/MediaBox [-20.4 -30.6 500.25 700.75]", fill: (-20.4, -30.6, 500.25, 700.75), colour: "0.8 0.1 0.1", contents: 8),
            page("/MediaBox [0 0 595.276 841.89] /Rotate 90", fill: (0, 0, 595.276, 841.89), colour: "0.5 0 0.5", contents: 10),
        ]
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 5 0 R 7 0 R 9 0 R] /Count 4 >>"]
        for page in pages { objects += page }
        try HandWrittenPDF.write(objects, to: path)
    }

    @Test func fractionalPagesAreDrawnToTheirEdges() async throws {
        let folder = TestFolder()
        let source = folder.path("edges.pdf"), output = folder.path("flat.pdf")
        try Self.document(at: source)
        let ink = folder.writeInk("empty.ink.jsonl", layers: [])
        try await flattenChecked(pdf: source, ink: ink, output: output)
        for page in 1...4 {
            let original = try GreyRaster.poppler(source, page: page, scale: 4)
            let drawn = try GreyRaster.poppler(output, page: page, scale: 4)
            #expect(original.width == drawn.width && original.height == drawn.height, "page \(page)")
            // The last rows and columns (where cairo's whole points cut 0.3-0.9 pt, 1-4 pixels here) are the page's colour...
            var strip = 0
            for y in 0..<drawn.height {
                for x in 0..<drawn.width where x >= drawn.width - 5 || y >= drawn.height - 5 {
                    if abs(original[x, y] - drawn[x, y]) > 24 { strip += 1 }
                }
            }
            #expect(strip == 0, "page \(page): \(strip) pixels along the right and bottom edges differ from the original")
            // ...which the original colours there (the strip this looks for is not paper in the original)...
            #expect(original[original.width - 3, original.height / 2] < 200 && original[original.width / 2, original.height - 3] < 200)
            // ...and the rest of the page is the original's too.
            #expect(drawn.countDifferences(from: original, above: 24) == 0, "page \(page)")
        }
    }
}
