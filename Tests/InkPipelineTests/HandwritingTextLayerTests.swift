import Foundation
import InkFixtures
import InkModel
import InkPipeline
import Testing

/// The words a layer's `text` entries read reach the PDF as an invisible text layer: poppler,
/// MuPDF and PDFium extract them, MuPDF's search finds each at its ink, on plain, rotated and
/// cropped pages, and the page draws exactly as without them.
@Suite(.enabled(Comment(rawValue: ReferenceReaders.missing)) { await ReferenceReaders.isAvailable })
struct HandwritingTextLayerTests {
    /// Words in every script the issue names, each written by one zigzag stroke from (x, y), 80 × 8 pt.
    static let words: [(text: String, x: Double, y: Double)] = [
        ("convolution", 60, 60), ("héllo wörld", 200, 60),
        ("Привет", 60, 120), ("λόγος", 200, 120),
        ("日本語", 60, 180), ("中文字", 200, 180),
        ("שלום", 60, 240), ("مرحبا", 200, 240),
        ("emoji😀", 60, 300), ("Ωmega", 200, 300),
    ]

    static let pages: [TestPage] = [
        TestPage(rotate: 0),
        TestPage(width: 612, height: 792, rotate: 90),
        TestPage(width: 612, height: 792, cropBox: .init(x: 36, y: 72, width: 500, height: 600)),
        TestPage(width: 612, height: 792, rotate: 270, cropBox: .init(x: 20, y: 30, width: 500, height: 560)),
    ]

    static func stroke(x: Double, y: Double) -> Stroke {
        redStroke((0..<17).map { (x + Double($0) * 5, y + ($0 % 2 == 0 ? 0 : 8)) }, size: 1.5)
    }

    /// One layer a page: a stroke a word, and (`withText`) an entry a stroke.
    static func layers(pageCount: Int, withText: Bool) -> [PageLayer] {
        (1...pageCount).map { page in
            var layer = PageLayer(page: page, layer: "Notes", strokes: words.map { stroke(x: $0.x, y: $0.y) })
            if withText {
                layer.setRecognisedText(words.enumerated().map { RecognisedText(text: $1.text, strokes: [$0], lang: nil) })
            }
            return layer
        }
    }

    struct PageText: Decodable {
        var poppler: String
        var mupdf: String
        var pdfium: String
        var hits: [String: [[Double]]]
        var fonts: [String]
        var font_xrefs: [Int]
        var contents: [String]
    }

    static func read(_ pdf: String, page: Int, find: [String], password: String? = nil) async throws -> PageText {
        let data = try await ReferenceReaders.script("text_layer.py", [pdf, "--page", String(page)] + (password.map { ["--password", $0] } ?? [])
                                               + ["--find"] + find)
        return try JSONDecoder().decode(PageText.self, from: data)
    }

    enum Command: String, CaseIterable {
        case flatten, export
        /// Export of an encrypted copy (password `user`): qpdf rewrites it, the ink laid over by qpdf's object API.
        case exportEncrypted
        static let plain: [Command] = [.flatten, .export]
    }

    static func write(_ command: Command, pdf: String, ink: String, output: String, text: Bool = true) async throws -> [String] {
        switch command {
        case .exportEncrypted:
            let encrypted = pdf + ".encrypted.pdf"
            if !FileManager.default.fileExists(atPath: encrypted) { try await runQPDF(["--encrypt", "user", "owner", "256", "--", pdf, encrypted], allowingWarnings: false) }
            var options = ExportOptions(password: "user")
            options.handwritingText = text
            return try await exportChecked(pdf: encrypted, ink: ink, output: output, options: options).warnings
        case .flatten:
            var options = FlattenOptions()
            options.handwritingText = text
            return try await flattenChecked(pdf: pdf, ink: ink, output: output, options: options).warnings
        case .export:
            var options = ExportOptions()
            options.handwritingText = text
            return try await exportChecked(pdf: pdf, ink: ink, output: output, options: options).warnings
        }
    }

