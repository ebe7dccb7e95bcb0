import Foundation
import InkFixtures
import InkModel
import InkPipeline
import Testing

/// A page whose ink cairo draws (an imported Xournal++ page with a text box over its strokes)
/// gets its invisible text layer as every other page does: the words recognised from its ink are
/// where the same ink's words are on the page without the text box, and the page draws exactly
/// as without them. Through every writer that lets cairo draw such ink: flatten on paper (no PDF)
/// and over a PDF, export (qpdf's rewrite), `--ink-only`, and export of an encrypted PDF.
@Suite(.enabled(Comment(rawValue: ReferenceReaders.missing)) { await ReferenceReaders.isAvailable })
struct TextUnderDecorationsTests {
    enum Route: String, CaseIterable {
        case flattenPaper, flattenPDF, export, exportInkOnly, exportEncrypted
    }

    /// The project's print samples (scripts/handwriting_samples.py): page 1's strokes and the words they write.
    static func samples(_ folder: TestFolder) async throws -> (strokes: [Stroke], words: [String]) {
        _ = try await ReferenceReaders.python([SharedCorpus.repository.appendingPathComponent("scripts/handwriting_samples.py").path,
                                         folder.path("samples")], name: "handwriting_samples.py")
        let reader = try InkLayersReader(path: folder.path("samples/print.ink.jsonl"))
        var strokes: [Stroke] = []
        while let layer = try reader.nextLayer() { if layer.page == 1 { strokes += layer.strokes } }
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("samples/print.truth.json"))))
        let words = (truth as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        return (strokes, words)
    }

    /// A one-page Xournal++ document of `strokes`, on paper or over page 1 of `pdf`, with
    /// (`textBox`) a text box over the first line of writing.
    static func xournal(_ strokes: [Stroke], pdf: String?, textBox: Bool, in folder: TestFolder, name: String) -> String {
        let background = pdf.map { "<background type=\"pdf\" domain=\"absolute\" filename=\"\($0)\" pageno=\"1\"/>" }
            ?? "<background type=\"solid\" color=\"#ffffffff\" style=\"plain\"/>"
        let box = textBox ? "<text font=\"Sans\" size=\"14\" x=\"120\" y=\"72\" color=\"#3333ccff\">Boxed print</text>\n" : ""
        let xml = XournalWriter.header(title: "text under decorations")
            + "<page width=\"595\" height=\"842\">\n\(background)\n<layer>\n"
            + strokes.map(XournalWriter.element).joined() + box + "</layer>\n</page>\n</xournal>\n"
        return folder.write(xml, to: name)
    }

    static func write(_ route: Route, xopp: String, output: String, recognize: Bool) async throws {
        let languages = recognize ? "en" : nil
        switch route {
        case .flattenPaper, .flattenPDF:
            var options = FlattenOptions()
            options.recognitionLanguages = languages
            try await flattenChecked(pdf: nil, ink: xopp, output: output, options: options)
        case .export, .exportInkOnly, .exportEncrypted:
            var options = ExportOptions(password: route == .exportEncrypted ? "user" : nil, inkOnly: route == .exportInkOnly)
            options.recognitionLanguages = languages
            try await exportChecked(pdf: nil, ink: xopp, output: output, options: options)
        }
    }

    @Test(arguments: Route.allCases)
    func theWordsAreAtTheirInkAndDrawNothing(route: Route) async throws {
        let folder = TestFolder()
        let (strokes, words) = try await Self.samples(folder)
        var pdf: String?
        if route != .flattenPaper {
            let plain = folder.path("page.pdf")
            try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: plain), pages: [TestPage(width: 595, height: 842, lines: [
                .init("A printed line under the handwriting.", x: 72, y: 760, fontSize: 12),
            ])])
            pdf = plain
            if route == .exportEncrypted {
                pdf = folder.path("encrypted.pdf")
                try await runQPDF(["--encrypt", "user", "owner", "256", "--", plain, pdf!])
            }
        }
        let boxed = Self.xournal(strokes, pdf: pdf, textBox: true, in: folder, name: "boxed.xopp")
        let open = Self.xournal(strokes, pdf: pdf, textBox: false, in: folder, name: "open.xopp")
        try await Self.write(route, xopp: boxed, output: folder.path("boxed.pdf"), recognize: true)
        try await Self.write(route, xopp: open, output: folder.path("open.pdf"), recognize: true)
        try await Self.write(route, xopp: boxed, output: folder.path("boxed-without.pdf"), recognize: false)
        let password = route == .exportEncrypted ? "user" : nil

        // The page without the text box has its ink written as content, with its words (the
        // route that was always there): the page with the box must show the same words at the same places.
        let expected = try await HandwritingTextLayerTests.read(folder.path("open.pdf"), page: 1, find: words, password: password)
        let found = try await HandwritingTextLayerTests.read(folder.path("boxed.pdf"), page: 1, find: words, password: password)
        let recognised = words.filter { !(expected.hits[$0] ?? []).isEmpty }
        #expect(recognised.contains("convolution") && recognised.count >= words.count / 2,
                "recognition found only \(recognised) of \(words)")
        for word in recognised {
            #expect(found.hits[word] == expected.hits[word], "\(word): MuPDF finds it at \(found.hits[word] ?? []), not at its ink \(expected.hits[word] ?? [])")
            for (reader, text, reference) in [("poppler", found.poppler, expected.poppler), ("MuPDF", found.mupdf, expected.mupdf),
                                              ("PDFium", found.pdfium, expected.pdfium)] where reference.contains(word) {
                #expect(text.contains(word), "\(reader) does not extract \(word): \(text)")
            }
        }
        #expect(found.fonts.filter { $0.contains("InkPDFHandwriting") }.count == 1, "fonts \(found.fonts)")
        #expect(found.mupdf.contains("Boxed print"), "the text box is gone: \(found.mupdf)")

        // The text draws nothing: the page renders as the same document written without it.
        let decrypted = { (path: String) async throws -> String in
            guard password != nil else { return path }
            let plain = path + ".plain.pdf"
            try await runQPDF(["--password=user", "--decrypt", path, plain])
            return plain
        }
        for engine in [ReferenceReaders.Engine.poppler, .mupdf] {
            let a = try await ReferenceReaders.render(pdf: decrypted(folder.path("boxed.pdf")), engine: engine, dpi: 100,
                                                to: folder.path("with-\(engine).png"))
            let b = try await ReferenceReaders.render(pdf: decrypted(folder.path("boxed-without.pdf")), engine: engine, dpi: 100,
                                                to: folder.path("without-\(engine).png"))
            #expect(fileBytes(a) == fileBytes(b), "the page drawn by \(engine) differs with the text layer")
        }
    }
}
