import Foundation
import InkFixtures
import InkModel
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

    /// A one-page PDF whose page dictionary holds `/Rotate` twice (as cairo writes a resource name twice where a page
    /// draws one source twice: pdftocairo -pdf of poppler's blend.pdf), and, with `offsetZero`, an object 4 that its
    /// cross-reference table places at offset 0 (pdf.js's caret-ink.pdf).
    static func writeQuirky(to path: String, duplicatedKey: Bool, offsetZero: Bool) throws {
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]\(duplicatedKey ? " /Rotate 0 /Rotate 0" : "") >>", "(unused)"]
        var bytes = "%PDF-1.7\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(bytes.utf8.count)
            bytes += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        if offsetZero { offsets[3] = 0 }
        let xref = bytes.utf8.count
        bytes += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n" + offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        bytes += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try Data(bytes.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A duplicated dictionary key is no damage (qpdf, poppler, MuPDF and PDFium all take the last occurrence):
    /// cairo writes one for pdfplumber's chelsea_pdta.pdf, poppler's blend.pdf and qpdf's minimal-signed-restricted.pdf,
    /// and flatten refused them (exit 70). Every other warning still is damage, and a check told so sees this one too.
    @Test func aDuplicatedKeyIsNoDamageAndOtherWarningsStillAre() throws {
        let folder = TestFolder()
        let duplicated = folder.path("duplicated.pdf"), offsetZero = folder.path("offset-zero.pdf")
        try Self.writeQuirky(to: duplicated, duplicatedKey: true, offsetZero: false)
        try Self.writeQuirky(to: offsetZero, duplicatedKey: false, offsetZero: true)
        try QPDFDocument.checkWhole(path: duplicated)
        #expect { try QPDFDocument.checkWhole(path: duplicated) { _ in true } } throws: { error in
            if case .warned(let reason) = error as? QPDFError { reason.contains("dictionary has duplicated key /Rotate") } else { false }
        }
        #expect { try QPDFDocument.checkWhole(path: offsetZero) } throws: { error in
            if case .warned(let reason) = error as? QPDFError { reason.contains("object has offset 0") } else { false }
        }
        // What a file says of itself, without its path: what an export appended to it may keep.
        #expect(try QPDFDocument.warnings(path: offsetZero) == ["(object 4 0): object has offset 0"])
        #expect(try QPDFDocument.warnings(path: duplicated).allSatisfy(QPDFDocument.isCairosDuplicatedKey))
    }

    /// An export appends to its source: a warning the source has of itself (an object at offset 0, as pdf.js's
    /// caret-ink.pdf has) comes with it and is no damage of the export's (it was refused, exit 70, "report the input");
    /// the output says nothing the source does not.
    @Test func anExportKeepsItsSourcesOwnWarnings() async throws {
        let folder = TestFolder()
        let source = folder.path("source.pdf"), output = folder.path("out.pdf")
        try Self.writeQuirky(to: source, duplicatedKey: false, offsetZero: true)
        let ink = folder.writeInk("one.ink.jsonl", layers: [PageLayer(page: 1, layer: "Notes", strokes: [redStroke([(10, 10), (60, 60)])])])
        _ = try Exporter.export(pdf: source, ink: ink, output: output, options: ExportOptions(ignoreDocumentMismatch: true, writeSidecar: false))
        #expect(try QPDFDocument.warnings(path: output) == QPDFDocument.warnings(path: source))
        #expect(try PopplerReader(path: output).pageCount == 1)
    }

    /// The corpus files cairo writes a duplicated key for flatten, and say no more than pdftocairo's copy of them does.
    @Test(.enabled(if: SharedCorpus.isAvailable, "\(SharedCorpus.missing)"),
          arguments: ["pdfs/poppler-blend.pdf", "pdfs/pdfplumber-chelsea_pdta.pdf"])
    func corpusFilesCairoWritesADuplicatedKeyForFlatten(file: String) async throws {
        let folder = TestFolder()
        let none = folder.path("none.ink.jsonl")
        try Data("{\"format\":\"inkpdf-layers\",\"version\":1}\n".utf8).write(to: URL(fileURLWithPath: none))
        let output = folder.path("out.pdf")
        _ = try Flattener.flatten(pdf: SharedCorpus.path(file), ink: none, output: output, options: FlattenOptions(writeSidecar: false))
        let warnings = try QPDFDocument.warnings(path: output)
        #expect(!warnings.isEmpty && warnings.allSatisfy(QPDFDocument.isCairosDuplicatedKey), "\(warnings)")
    }
}