    @Test(arguments: Command.allCases)
    func everyReaderFindsTheWordsAtTheirInk(command: Command) async throws {
        let folder = TestFolder()
        let pdf = folder.path("pages.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Self.pages)
        let ink = folder.writeInk("pages.ink.jsonl", layers: Self.layers(pageCount: Self.pages.count, withText: true))
        let output = folder.path("out.pdf")
        let warnings = try await Self.write(command, pdf: pdf, ink: ink, output: output)
        #expect(warnings.isEmpty, "\(warnings)")
        var fontObjects: Set<Int> = []
        for number in 1...Self.pages.count {
            let found = try await Self.read(output, page: number, find: Self.words.map(\.text),
                                      password: command == .exportEncrypted ? "user" : nil)
            for word in Self.words {
                for (reader, text) in [("poppler", found.poppler), ("MuPDF", found.mupdf), ("PDFium", found.pdfium)] {
                    for part in word.text.split(separator: " ") {
                        #expect(text.contains(part), "page \(number): \(reader) does not extract \(part): \(text)")
                    }
                }
                // The ink's box: the stroke's points widened by half the nib.
                let box = (x0: word.x - 0.75, y0: word.y - 0.75, x1: word.x + 80.75, y1: word.y + 8.75)
                let hits = found.hits[word.text] ?? []
                #expect(hits.contains { rect in
                    rect[0] < box.x1 && rect[2] > box.x0 && rect[1] < box.y1 && rect[3] > box.y0
                }, "page \(number): MuPDF's search for \(word.text) does not find it at \(box): \(hits)")
            }
            let handwriting = zip(found.fonts, found.font_xrefs).filter { $0.0.contains("InkPDFHandwriting") }
            #expect(handwriting.count == 1, "page \(number): fonts \(found.fonts)")
            fontObjects.formUnion(handwriting.map(\.1))
        }
        #expect(fontObjects.count == 1, "one font object for every page: \(fontObjects)")
    }

    /// The text draws nothing: every page renders the same, pixel for pixel, as the same ink without it.
    @Test(arguments: Command.plain)
    func pagesDrawAsWithoutTheText(command: Command) async throws {
        let folder = TestFolder()
        let pdf = folder.path("pages.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Self.pages)
        let with = folder.writeInk("with.ink.jsonl", layers: Self.layers(pageCount: Self.pages.count, withText: true))
        let without = folder.writeInk("without.ink.jsonl", layers: Self.layers(pageCount: Self.pages.count, withText: false))
        _ = try await Self.write(command, pdf: pdf, ink: with, output: folder.path("with.pdf"))
        _ = try await Self.write(command, pdf: pdf, ink: without, output: folder.path("without.pdf"))
        for number in 1...Self.pages.count {
            for engine in [ReferenceReaders.Engine.poppler, .mupdf] {
                let a = try await ReferenceReaders.render(pdf: folder.path("with.pdf"), page: number, engine: engine, dpi: 100,
                                                    to: folder.path("with-\(number)-\(engine).png"))
                let b = try await ReferenceReaders.render(pdf: folder.path("without.pdf"), page: number, engine: engine, dpi: 100,
                                                    to: folder.path("without-\(number)-\(engine).png"))
                #expect(fileBytes(a) == fileBytes(b), "page \(number) drawn by \(engine) differs with the text layer")
            }
        }
    }

    /// Left out (the gate's choice), the text changes nothing: the document is byte for byte
    /// the one written from the same ink without `text` entries.
    @Test(arguments: Command.plain)
    func withoutTheTextTheOutputIsUnchanged(command: Command) async throws {
        let folder = TestFolder()
        let pdf = folder.path("pages.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Self.pages)
        let with = folder.writeInk("with.ink.jsonl", layers: Self.layers(pageCount: Self.pages.count, withText: true))
        let without = folder.writeInk("without.ink.jsonl", layers: Self.layers(pageCount: Self.pages.count, withText: false))
        _ = try await Self.write(command, pdf: pdf, ink: with, output: folder.path("left-out.pdf"), text: false)
        _ = try await Self.write(command, pdf: pdf, ink: without, output: folder.path("without.pdf"))
        _ = try await Self.write(command, pdf: pdf, ink: with, output: folder.path("with.pdf"))
        _ = try await Self.write(command, pdf: pdf, ink: with, output: folder.path("again.pdf"))
        #expect(fileBytes(folder.path("left-out.pdf")) == fileBytes(folder.path("without.pdf")))
        // Pages made on several threads, the characters numbered in page order: the same bytes again.
        #expect(fileBytes(folder.path("with.pdf")) == fileBytes(folder.path("again.pdf")))
        #expect(fileBytes(folder.path("with.pdf")) != fileBytes(folder.path("without.pdf")))
        let text = try await Self.read(folder.path("left-out.pdf"), page: 1, find: ["convolution"])
        #expect(text.hits["convolution"]?.isEmpty == true && !text.fonts.contains { $0.contains("InkPDFHandwriting") })
    }

    /// Boxes at the ends of what a number may be, and boxes with no width, neither trap nor
    /// put a number a reader cannot take into the PDF: cut or left out, each with a warning.
    @Test(arguments: Command.plain)
    func extremeBoxesAreCutOrLeftOutWithAWarning(command: Command) async throws {
        let folder = TestFolder()
        let pdf = folder.path("page.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage()])
        var layer = PageLayer(page: 1, strokes: [Self.stroke(x: 60, y: 60), Self.stroke(x: 200, y: 60)])
        layer.setRecognisedText([
            RecognisedText(text: "huge", strokes: [0], box: .init(x: -1e308, y: -1e308, width: 1e308, height: 1e308)),
            RecognisedText(text: "far", strokes: [0], box: .init(x: 1e300, y: 40, width: 1e300, height: 10)),
            RecognisedText(text: "flat", strokes: [1], box: .init(x: 100, y: 100, width: 0, height: 10)),
            RecognisedText(text: "kept", strokes: [1]),
        ])
        let ink = folder.writeInk("page.ink.jsonl", layers: [layer])
        let output = folder.path("out.pdf")
        let warnings = try await Self.write(command, pdf: pdf, ink: ink, output: output)
        #expect(warnings.contains { $0.hasPrefix("page 1, text 1: ") && $0.contains("cut there") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("page 1, text 2: ") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("page 1, text 3: ") && $0.contains("no width") }, "\(warnings)")
        #expect(!warnings.contains { $0.hasPrefix("page 1, text 4: ") }, "\(warnings)")
        let found = try await Self.read(output, page: 1, find: ["kept"])
        #expect(found.poppler.contains("kept") && found.mupdf.contains("kept") && found.pdfium.contains("kept"))
        #expect(!found.mupdf.contains("flat"))
        let uncompressed = folder.path("qdf.pdf")
        try await runQPDF(["--qdf", "--object-streams=disable", output, uncompressed], allowingWarnings: false)
        let text = String(decoding: fileBytes(uncompressed) ?? Data(), as: UTF8.self).lowercased()
        #expect(!text.contains("nan") && !text.contains("inf "), "a non-finite number in the PDF")
    }

    /// `--ink-as annotations`: each annotation's `/Contents` holds the words of the entries that
    /// begin at its strokes (one a stroke), or of its layer (one a layer), in order; an annotation
    /// whose strokes read nothing, or any when the text is left out, has none.
    @Test(arguments: [ExportOptions.AnnotationGrouping.stroke, .layer])
    func annotationsHoldTheWordsOfTheirStrokes(grouping: ExportOptions.AnnotationGrouping) async throws {
        let folder = TestFolder()
        let pdf = folder.path("page.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage(rotate: 90)])
        var layer = PageLayer(page: 1, strokes: (0..<5).map { Self.stroke(x: 60 + 100 * Double($0), y: 60) })
        layer.setRecognisedText([
            RecognisedText(text: "Привет (мир)", strokes: [0]),
            RecognisedText(text: "two strokes", strokes: [2, 1]),
            RecognisedText(text: "日本語", strokes: [4]),
        ])
        let ink = folder.writeInk("page.ink.jsonl", layers: [layer])
        for text in [true, false] {
            var options = ExportOptions()
            options.inkAs = .annotations
            options.annotationGrouping = grouping
            options.handwritingText = text
            let output = folder.path("out-\(text).pdf")
            try await exportChecked(pdf: pdf, ink: ink, output: output, options: options)
            let found = try await Self.read(output, page: 1, find: [])
            let expected = !text ? (grouping == .stroke ? ["", "", "", "", ""] : [""])
                : grouping == .stroke ? ["Привет (мир)", "two strokes", "", "", "日本語"] : ["Привет (мир) two strokes 日本語"]
            #expect(found.contents == expected)
        }
    }

    /// More different characters than one font can number (65,534): the entries whose characters
    /// do not fit are left out, said in one warning; the rest are written.
    @Test func moreCharactersThanAFontHoldsAreLeftOutWithAWarning() async throws {
        let folder = TestFolder()
        let pdf = folder.path("page.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage()])
        let ranges: [ClosedRange<UInt32>] = [0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x3400...0x4DBF, 0x20000...0x2A6DF]
        let scalars = ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init).prefix(80_000)
        var entries: [RecognisedText] = [RecognisedText(text: "first", strokes: [0])]
        var start = scalars.startIndex
        while start < scalars.endIndex {
            let end = min(start + RecognisedText.maximumLength, scalars.endIndex)
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<end])
            entries.append(RecognisedText(text: text, strokes: [0]))
            start = end
        }
        var layer = PageLayer(page: 1, strokes: [Self.stroke(x: 60, y: 60)])
        layer.setRecognisedText(entries)
        let ink = folder.writeInk("page.ink.jsonl", layers: [layer])
        let output = folder.path("out.pdf")
        let warnings = try await Self.write(.flatten, pdf: pdf, ink: ink, output: output)
        #expect(warnings == ["2 text entries left out of the text layer: the document's text uses more than the 65534 different characters one font can hold"],
                "\(warnings)")
        // (The readers are not asked for the page: poppler's layout of 65,534 characters in one
        // box takes minutes. qpdf has checked the file.)
        let uncompressed = folder.path("qdf.pdf")
        try await runQPDF(["--qdf", "--object-streams=disable", output, uncompressed], allowingWarnings: false)
        let text = String(decoding: fileBytes(uncompressed) ?? Data(), as: UTF8.self)
        #expect(text.contains("/BaseFont /InkPDFHandwriting"))
        // "first" and the six entries that fit: 60,005 characters, mapped in blocks of 100.
        #expect(text.components(separatedBy: "beginbfchar").count - 1 == 601)
    }
}

