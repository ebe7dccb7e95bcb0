import Foundation
import InkFixtures
import InkPDFContentTestSupport
import InkPipeline
import LibQPDF
import Testing

/// Every PDF written reads back whole or is not written (issue 52): pdfcpu's annotTest.pdf has
/// free-text appearances in embedded CFF fonts whose Private DICT holds FamilyBlues without
/// operands; cairo 1.16 cannot subset such a font and wrote its fallback's objects nowhere, so the
/// cross-reference table pointed past the end of the file and the text was lost, with exit 0.
@Suite struct WholeOutputTests {
    /// The generated free-text page (scripts/hostile_inputs.py), flattened: a file qpdf reads without
    /// a warning, whose annotation shows as poppler shows it on the original, and nothing elsewhere.
    @Test func aFreeTextInAFontCairoCannotSubsetIsFlattenedWhole() async throws {
        let folder = TestFolder()
        let source = folder.path("free-text.pdf"), output = folder.path("flat.pdf")
        // A tenth of a second of python: not queued behind the suite's long children (`ChildProcess.slots`).
        let made = try await OutsideTool.python3.outcome([SharedCorpus.repository.appendingPathComponent("scripts/hostile_inputs.py").path,
                                                          "free-text-cff", source], sharingTheCores: false)
        try #require(made.status == 0, "\(String(decoding: made.errors, as: UTF8.self))")
        let report = try await flattenChecked(pdf: nil, ink: source, output: output)
        #expect(report.warnings.contains { $0.contains("drawn as images") && $0.contains("damaged") })
        let original = try GreyRaster.poppler(source, page: 1, scale: 2)
        let flattened = try GreyRaster.poppler(output, page: 1, scale: 2)
        #expect(original.width == flattened.width && original.height == flattened.height)
        // The annotation's text (red glyphs in its rectangle, 100..300 × 100..150 points from the top left) is there as poppler draws it...
        let annotation = (x: 200, y: 200, width: 400, height: 100)
        let before = original.cropped(x: annotation.x, y: annotation.y, width: annotation.width, height: annotation.height)
        let after = flattened.cropped(x: annotation.x, y: annotation.y, width: annotation.width, height: annotation.height)
        let inked = before.values.filter { $0 < 200 }.count
        #expect(inked > 500, "the source's free text draws \(inked) dark pixels")
        // (an image at 216 dpi: its glyphs' edges differ from poppler's vector glyphs by a pixel)
        #expect(after.countDifferences(from: before, above: 64) < inked / 4)
        // ...and everywhere else the page is the original's, drawn as vectors as before.
        var outside = 0
        for y in 0..<original.height {
            for x in 0..<original.width where !(annotation.x..<(annotation.x + annotation.width) ~= x && annotation.y..<(annotation.y + annotation.height) ~= y) {
                if abs(original[x, y] - flattened[x, y]) > 64 { outside += 1 }
            }
        }
        #expect(outside == 0, "\(outside) pixels outside the annotation differ")
    }

    /// The guard itself: a file whose cross-reference table points an object past the end of the
    /// file is refused (damaged, or read only with a warning), with the object named; a whole file passes.
    @Test func aCrossReferencePastTheEndIsNotWhole() throws {
        let folder = TestFolder()
        let whole = folder.path("whole.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: whole), pages: [TestPage(width: 200, height: 200, lines: [])])
        try QPDFDocument.checkWhole(path: whole)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole)))
        let text = String(decoding: bytes, as: UTF8.self)
        let table = try #require(text.range(of: "xref\n0 "))
        // The second entry (object 1) moved 90,000 bytes on: past the end.
        let entry = text.distance(from: text.startIndex, to: table.upperBound)
            + text[table.upperBound...].distance(from: text[table.upperBound...].startIndex, to: text[table.upperBound...].firstIndex(of: "\n")!) + 1 + 20
        let past = Array(String(format: "%010d", 90_000).utf8)
        bytes.replaceSubrange(entry..<(entry + 10), with: past)
        let damaged = folder.path("damaged.pdf")
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        #expect {
            try QPDFDocument.checkWhole(path: damaged)
        } throws: { error in
            switch error as? QPDFError {
            case .damaged(let reason), .warned(let reason): reason.contains("object 1")
            default: false
            }
        }
    }
}
