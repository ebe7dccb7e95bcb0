import Foundation
import InkFixtures
import Testing

/// inkpdf's searchable handwriting against OCRmyPDF (`ocrmypdf --force-ocr -l eng+jpn`, Debian), the
/// peer that makes any PDF searchable: on the same flattened pages (the project's handwriting samples
/// over a page with one printed line), `flatten --recognize` finds at least the handwritten words
/// OCRmyPDF finds, and keeps the page as it was — its printed line still text, no picture of the page.
/// (Their times are compared in `make bench`, scripts/bench-recognize.sh.)
@Suite struct OCRmyPDFPeerTests {
    static let printed = "Printed under the handwriting"

    /// One A4 page with one printed line near its foot (Helvetica), as the samples' ink expects.
    static func page(_ folder: TestFolder) throws -> String {
        let content = "BT /F1 11 Tf 56 40 Td (\(printed)) Tj ET"
        let path = folder.path("page.pdf")
        try HandWrittenPDF.write([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ], to: path)
        return path
    }

    /// How many of the sample's words the text of `pdf` holds (scripts/recognition_score.py --text).
    static func wordsFound(in pdf: String, truth: String) async throws -> Int {
        let input = (pdf as NSString).deletingPathExtension + ".txt"
        try Data(try await OutsideTool.text(of: pdf, ["-enc", "UTF-8"]).utf8).write(to: URL(fileURLWithPath: input))
        let score = try await OutsideTool.python3.run([SharedCorpus.repository.appendingPathComponent("scripts/recognition_score.py").path,
                                                       "--text", input, truth])
        return Int(String(decoding: score, as: UTF8.self).prefix { $0 != "/" }) ?? -1
    }

    /// Whether `pdf`'s first page draws an image (PyMuPDF's list of the page's images).
    static func drawsAnImage(_ pdf: String) async throws -> Bool {
        let count = try await OutsideTool.python3.run(["-c", "import fitz, sys; print(len(fitz.open(sys.argv[1])[0].get_images()))", pdf])
        return String(decoding: count, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) != "0"
    }

    @Test(arguments: [("print", "en"), ("cursive", "en"), ("japanese", "ja")])
    func inkpdfFindsAtLeastTheWordsOCRmyPDFFinds(style: String, lang: String) async throws {
        let folder = TestFolder()
        _ = try await RecognizeFlattenTests.samples(folder)
        let ink = folder.path("samples/\(style).ink.jsonl"), truth = folder.path("samples/\(style).truth.json")
        let page = try Self.page(folder)
        let policy = folder.write(#"{"handwritingSearch":"free","exportAnnotated":"free"}"#, to: "policy.json")
        let environment = RecognizeExecutableTests.environment([:])
        // The flattened page OCRmyPDF reads, and inkpdf's own searchable one.
        let plain = try await Run.of(["flatten", page, "--ink", ink, "-o", folder.path("plain.pdf"), "--ignore-mismatch", "--no-sidecar",
                                "--policy", policy], environment: environment)
        #expect(plain.status == 0, "\(plain.errors)")
        let ours = try await Run.of(["flatten", page, "--ink", ink, "-o", folder.path("ours.pdf"), "--ignore-mismatch", "--no-sidecar",
                               "--recognize", "--lang", lang, "--policy", policy], environment: environment)
        #expect(ours.status == 0, "\(ours.errors)")
        try await OutsideTool.ocrmypdf.run(["--force-ocr", "-q", "-l", "eng+jpn", folder.path("plain.pdf"), folder.path("theirs.pdf")])

        let found = try await Self.wordsFound(in: folder.path("ours.pdf"), truth: truth)
        let peerFound = try await Self.wordsFound(in: folder.path("theirs.pdf"), truth: truth)
        #expect(found >= peerFound, "\(style): inkpdf found \(found) words, OCRmyPDF \(peerFound)")
        #expect(found > 0)
        // The page stays what it was: its printed line is text, and no image of the page is drawn
        // (OCRmyPDF's --force-ocr draws the page as a picture under its text).
        #expect(try await OutsideTool.text(of: folder.path("ours.pdf")).contains(Self.printed))
        #expect(try await Self.drawsAnImage(folder.path("ours.pdf")) == false)
        #expect(try await Self.drawsAnImage(folder.path("theirs.pdf")))
    }
}
