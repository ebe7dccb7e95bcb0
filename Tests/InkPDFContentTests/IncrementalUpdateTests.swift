import LibCairo
import LibQPDF
import Foundation
import InkFixtures
import InkModel
import InkPDFContent
import InkPDFContentTestSupport
import InkRendering
import Testing

/// The appender on cairo-made PDFs (classic cross-reference table) and on
/// qpdf rewrites of them with object streams (cross-reference stream).
@Suite struct IncrementalUpdateTests {
    static let sizes: [(width: Double, height: Double)] = [(300, 200), (200, 300), (300, 200)]

    /// Three pages of different sizes, each with a black square and a line of text (a font resource).
    func writeOriginal(_ path: String) throws {
        try SamplePDFs.cairoPDF(path: path, pages: Self.sizes, background: { context, number in
            context.setSourceRGB(0, 0, 0)
            context.rectangle(10, 10, 30, 30)
            context.fill()
            context.moveTo(10, 80)
            context.setFontSize(14)
            context.showText("page \(number)")
        })
    }

    func ink(onPage number: Int) -> CompressedInkContent {
        let size = Self.sizes[number - 1]
        // A blue pen line, a translucent watercolor and a pencil stroke (ExtGState, pattern) across the page.
        let strokes = [makeStroke(.pen, color: "#1F3A93FF", size: 3, [(60, 120), (160, 140), (250, 120)]),
                       makeStroke(.watercolor, color: "#2E86C1FF", size: 6, [(60, 160), (250, 160)]),
                       makeStroke(.pencil, color: "#333333FF", size: 3, [(60, 180), (180, 185)])]
        return InkContentWriter.content(for: drawings(strokes), width: size.width, height: size.height).compressed()
    }

    /// The original's pixels where no ink is drawn, and ink where it is.
    func expectPage(_ path: String, page: Int, inked: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let raster = try GreyRaster.poppler(path, page: page, scale: 1)
        #expect(raster[25, 25] < 5, "page \(page): the original square is still drawn", sourceLocation: sourceLocation)
        #expect(raster[5, 5] > 250, "page \(page): paper stays white", sourceLocation: sourceLocation)
        let inkPixel = raster[110, 131]
        if inked {
            #expect(inkPixel < 200, "page \(page): the pen line is drawn (\(inkPixel))", sourceLocation: sourceLocation)
        } else {
            #expect(inkPixel > 250, "page \(page): no ink (\(inkPixel))", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [false, true])
    func appendsInkToSomePagesOfAMultiPagePDF(xrefStream: Bool) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cairoPath = directory.appendingPathComponent("cairo.pdf").path
        try writeOriginal(cairoPath)
        var path = cairoPath
        if xrefStream {
            path = directory.appendingPathComponent("xref-stream.pdf").path
            try SamplePDFs.withXRefStream(cairoPath, to: path)
        }
        let original = bytes(path)
        var update = try IncrementalUpdate(appendingTo: path)
        #expect(update.pageCount == 3)
        #expect(update.writesXRefStream == xrefStream)
        try update.addInk(ink(onPage: 1), toPage: 1)
        try update.addInk(ink(onPage: 3), toPage: 3)
        try update.finish()

        let updated = bytes(path)
        #expect(updated.starts(with: original), "the original bytes are kept as they were")
        let appended = String(decoding: updated[original.count...], as: UTF8.self)
        #expect(appended.contains("/Type/XRef") == xrefStream, "the update's cross-reference section is a \(xrefStream ? "stream" : "table")")
        #expect(appended.contains("\nxref\n") == !xrefStream)
        #expect(appended.contains("/Prev "))
        #expect(appended.hasSuffix("%%EOF\n"))
        expectQPDFCheckPasses(path)
        try expectPage(path, page: 1, inked: true)
        try expectPage(path, page: 2, inked: false)
        try expectPage(path, page: 3, inked: true)
    }

    @Test func copiesTheOriginalAndLeavesItUntouched() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("original.pdf").path
        let output = directory.appendingPathComponent("output.pdf").path
        try writeOriginal(source)
        let original = bytes(source)
        var update = try IncrementalUpdate(original: source, output: output)
        try update.addInk(ink(onPage: 2), toPage: 2, matrix: [1, 0, 0, 1, 0, 0])
        try update.finish()
        #expect(bytes(source) == original, "the original is not modified")
        #expect(bytes(output).starts(with: original), "the output begins with the original's bytes")
        expectQPDFCheckPasses(output)
        try expectPage(output, page: 1, inked: false)
        try expectPage(output, page: 2, inked: true)
    }

    @Test func matrixPlacesTheInkOnThePage() throws {
        // The ink page moved 100 pt right: the pen line lands 100 pt further right.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("moved.pdf").path
        try SamplePDFs.cairoPDF(path: path, pages: [(400, 200)])
        var update = try IncrementalUpdate(appendingTo: path)
        let line = makeStroke(.pen, color: "#000000FF", size: 4, [(20, 100), (80, 100)])
        try update.addInk(InkContentWriter.content(for: drawings([line]), width: 100, height: 200).compressed(), toPage: 1,
                          matrix: [1, 0, 0, 1, 100, 0])
        try update.finish()
        expectQPDFCheckPasses(path)
        let raster = try GreyRaster.poppler(path, page: 1, scale: 1)
        #expect(raster[50, 100] > 250, "nothing where the unmoved ink would be")
        #expect(raster[150, 100] < 10, "the line where the matrix puts it")
    }

