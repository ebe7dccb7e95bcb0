import Foundation
@testable import InkPipeline
import InkModel
import InkFixtures
import InkPDFContentTestSupport
import Testing
import LibQPDF

/// A PDF whose cross-reference chain is broken (an update's `/Prev 0`) and whose last trailer names no
/// catalog: poppler and MuPDF rebuild it and open its page; qpdf cannot find its catalog. Flattening it
/// with its own annotations still gives the page, annotations drawn as a viewer draws them, with one note.
@Suite struct UnreadableStructureTests {
    /// Page 1 (200 × 200, a blue square) rewritten by an update that adds an Ink annotation (a red
    /// diagonal); the update's trailer has `/Prev 0` and no `/Root`.
    static func brokenUpdate(at path: String) throws {
        var bytes = Array("%PDF-1.4\n%\u{00E2}\u{00E3}\n".utf8)
        var offsets: [Int] = []
        let content = "0 0 1 rg 20 20 60 60 re f"
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
                       "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"]
        for (index, object) in objects.enumerated() {
            offsets.append(bytes.count)
            bytes += Array("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8)
        }
        var xref = bytes.count
        bytes += Array("xref\n0 5\n0000000000 65535 f \n".utf8)
        for offset in offsets { bytes += Array(String(format: "%010d 00000 n \n", offset).utf8) }
        bytes += Array("trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        let page = bytes.count
        bytes += Array(("3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Annots [5 0 R] >>\nendobj\n").utf8)
        let annotation = bytes.count
        bytes += Array(("5 0 obj\n<< /Type /Annot /Subtype /Ink /Rect [100 100 190 190] /F 4 /C [1 0 0] /BS << /W 6 >> "
                        + "/InkList [[110 110 180 180]] >>\nendobj\n").utf8)
        xref = bytes.count
        bytes += Array("xref\n3 1\n\(String(format: "%010d", page)) 00000 n \n5 1\n\(String(format: "%010d", annotation)) 00000 n \n".utf8)
        bytes += Array("trailer\n<< /Size 6 /Prev 0 >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func flattenedOverItselfItsAnnotationsAreDrawnAsAViewerDrawsThem() async throws {
        let folder = TestFolder()
        let pdf = folder.path("broken.pdf"), output = folder.path("out.pdf")
        try Self.brokenUpdate(at: pdf)
        #expect(throws: ExportError.self) { _ = try QPDFDocument(path: pdf, password: nil) }
        let report = try await flattenChecked(pdf: nil, ink: pdf, output: output, options: FlattenOptions(writeSidecar: false))
        #expect(report.pageCount == 1)
        #expect(report.warnings.count == 1 && report.warnings[0].contains("qpdf cannot read its structure"), "\(report.warnings)")
        let raster = try GreyRaster.poppler(output, page: 1, scale: 1)
        func dark(_ x: Int, _ y: Int) -> Bool { raster.values[y * raster.width + x] < 200 }
        // The square (y down: 200 − 50) and the annotation's line (its middle at 145, 55 displayed), nothing between.
        #expect(dark(50, 150), "the page's own square is missing")
        #expect(dark(145, 55), "the annotation is not drawn")
        #expect(!dark(150, 150) && !dark(50, 50), "something drawn where nothing is")
    }
}