extension HandwritingTextLayerTests {
    /// Entries mixing right-to-left words with numbers and Latin. Not here, because no layout
    /// satisfies every reader (measured with poppler 22.12, PyMuPDF 1.26.5, pypdfium2): a number
    /// between two right-to-left words ("עמוד 12 מתוך 30": poppler "עמוד  12מתוך 30", MuPDF
    /// "30  מתוך12 עמוד", PDFium exact), since poppler and MuPDF give the space before the number
    /// to the number whatever the order or the spacing of the words; Arabic-Indic digits ("سنة ١٤٤٥
    /// هجري": MuPDF reverses them, "٥٤٤١"; poppler glues them to the next word).
    static let mixed = ["שלום 123 abc", "abc שלום 123", "مرحبا 2024", "total 3.5 שקל", "שלום עולם 2024 abc def"]

    /// Each word of an entry mixing directions comes out whole from poppler, MuPDF and PDFium:
    /// no space lost (a number glued to a word), no number reversed. (Laid out in the Unicode
    /// bidirectional algorithm's visual order; a simpler order glued "שלום123" in MuPDF and poppler.)
    @Test(arguments: Command.plain)
    func mixedDirectionWordsComeOutWhole(command: Command) async throws {
        let folder = TestFolder()
        let pdf = folder.path("page.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage()])
        var layer = PageLayer(page: 1, strokes: Self.mixed.indices.map { Self.stroke(x: 60, y: 60 + 60 * Double($0)) })
        layer.setRecognisedText(Self.mixed.enumerated().map { RecognisedText(text: $1, strokes: [$0]) })
        let ink = folder.writeInk("page.ink.jsonl", layers: [layer])
        let output = folder.path("out.pdf")
        _ = try await Self.write(command, pdf: pdf, ink: ink, output: output)
        let found = try await Self.read(output, page: 1, find: [])
        for (reader, text) in [("poppler", found.poppler), ("MuPDF", found.mupdf), ("PDFium", found.pdfium)] {
            let lines = text.split(whereSeparator: \.isNewline).map { Set($0.split(whereSeparator: \.isWhitespace).map(String.init)) }
                .filter { !$0.isEmpty }
            // One line an entry, top to bottom; the words of a line may come in another order.
            #expect(lines.count == Self.mixed.count, "\(reader): \(text)")
            for (entry, line) in zip(Self.mixed, lines) {
                #expect(line == Set(entry.split(separator: " ").map(String.init)),
                        "\(reader) does not extract the words of \(entry) whole: \(text)")
            }
        }
    }
}
