import LibPoppler
import Foundation
@testable import InkPipeline
import InkModel
import InkFixtures
import Testing
import LibQPDF

/// Non-ASCII passwords open a file for flatten (poppler) and export (qpdf)
/// alike, whatever the encryption wants: PDFDocEncoding (Latin-1) bytes for
/// RC4 and AES-128, (NFKC-normalised) UTF-8 for AES-256.
@Suite struct EncryptedPasswordTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The password as qpdf's command line is given it (it transcodes for R2–R4).
        var password: String
        /// The password as the user types it to inkpdf.
        var typed: String
        var encryption: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "RC4 40-bit (R2)", password: "hôtel", typed: "hôtel", encryption: ["40"]),
        Case(name: "RC4 128-bit (R3)", password: "garçon", typed: "garçon", encryption: ["128", "--use-aes=n"]),
        Case(name: "RC4 128-bit (R3), typed decomposed", password: "garçon", typed: "garc\u{327}on",
             encryption: ["128", "--use-aes=n"]),
        Case(name: "AES-128 (R4)", password: "garçon", typed: "garçon", encryption: ["128", "--use-aes=y"]),
        Case(name: "AES-256 (R6)", password: "hôtel", typed: "hôtel", encryption: ["256"]),
        Case(name: "AES-256 (R6), typed decomposed", password: "caf\u{E9}", typed: "cafe\u{301}", encryption: ["256"]),
    ]

    /// Turned pages (the rotations a guess from the displayed size gets wrong
    /// included), each with a black square at displayed (100, 150).
    static let pages: [TestPage] = [
        TestPage(width: 612, height: 792, rotate: 90),
        TestPage(width: 612, height: 792, rotate: 270),
        TestPage(rotate: 180),
        TestPage(),
    ].map { page in
        var page = page
        page.rectangles = [.init(x: 100, y: 150, width: 20, height: 20)]
        return page
    }

    /// A red stroke at displayed y = 300 from x = 100 to 200 on each page.
    static func ink(in folder: TestFolder) -> String {
        folder.writeInk("doc.ink.jsonl", layers: (1...pages.count).map { page in
            PageLayer(page: page, layer: "Notes", strokes: [redStroke([(100, 300), (200, 300)])])
        })
    }

    /// The fixture pages written and encrypted with qpdf's command line.
    static func encryptedPDF(_ testCase: Case, in folder: TestFolder) async throws -> String {
        let plain = folder.path("plain.pdf"), locked = folder.path("locked.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: plain), pages: pages)
        try await runQPDF(["--allow-weak-crypto", "--encrypt", testCase.password, "owner-\(testCase.password)"]
                    + testCase.encryption + ["--", plain, locked], allowingWarnings: false)
        return locked
    }

    @Test(arguments: cases)
    func popplerAndQPDFOpenItAndRotationIsRead(_ testCase: Case) async throws {
        let folder = TestFolder()
        let locked = try await Self.encryptedPDF(testCase, in: folder)
        let document = try PDFDocument.open(path: locked, password: testCase.typed)
        // Read with qpdf, not guessed: a guess from the displayed size takes 270 for 90.
        #expect((1...Self.pages.count).map(document.rotation(ofPage:)) == Self.pages.map(\.rotate))
        let qpdf = try QPDFDocument(path: locked, password: testCase.typed)
        #expect(qpdf.pageCount == Self.pages.count)
        #expect(throws: ExportError.opening(.wrongPassword(path: locked))) { try QPDFDocument(path: locked, password: "hotel") }
        #expect(throws: ExportError.opening(.passwordRequired(path: locked))) { try QPDFDocument(path: locked, password: nil) }
    }

    @Test(arguments: cases)
    func flattenOpensIt(_ testCase: Case) async throws {
        let folder = TestFolder()
        let locked = try await Self.encryptedPDF(testCase, in: folder)
        let output = folder.path("out/flat.pdf")
        let report = try await flattenChecked(pdf: locked, ink: Self.ink(in: folder), output: output,
                                           options: FlattenOptions(password: testCase.typed))
        #expect(report.inkedPageCount == Self.pages.count)
        let reader = try PopplerReader(path: output)
        for (index, page) in Self.pages.enumerated() {
            try expectPage(reader, index + 1, page, testCase)
        }
    }

    @Test(arguments: cases)
    func exportOpensItAndTheCopyKeepsPasswordAndRotation(_ testCase: Case) async throws {
        let folder = TestFolder()
        let locked = try await Self.encryptedPDF(testCase, in: folder)
        let output = folder.path("out/export.pdf")
        let report = try await exportChecked(pdf: locked, ink: Self.ink(in: folder), output: output,
                                         options: ExportOptions(password: testCase.typed))
        #expect(report.inkedPageCount == Self.pages.count)

        // The copy stays encrypted with the same password, and its pages keep their /Rotate.
        #expect(throws: ExportError.opening(.passwordRequired(path: output))) { try QPDFDocument(path: output, password: nil) }
        let copy = try QPDFDocument(path: output, password: testCase.typed)
        #expect((1...copy.pageCount).map { copy.page($0).inherited("/Rotate")?.integer ?? 0 } == Self.pages.map(\.rotate))
        #expect(try PDFDocument.open(path: output, password: testCase.typed).pageCount == Self.pages.count)

        // qpdf's own command line (which transcodes passwords itself) opens it; its decrypted
        // copy shows the ink where the strokes say on every turned page.
        let decrypted = folder.path("decrypted.pdf")
        try await runQPDF(["--password=\(testCase.password)", "--decrypt", output, decrypted], allowingWarnings: false)
        let reader = try PopplerReader(path: decrypted)
        for (index, page) in Self.pages.enumerated() {
            try expectPage(reader, index + 1, page, testCase)
        }
    }

    /// The page shows at its displayed size, its square in place and the red stroke on y = 300.
    private func expectPage(_ reader: PopplerReader, _ number: Int, _ page: TestPage, _ testCase: Case) throws {
        let size = reader.size(ofPage: number)
        #expect(abs(size.width - page.displayedWidth) < 0.01 && abs(size.height - page.displayedHeight) < 0.01,
                "\(testCase.name), page \(number): displayed size")
        let raster = reader.render(page: number, scale: 2)
        let square = raster.pixel(2 * 110, 2 * 160)
        #expect(square.r < 40 && square.g < 40 && square.b < 40, "\(testCase.name), page \(number): square in place")
        for x in stride(from: 110, through: 190, by: 20) {
            #expect(raster.isRed(2 * x, 2 * 300), "\(testCase.name), page \(number): ink at (\(x), 300)")
        }
        #expect(!raster.isRed(2 * 150, 2 * 320), "\(testCase.name), page \(number): nothing below the stroke")
    }

    // MARK: The corpus's files, read in place

    struct CorpusFile: CustomTestStringConvertible, Sendable {
        var name: String
        var password: String
        var path: String { SharedCorpus.path("pdfs/" + name) }
        var testDescription: String { name }
    }

    static let corpus = [
        CorpusFile(name: "poppler-Gday garçon - open.pdf", password: "garçon"),
        CorpusFile(name: "pdfium-encrypted_hello_world_r2.pdf", password: "hôtel"),
    ]

    @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.missing)), arguments: corpus)
    func corpusFileFlattensAndExports(_ file: CorpusFile) async throws {
        try #require(FileManager.default.fileExists(atPath: file.path), "\(file.path) is missing from the corpus")
        let folder = TestFolder()
        let source = try PDFDocument.open(path: file.path, password: file.password)
        let rotations = (1...source.pageCount).map(source.rotation(ofPage:))
        let qpdfSource = try QPDFDocument(path: file.path, password: file.password)
        #expect(rotations == (1...qpdfSource.pageCount).map { PageRotations.normalise(qpdfSource.page($0).inherited("/Rotate")?.integer ?? 0) })
        let ink = folder.writeInk("corpus.ink.jsonl", layers: [PageLayer(page: 1, strokes: [redStroke([(20, 30), (80, 30)])])])

        _ = try await flattenChecked(pdf: file.path, ink: ink, output: folder.path("flat/out.pdf"),
                                  options: FlattenOptions(password: file.password))
        #expect(try PopplerReader(path: folder.path("flat/out.pdf")).pageCount == source.pageCount)

        let exported = folder.path("export/out.pdf")
        _ = try await exportChecked(pdf: file.path, ink: ink, output: exported, options: ExportOptions(password: file.password))
        let copy = try PDFDocument.open(path: exported, password: file.password)
        #expect(copy.pageCount == source.pageCount)
        #expect((1...copy.pageCount).map(copy.rotation(ofPage:)) == rotations)
    }
}