    /// A stream rewritten from a file larger than the appender's buffer: every byte in
    /// order under the `/Length` given, and a file of another length refused.
    @Test func replacesAStreamWithTheBytesOfAFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("replaced.pdf").path
        try writeOriginal(path)
        let contents: Int32 = try {
            let document = try QPDFDocument(path: path)
            return withExtendedLifetime(document) { document.page(2).entryAsWritten("/Contents")?.objectID ?? 0 }
        }()
        #expect(contents > 0, "page 2's content is an indirect stream")
        // About 1.4 MB of comments, then a square at (100, 100): six of the appender's pieces.
        let data = Array((String(repeating: "% a line of padding, past the copy's pieces\n", count: 32_000)
                          + "0 g 100 100 50 50 re f\n").utf8)
        let file = directory.appendingPathComponent("content.bin").path
        try Data(data).write(to: URL(fileURLWithPath: file))

        var refused = try IncrementalUpdate(appendingTo: path)
        #expect(throws: IncrementalUpdateError.changedWhileCopied(path: file, expected: data.count + 1, copied: data.count)) {
            try refused.replaceStream(Int(contents), dictionary: "<<>>", contentsOf: file, length: data.count + 1)
        }
        _ = consume refused

        var update = try IncrementalUpdate(appendingTo: path)
        try update.replaceStream(Int(contents), dictionary: "<<>>", contentsOf: file, length: data.count)
        try update.finish()
        expectQPDFCheckPasses(path)
        let reread = try QPDFDocument(path: path)
        let stored = withExtendedLifetime(reread) { reread.object(id: contents, generation: 0).rawStreamData() ?? [] }
        #expect(stored == data, "the stream holds the file's bytes")
        let raster = try GreyRaster.poppler(path, page: 2, scale: 1)
        #expect(raster[125, 300 - 125] < 10, "page 2 draws the new content")
        #expect(raster[25, 25] > 250, "and not the old")
        try expectPage(path, page: 1, inked: false)
    }

    @Test func twoUpdatesChainByPrev() throws {
        // An updated file can be updated again: the second update's /Prev is the first's section.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("twice.pdf").path
        try writeOriginal(path)
        var first = try IncrementalUpdate(appendingTo: path)
        try first.addInk(ink(onPage: 1), toPage: 1)
        try first.finish()
        var second = try IncrementalUpdate(appendingTo: path)
        try second.addInk(ink(onPage: 2), toPage: 2)
        try second.finish()
        expectQPDFCheckPasses(path)
        try expectPage(path, page: 1, inked: true)
        try expectPage(path, page: 2, inked: true)
        try expectPage(path, page: 3, inked: false)
    }

    @Test func refusesEncryptedFilesAndBadPages() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("plain.pdf").path
        let encrypted = directory.appendingPathComponent("encrypted.pdf").path
        try writeOriginal(plain)
        let qpdf = try await OutsideTool.qpdf.outcome(["--encrypt", "", "owner", "256", "--", plain, encrypted])
        try #require(qpdf.status == 0, "qpdf made the encrypted sample")
        #expect(throws: IncrementalUpdateError.encrypted(path: encrypted)) { _ = try IncrementalUpdate(appendingTo: encrypted) }

        var update = try IncrementalUpdate(appendingTo: plain)
        #expect(throws: IncrementalUpdateError.pageOutOfRange(path: plain, page: 4, pageCount: 3)) {
            try update.addInk(ink(onPage: 1), toPage: 4)
        }
        try update.addInk(ink(onPage: 1), toPage: 1)
        #expect(throws: IncrementalUpdateError.pageAlreadyUpdated(path: plain, page: 1)) {
            try update.addInk(ink(onPage: 1), toPage: 1)
        }
        try update.finish()
        expectQPDFCheckPasses(plain)
    }

    /// A qpdf rewrite has an `/ID` and a cross-reference stream: the update keeps the
    /// first element, makes a new second one, and the same ink gives the same file.
    @Test func theUpdatesIDKeepsItsFirstElementInAStreamSection() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cairoPath = directory.appendingPathComponent("cairo.pdf").path
        let path = directory.appendingPathComponent("xref-stream.pdf").path
        try writeOriginal(cairoPath)
        try SamplePDFs.withXRefStream(cairoPath, to: path)
        let original = try #require(trailerID(path))
        var outputs: [[UInt8]] = []
        for name in ["a.pdf", "b.pdf"] {
            let output = directory.appendingPathComponent(name).path
            var update = try IncrementalUpdate(original: path, output: output)
            let writesStream = update.writesXRefStream
            #expect(writesStream)
            try update.addInk(ink(onPage: 2), toPage: 2)
            try update.finish()
            expectQPDFCheckPasses(output)
            let id = try #require(trailerID(output))
            #expect(id.first == original.first, "the permanent identifier stays")
            #expect(id.last != original.last && id.last?.count == 16, "a new 16-byte changing identifier")
            outputs.append(bytes(output))
        }
        #expect(outputs[0] == outputs[1], "deterministic")
    }

    /// The trailer's `/ID` strings, read back by qpdf.
    func trailerID(_ path: String) -> [[UInt8]]? {
        guard let document = try? QPDFDocument(path: path) else { return nil }
        return withExtendedLifetime(document) {
            guard let id = document.trailer["/ID"], id.isArray else { return nil }
            return id.items.map { $0.bytes ?? [] }
        }
    }
}
