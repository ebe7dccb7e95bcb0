import Foundation
import InkCLI
import InkFixtures
import InkModel
import InkPipeline
import Testing

/// `inkpdf search`: printed words and handwriting found at their place, the matching rules
/// (case, accents, edit distance by word length, CJK exactly, consecutive words), the output
/// forms, the exit codes, the gate, and a folder of many documents in flat memory.
@Suite struct SearchCommandTests {
    static let pro = DemoLicence.arguments

    static func search(_ arguments: [String], pro: Bool = true) async throws -> Run {
        try await Run.of(["search"] + arguments + (pro ? Self.pro : []))
    }

    /// The hits of a `--json` run.
    static func hits(_ run: Run) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
        return try #require(value as? [[String: Any]], "\(run.output)")
    }

    static func box(_ hit: [String: Any]) -> [Double] { (hit["box"] as? [NSNumber])?.map(\.doubleValue) ?? [] }

    // MARK: Documents the tests write

    /// A layer with one stroke for each word, across the word's box, and a `text` entry naming it
    /// (with the box given, unless `givenBox` is false: then the stroke's drawn bounds are the box).
    static func layer(page: Int, _ words: [(text: String, box: RecognisedText.Box, alternatives: [String])],
                      givenBox: Bool = true) -> PageLayer {
        var strokes: [Stroke] = []
        var entries: [RecognisedText] = []
        for (index, word) in words.enumerated() {
            strokes.append(redStroke([(word.box.x + 3, word.box.y + 3), (word.box.maxX - 3, word.box.maxY - 3)], size: 6))
            entries.append(RecognisedText(text: word.text, strokes: [index], box: givenBox ? word.box : nil, alternatives: word.alternatives))
        }
        var layer = PageLayer(page: page, strokes: strokes)
        layer.setRecognisedText(entries)
        return layer
    }

    static func words(_ texts: [String], y: Double = 100) -> [(text: String, box: RecognisedText.Box, alternatives: [String])] {
        texts.enumerated().map { index, text in (text, RecognisedText.Box(x: 50 + Double(index) * 100, y: y, width: 90, height: 30), []) }
    }

    /// A one-page PDF (400 × 300) written here: printed text in Helvetica and, in render mode 3
    /// (invisible), text in a font named InkPDFHandwriting, as the text layer over ink is written.
    /// `printed` and `handwritten`: (text, x, baseline y in PDF space, size).
    static func writeTextPDF(_ path: String, printed: [(String, Double, Double, Double)],
                             handwritten: [(String, Double, Double, Double)]) throws {
        var content = ""
        for (text, x, y, size) in printed { content += "BT /F1 \(size) Tf 1 0 0 1 \(x) \(y) Tm (\(text)) Tj ET\n" }
        for (text, x, y, size) in handwritten { content += "BT 3 Tr /F2 \(size) Tf 1 0 0 1 \(x) \(y) Tm (\(text)) Tj ET\n" }
        let widths = "[" + Array(repeating: "500", count: 95).joined(separator: " ") + "]"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /InkPDFHandwriting /Encoding /WinAnsiEncoding /FirstChar 32 /LastChar 126 /Widths \(widths) >>",
        ]
        try Self.writePDF(path, objects)
    }

    /// A one-page PDF (400 × 300) whose invisible text is shown in the kind of font the text layer
    /// over ink uses: a Type 0 font named InkPDFHandwriting, Identity-H, a CIDFontType2 without
    /// glyphs, and a ToUnicode map (any script): `text` from (50, 150) in PDF space at 20 pt, 1 em a character.
    static func writeGlyphlessPDF(_ path: String, text: String) throws {
        let characters = Array(text.unicodeScalars)
        var map = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def "
            + "/CMapName /Adobe-Identity-UCS def /CMapType 2 def 1 begincodespacerange <0000> <FFFF> endcodespacerange \(characters.count) beginbfchar\n"
        for (index, scalar) in characters.enumerated() {
            let units = String(scalar).utf16.map { String(format: "%04X", $0) }.joined()
            map += String(format: "<%04X> <", index + 1) + units + ">\n"
        }
        map += "endbfchar endcmap CMapName currentdict /CMap defineresource pop end end"
        let codes = (1...characters.count).map { String(format: "%04X", $0) }.joined()
        let content = "BT 3 Tr /F1 20 Tf 1 0 0 1 50 150 Tm <\(codes)> Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type0 /BaseFont /InkPDFHandwriting /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /InkPDFHandwriting /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
                + "/FontDescriptor 8 0 R /DW 1000 /CIDToGIDMap /Identity >>",
            "<< /Length \(map.utf8.count) >>\nstream\n\(map)\nendstream",
            "<< /Type /FontDescriptor /FontName /InkPDFHandwriting /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 1000 /Descent 0 "
                + "/CapHeight 1000 /StemV 80 >>",
        ]
        try Self.writePDF(path, objects)
    }

    static func writePDF(_ path: String, _ objects: [String]) throws {
        try HandWrittenPDF.write(objects, header: "%PDF-1.7\n", to: path)
    }

    // MARK: Printed text

    /// Word boxes as PyMuPDF reports them, turned into the page as displayed (an independent reader).
    static func oracleWords(_ pdf: String) async throws -> [[Any]] {
        let script = """
        import pymupdf, json, sys
        d = pymupdf.open(sys.argv[1]); out = []
        for p in d:
            for w in p.get_text("words"):
                r = pymupdf.Rect(w[:4]) * p.rotation_matrix
                r.normalize()
                out.append([p.number + 1, w[4], r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0])
        print(json.dumps(out))
        """
        let data = try await ReferenceReaders.python(["-c", script, pdf])
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[Any]])
    }

    @Test(.enabled("\(ReferenceReaders.missing)") { await ReferenceReaders.isAvailable })
    func printedWordsAreFoundWherePyMuPDFSeesThem() async throws {
        let folder = TestFolder()
        let pdf = folder.path("notes.pdf")
        let line = TestPage.TextLine("Notes on the Convolution theorem", x: 60, y: 120, fontSize: 14)
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [
            TestPage(width: 400, height: 300, lines: [line]),
            TestPage(width: 400, height: 300, rotate: 90, lines: [line]),
            TestPage(width: 400, height: 300, cropBox: .init(x: 30, y: 20, width: 330, height: 250), lines: [line]),
            TestPage(width: 400, height: 300, rotate: 270, cropBox: .init(x: 30, y: 20, width: 330, height: 250), lines: [line]),
            TestPage(width: 400, height: 300, lines: [TestPage.TextLine("nothing here", x: 60, y: 120)]),
        ])
        let run = try await Self.search(["convolution", pdf, "--json", "--print-only"], pro: false)
        #expect(run.status == 0, "\(run.errors)")
        let hits = try Self.hits(run)
        #expect(hits.map { $0["page"] as? Int } == [1, 2, 3, 4])
        let oracle = try await Self.oracleWords(pdf).filter { ($0[1] as? String) == "Convolution" }
        for hit in hits {
            #expect(hit["text"] as? String == "Convolution")
            #expect(hit["kind"] as? String == "print")
            let page = try #require(hit["page"] as? Int)
            let expected = try #require(oracle.first { ($0[0] as? Int) == page }).dropFirst(2).compactMap { ($0 as? NSNumber)?.doubleValue }
            let box = Self.box(hit)
            // Along the line the readers agree within a point; across it their glyph heights differ a little.
            let (along, across) = expected[2] > expected[3] ? ((0, 2), (1, 3)) : ((1, 3), (0, 2))
            #expect(abs(box[along.0] - expected[along.0]) <= 1 && abs(box[along.1] - expected[along.1]) <= 1,
                    "page \(page): \(box) vs PyMuPDF \(expected)")
            let centre = box[across.0] + box[across.1] / 2, expectedCentre = expected[across.0] + expected[across.1] / 2
            #expect(abs(centre - expectedCentre) <= 4, "page \(page): \(box) vs PyMuPDF \(expected)")
            // Rounded to 0.1.
            #expect(box.allSatisfy { abs($0 * 10 - ($0 * 10).rounded()) < 1e-9 })
        }
    }

    @Test func aHitLineSaysFilePageKindWordsAndBox() async throws {
        let folder = TestFolder()
        let pdf = folder.path("line.pdf")
        try Self.writeTextPDF(pdf, printed: [("Fourier series", 40, 200, 20)], handwritten: [])
        let run = try await Self.search(["fourier", pdf, "--print-only"], pro: false)
        #expect(run.status == 0, "\(run.errors)")
        let pattern = #"^\#(NSRegularExpression.escapedPattern(for: pdf)):1: print "Fourier" at 40\.0 [0-9]+\.[0-9] [0-9]+\.[0-9] [0-9]+\.[0-9] score 1\.00\n$"#
        #expect(run.output.range(of: pattern, options: .regularExpression) != nil, "\(run.output)")
        #expect(run.errors.isEmpty, "\(run.errors)")
    }

    // MARK: Handwriting

    @Test func theTextLayersFontTellsHandwritingFromPrint() async throws {
        let folder = TestFolder()
        let pdf = folder.path("flat.pdf")
        try Self.writeTextPDF(pdf, printed: [("the convolution theorem", 40, 250, 12)],
                              handwritten: [("convolution", 50, 150, 20), ("Faltung", 200, 100, 20)])
        let run = try await Self.search(["convolution", pdf, "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let hits = try Self.hits(run)
        #expect(hits.map { $0["kind"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == ["handwriting", "print"])
        let handwriting = try #require(hits.first { $0["kind"] as? String == "handwriting" })
        let box = Self.box(handwriting)
        // 11 glyphs of 500/1000 em at 20 pt from x = 50; the baseline at 300 - 150 = 150 from the top.
        #expect(abs(box[0] - 50) <= 0.5 && abs(box[2] - 110) <= 0.5, "\(box)")
        #expect(box[1] < 150 && box[1] + box[3] > 140, "\(box)")

        // Print only: the handwritten word is not looked at.
        let printOnly = try await Self.search(["faltung", pdf, "--print-only"], pro: false)
        #expect(printOnly.status == 1 && printOnly.output.isEmpty, "\(printOnly.output)")
        let handwritten = try await Self.search(["faltung", pdf])
        // 7 glyphs of 10 pt from x = 200.
        let pattern = #"^\#(NSRegularExpression.escapedPattern(for: pdf)):1: handwriting "Faltung" at 200\.0 [0-9.]+ 70\.0 [0-9.]+ score 1\.00\n$"#
        #expect(handwritten.output.range(of: pattern, options: .regularExpression) != nil, "\(handwritten.output)")
    }

    @Test func aGlyphlessType0TextLayerIsHandwritingInAnyScript() async throws {
        let folder = TestFolder()
        let pdf = folder.path("cjk.pdf")
        try Self.writeGlyphlessPDF(pdf, text: "東京大学 Été")
        let policy = folder.write(#"{"handwritingSearch":"free"}"#, to: "policy.json")
        // One em (20 pt) a character from x = 50: 京大 is the 2nd and 3rd.
        let cjk = try await Self.search(["京大", pdf, "--json", "--policy", policy], pro: false)
        let hits = try Self.hits(cjk)
        #expect(hits.count == 1, "\(cjk.output) \(cjk.errors)")
        #expect(hits.first?["kind"] as? String == "handwriting" && hits.first?["text"] as? String == "京大")
        #expect(Self.box(hits.first ?? [:]).prefix(1) == [70] && Self.box(hits.first ?? [:]).dropFirst(2).prefix(1) == [40])
        let latin = try await Self.search(["ETE", pdf, "--policy", policy], pro: false)
        #expect(latin.output.contains(": handwriting \"Été\" at 150.0 "), "\(latin.output)")
        #expect(try await Self.search(["学校", pdf, "--policy", policy], pro: false).status == 1)
    }

    @Test func longWordsAndManyEntriesCostTheirLengthOnly() async throws {
        let folder = TestFolder()
        // A word of 200,000 letters in a PDF; in an ink file, one of 10,000 (the longest an entry may be)
        // among 20,000 entries on one page.
        let long = String(repeating: "convolution", count: 18_182)
        var strokes: [Stroke] = [redStroke([(10, 10), (20, 20)])]
        var entries = [RecognisedText(text: String(long.prefix(RecognisedText.maximumLength)), strokes: [0])]
        for index in 0..<19_999 {
            strokes.append(redStroke([(Double(index % 500), 30), (Double(index % 500) + 1, 31)]))
            entries.append(RecognisedText(text: index == 17_777 ? "convolution" : "word\(index)", strokes: [index + 1]))
        }
        var layer = PageLayer(page: 1, strokes: strokes)
        layer.setRecognisedText(entries)
        let ink = folder.writeInk("many.ink.jsonl", layers: [layer])
        let query = String(repeating: "convolutiom", count: 900)
        let run = try await Self.search(["convolution", ink, "--pages"])
        #expect(run.status == 0 && run.output == "\(ink):1\n", "\(run.errors)")
        let longQuery = try await Self.search([query, ink])
        #expect(longQuery.status == 1, "\(longQuery.errors)")
        let pdf = folder.path("long.pdf")
        try Self.writeTextPDF(pdf, printed: [(String(long.prefix(60_000)), 10, 200, 1), ("convolution", 10, 100, 12)], handwritten: [])
        let printed = try await Self.search(["convolution", pdf, "--print-only", "--pages"], pro: false)
        #expect(printed.output == "\(pdf):1\n", "\(printed.errors)")
    }

    /// Issue 52: 100,000 entries without a box over one stroke of 200,000 points (scripts/hostile_inputs.py).
    /// Each entry lies where its stroke is drawn; measured once an entry, that was 2·10^10 points read
    /// (search 85 s; flatten stopped by its stall watchdog). Measured once a layer, it is the stroke's points.
    @Test func entriesWithoutABoxOverOneLongStrokeMeasureItOnce() async throws {
        let folder = TestFolder()
        let ink = folder.path("long.ink.jsonl.gz")
        _ = try await ReferenceReaders.script("hostile_inputs.py", ["entries-over-long-stroke", ink])
        // The generator's points run over x 20 … 119, y 20 … 219 with a nib of 2: bounds widened by 1.
        let run = try await Self.search(["needle", ink])
        #expect(run.status == 0 && run.output == "\(ink):1: handwriting \"needle\" at 19.0 19.0 101.0 201.0 score 1.00\n", "\(run.output) \(run.errors)")
        // Flattened over a page, the text layer holds the last entry's word over the stroke.
        let page = folder.path("page.pdf"), pdf = folder.path("long.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: page), pages: [TestPage(width: 400, height: 300)])
        let flatten = try await Run.of(["flatten", page, "--ink", ink, "-o", pdf, "--no-sidecar"] + Self.pro)
        #expect(flatten.status == 0, "\(flatten.errors)")
        let found = try await Self.search(["needle", pdf, "--json"])
        let hits = try Self.hits(found)
        #expect(hits.count == 1 && hits.first?["kind"] as? String == "handwriting", "\(found.output) \(found.errors)")
    }

    @Test func theWordsOfInkAnnotationsAreHandwritingWhereTheAnnotationLies() async throws {
        let folder = TestFolder()
        let pdf = folder.path("annotated.pdf")
        // A page turned by 90° and cropped: /Rect [100 200 180 230] lies at u 80 … 160, v 60 … 90 in the
        // unturned crop box (360 × 280), so at x 280 - 90 … 280 - 60, y 80 … 160 as displayed.
        let ink = "<< /Type /Annot /Subtype /Ink /Rect [100 200 180 230] /InkList [[105 205 175 225]] /F 4 /Contents (convolution theorem) >>"
        let note = "<< /Type /Annot /Subtype /Text /Rect [10 10 30 30] /Contents (convolution in a note, not ink) >>"
        try Self.writePDF(pdf, [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /CropBox [20 10 380 290] /Rotate 90 /Annots [4 0 R 5 0 R] >>",
            ink, note,
        ])
        let run = try await Self.search(["convolution", pdf])
        #expect(run.output == "\(pdf):1: handwriting \"convolution\" at 190.0 80.0 30.0 80.0 score 1.00\n", "\(run.output) \(run.errors)")
        #expect(try await Self.search(["convolution", pdf, "--print-only"], pro: false).status == 1)
    }

    @Test func inkFilesTextEntriesAndAlternativesAreFound() async throws {
        let folder = TestFolder()
        let ink = folder.writeInk("notes.ink.jsonl", layers: [
            Self.layer(page: 2, [("convolutoin", RecognisedText.Box(x: 10, y: 20, width: 80, height: 25), []),
                                 ("kernal", RecognisedText.Box(x: 100, y: 20, width: 60, height: 25), ["kernel", "kemel"])]),
            Self.layer(page: 1, Self.words(["nothing", "else"])),
        ])
        let run = try await Self.search(["Convolution", ink])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "\(ink):2: handwriting \"convolutoin\" at 10.0 20.0 80.0 25.0 score 0.91\n")
        // The first reading and the alternative both find "kernel" there: one hit.
        let kernel = try await Self.search(["kernel", ink, "--json"])
        let hits = try Self.hits(kernel)
        #expect(hits.count == 1, "\(kernel.output)")
        #expect(Self.box(hits[0]) == [100, 20, 60, 25])
        // Only an alternative reads "kemel" (one edit from the first reading too, so it is found either way);
        // "kemal" is two edits from "kernal" and one from the alternative "kemel".
        let alternative = try await Self.search(["kemal", ink, "--fuzzy", "1"])
        #expect(alternative.status == 0 && alternative.output.contains("handwriting \"kemel\""), "\(alternative.output)")
    }

    @Test func aTextKeySpelledWithEscapesIsStillRead() async throws {
        let folder = TestFolder()
        let plain = folder.writeInk("plain.ink.jsonl", layers: [Self.layer(page: 1, Self.words(["alpha"]))])
        // Lines without the bytes "text" are passed over unparsed; the same key spelled \u0074ext is the same key.
        let escaped = try String(contentsOfFile: plain, encoding: .utf8).replacingOccurrences(of: #""text":"#, with: #""\u0074ext":"#)
        #expect(!escaped.contains(#""text""#))
        let path = folder.write(escaped, to: "escaped.ink.jsonl")
        let run = try await Self.search(["alpha", path])
        #expect(run.output == "\(path):1: handwriting \"alpha\" at 50.0 100.0 90.0 30.0 score 1.00\n", "\(run.output) \(run.errors)")
    }

    @Test func anEntryWithoutABoxLiesWhereItsStrokesAreDrawn() async throws {
        let folder = TestFolder()
        let words = Self.words(["theorem"], y: 40)
        let ink = folder.writeInk("drawn.ink.jsonl.gz", layers: [Self.layer(page: 1, words, givenBox: false)], gzip: true)
        let run = try await Self.search(["theorem", ink])
        // The stroke runs from (53, 43) to (137, 67) with a nib of 6: bounds widened by 3.
        #expect(run.output == "\(ink):1: handwriting \"theorem\" at 50.0 40.0 90.0 30.0 score 1.00\n", "\(run.output) \(run.errors)")
    }

    @Test func severalWordsAreFoundWhereTheyFollowEachOther() async throws {
        let folder = TestFolder()
        let ink = folder.writeInk("phrase.ink.jsonl", layers: [
            Self.layer(page: 1, Self.words(["the", "convolution", "theorem"])),
            Self.layer(page: 3, [("see the convolution theorem here", RecognisedText.Box(x: 5, y: 5, width: 300, height: 20), [])]),
        ])
        let run = try await Self.search(["Convolution Theorem", ink, "--json"])
        let hits = try Self.hits(run)
        #expect(hits.map { $0["page"] as? Int } == [1, 3])
        #expect(hits.map { $0["text"] as? String } == ["convolution theorem", "convolution theorem"])
        // Across two entries: the union of their boxes.
        #expect(Self.box(hits[0]) == [150, 100, 190, 30])
        #expect(Self.box(hits[1]) == [5, 5, 300, 20])
        let reversed = try await Self.search(["theorem convolution", ink])
        #expect(reversed.status == 1 && reversed.output.isEmpty)
    }

    @Test func aPDFsSidecarAndItsTextLayerGiveOneHitForOneWord() async throws {
        let folder = TestFolder()
        let pdf = folder.path("lecture.pdf")
        // The text layer puts "convolution" at x 50 … 160, baseline 150 from the top; the sidecar says the same.
        try Self.writeTextPDF(pdf, printed: [], handwritten: [("convolution", 50, 150, 20)])
        folder.writeInk("lecture.ink.jsonl.gz", layers: [
            Self.layer(page: 1, [("convolution", RecognisedText.Box(x: 50, y: 130, width: 110, height: 26), []),
                                 ("sampling", RecognisedText.Box(x: 200, y: 130, width: 90, height: 26), [])]),
        ], gzip: true)
        let run = try await Self.search(["convolution", folder.url.path, "--json"])
        let hits = try Self.hits(run)
        #expect(hits.count == 1, "\(run.output)")
        #expect(hits.first?["file"] as? String == folder.url.path + "/lecture.pdf")
        // A word only the sidecar has is the PDF's hit (the sidecar is not searched again on its own).
        let sampling = try await Self.search(["sampling", folder.url.path])
        #expect(sampling.output == "\(folder.url.path)/lecture.pdf:1: handwriting \"sampling\" at 200.0 130.0 90.0 26.0 score 1.00\n",
                "\(sampling.output)")
    }

    /// Issue 52: bidirectional controls in a `text` entry (U+202E … U+202C) have no place in poppler's
    /// layout. Shown in the text layer, they made its boxes one fewer than its characters, every word
    /// of the page lost its place, and the text layer's word no longer met the sidecar's at one place:
    /// one word, several hits. The text layer leaves format characters out; the ink keeps them.
    @Test func formatCharactersInAnEntryKeepThePagesPlaces() async throws {
        let folder = TestFolder()
        let page = folder.path("page.pdf"), pdf = folder.path("out/bidi.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: page), pages: [TestPage(width: 400, height: 300)])
        let ink = folder.writeInk("bidi.ink.jsonl", layers: [Self.layer(page: 1, Self.words(["\u{202E}wavelet\u{202C}", "kernel", "zero\u{200B}width"]))])
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let flatten = try await Run.of(["flatten", page, "--ink", ink, "-o", pdf] + Self.pro)
        #expect(flatten.status == 0, "\(flatten.errors)")
        // The sidecar keeps the entry as written.
        let sidecar = try InkLayersReader(path: folder.path("out/bidi.ink.jsonl.gz"))
        #expect(try sidecar.nextLayer()?.recognisedText.first?.text == "\u{202E}wavelet\u{202C}")
        // poppler's own reading of the text layer: the words without the format characters.
        let text = try await Run.of([pdf, "-"], tool: OutsideTool.pdftotext.url)
        #expect(text.output.split(whereSeparator: \.isWhitespace) == ["wavelet", "kernel", "zerowidth"], "\(text.output.debugDescription)")
        // Each word once, at its entry's place (the text layer's and the sidecar's hits are one).
        for (index, word) in ["wavelet", "kernel"].enumerated() {
            let run = try await Self.search([word, pdf, "--json"])
            let hits = try Self.hits(run)
            #expect(hits.count == 1, "\(word): \(run.output) \(run.errors)")
            let box = Self.box(hits.first ?? [:])
            #expect(box.count == 4 && abs(box[0] - (50 + Double(index) * 100)) <= 1 && abs(box[1] - 100) <= 1, "\(word): \(box)")
        }
        // The PDF alone (no sidecar beside it): its text layer still says where.
        try FileManager.default.removeItem(atPath: folder.path("out/bidi.ink.jsonl.gz"))
        let alone = try Self.hits(try await Self.search(["kernel", pdf, "--json"]))
        #expect(alone.count == 1 && Self.box(alone.first ?? [:]).count == 4, "\(alone)")
    }

    @Test func inkEmbeddedWithExportIsSearched() async throws {
        let folder = TestFolder()
        let pdf = folder.path("blank.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage(width: 400, height: 300)])
        let ink = folder.writeInk("blank.ink.jsonl", layers: [Self.layer(page: 1, Self.words(["wavelet"]))])
        let exported = folder.path("out/shared.pdf")
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let export = try await Run.of(["export", pdf, "--ink", ink, "-o", exported, "--embed-ink", "--no-sidecar"] + Self.pro)
        #expect(export.status == 0, "\(export.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/shared.ink.jsonl.gz")))
        let run = try await Self.search(["wavelets", exported])
        #expect(run.output == "\(exported):1: handwriting \"wavelet\" at 50.0 100.0 90.0 30.0 score 0.88\n", "\(run.output) \(run.errors)")
    }

    // MARK: Matching

    /// Whether `query` finds `text` (one entry's words), with the rules the command uses.
    static func finds(_ query: String, in text: String) throws -> Bool {
        !(try SearchQuery(query)).matches(in: SearchText.tokens(of: text, box: nil)).isEmpty
    }

    @Test(arguments: [
        // Up to 2 letters: exactly.
        ("ab", "ab", true), ("ab", "ac", false), ("ab", "abc", false),
        // 3 and 4 letters: exactly (a near miss of a short word is a false hit in handwriting: "and" for "an").
        ("cat", "cut", false), ("cat", "cup", false), ("cat", "cats", false), ("cat", "at", false), ("cat", "CAT", true), ("kern", "kerm", false),
        // 5 letters: one edit (a substitution, insertion, deletion or a transposition).
        ("house", "horse", true), ("house", "huose", true), ("house", "hoses", false), ("house", "houses", true),
        // 6 letters and more: two edits.
        ("garden", "gordan", true), ("garden", "gorxan", false), ("garden", "grab", false), ("garden", "grade", true), ("garden", "gardens", true),
        ("convolution", "convolutoin", true), ("convolution", "konvolution", true), ("convolution", "revolution", false),
    ])
    func editDistanceFollowsTheWordsLength(query: String, text: String, found: Bool) throws {
        #expect(try Self.finds(query, in: text) == found, "\(query) in \(text)")
    }

    /// The optimal-string-alignment distance over the whole table: the reference the banded one is checked against.
    static func referenceDistance(_ a: [Character], _ b: [Character]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    @Test func theBandedDistanceAgreesWithTheWholeTable() throws {
        var random = SplitMix64(seed: 41)
        let letters: [Character] = ["a", "b", "c"]
        func word(_ range: ClosedRange<Int>) -> [Character] {
            (0..<Int.random(in: range, using: &random)).map { _ in letters[Int(random.next() % 3)] }
        }
        var disagreements: [String] = []
        for _ in 0..<3000 {
            let query = word(1...9), text = word(1...11)
            let allowed = SearchQuery.allowedEdits(letters: query.count)
            let expected = Self.referenceDistance(query, text) <= allowed
            if try Self.finds(String(query), in: String(text)) != expected {
                disagreements.append("\(String(query)) / \(String(text)): \(Self.referenceDistance(query, text)) edits")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test(arguments: [
        ("ete", "Été", true), ("ÉTÉ", "ete", true), ("Strasse", "Straße", true), ("naïve", "NAIVE", true),
        ("σοφια", "ΣΟΦΊΑ", true), ("abc", "ＡＢＣ", true), ("office", "oﬃce", true), ("don't", "DON’T", true),
        ("Müller", "Mueller", true), ("Zürich", "Zurich", true),
    ])
    func caseAccentsAndCompatibilityFormsAreIgnored(query: String, text: String, found: Bool) throws {
        #expect(try Self.finds(query, in: text) == found, "\(query) in \(text)")
    }

    @Test(arguments: [
        ("大学", "東京大学で勉強する", true), ("京大", "東京大学", true), ("大字", "東京大学", false),
        ("かっこう", "がっこう", false), ("がっこう", "かっこうがっこう", true), ("学校", "がっこう", false),
        ("東京 大学", "東京大学", true), ("서울", "서울대학교", true), ("カタカナ", "ｶﾀｶﾅ", true),
    ])
    func cjkCharactersAreFoundExactlyAsSubstrings(query: String, text: String, found: Bool) throws {
        #expect(try Self.finds(query, in: text) == found, "\(query) in \(text)")
    }

    @Test func cjkHandwritingIsFoundInAnInkFile() async throws {
        let folder = TestFolder()
        let ink = folder.writeInk("ja.ink.jsonl", layers: [Self.layer(page: 1, Self.words(["東京", "大学"]))])
        let run = try await Self.search(["京大", ink])
        #expect(run.output == "\(ink):1: handwriting \"京大\" at 50.0 100.0 190.0 30.0 score 1.00\n", "\(run.output)")
    }

    // MARK: Output and exit codes

    @Test func jsonHasTheSixKeysAndPagesListsEachPageOnce() async throws {
        let folder = TestFolder()
        let ink = folder.writeInk("pages.ink.jsonl", layers: [
            Self.layer(page: 4, Self.words(["alpha", "alpha"])), Self.layer(page: 2, Self.words(["alpha"])),
        ])
        let json = try await Self.search(["alpha", ink, "--json"])
        let hits = try Self.hits(json)
        #expect(hits.count == 3)
        for hit in hits {
            #expect(Set(hit.keys) == ["file", "page", "text", "kind", "box", "score"])
            #expect(hit["score"] as? Double == 1)
            #expect(hit["file"] as? String == ink)
            #expect(Self.box(hit).count == 4)
        }
        // In page order.
        #expect(hits.map { $0["page"] as? Int } == [2, 4, 4])
        let pages = try await Self.search(["alpha", ink, "--pages"])
        #expect(pages.output == "\(ink):2\n\(ink):4\n")
        let none = try await Self.search(["omega", ink, "--json"])
        #expect(none.status == 1 && none.output == "[]\n")
    }

    /// Issue 52: 40 pages showing one content stream of 12,500 words "hit", each at its own place
    /// (scripts/hostile_inputs.py). De-duplicated pairwise and all kept to the end, that was 64.5 s and
    /// 276 MB; now each page keeps its first `SearchHits.maximumPerPage`, and the rest are counted.
    @Test func manyHitsAPageAreBoundedAndTheRestCounted() async throws {
        let folder = TestFolder()
        let pdf = folder.path("shared.pdf")
        _ = try await ReferenceReaders.script("hostile_inputs.py", ["shared-hits-pdf", pdf])
        // poppler's own reading: the words of page 1 (all pages show the same stream).
        let words = try await Run.of(["-f", "1", "-l", "1", pdf, "-"], tool: OutsideTool.pdftotext.url)
        let perPage = words.output.split(whereSeparator: \.isWhitespace).filter { $0 == "hit" }.count
        #expect(perPage == 12_500)
        let run = try await Self.search(["hit", pdf, "--json", "--print-only"], pro: false)
        #expect(run.status == 0, "\(run.errors)")
        let hits = try Self.hits(run)
        let bound = SearchHits.maximumPerPage
        #expect(hits.count == 40 * bound)
        var pages: [Int: Set<[Double]>] = [:]
        for hit in hits { pages[hit["page"] as? Int ?? 0, default: []].insert(Self.box(hit)) }
        // Each page's first hits, each at its own place: none was dropped as a repeat.
        #expect(pages.keys.sorted() == Array(1...40) && pages.values.allSatisfy { $0.count == bound })
        // What was left out is counted: on the last hit, and in one warning line naming the file.
        let leftOut = 40 * (perPage - bound)
        #expect(hits.last?["hitsLeftOut"] as? Int == leftOut)
        #expect(hits.dropLast().allSatisfy { $0["hitsLeftOut"] == nil })
        #expect(run.errors == "inkpdf: warning: \(pdf): \(leftOut) more hits were found and not listed (at most \(bound) a page and "
                + "\(SearchHits.maximumPerDocument) a document are); search for more words to narrow it\n", "\(run.errors)")
        let lines = try await Self.search(["hit", pdf, "--print-only", "--pages"], pro: false)
        #expect(lines.output.split(separator: "\n").count == 40 && lines.errors == run.errors)
    }

    /// Issue 52: a 4 KB form-XObject bomb (10^12 words, scripts/hostile_inputs.py) kept poppler on its
    /// one page past 120 s at 1.13 GB, and the files after it were never searched. Each document is
    /// searched in a worker with search's bounds: the bomb costs one warning line, the search goes on.
    @Test func oneDocumentThatNeverEndsCostsAWarningNotTheSearch() async throws {
        let folder = TestFolder()
        let bomb = folder.path("folder/a-bomb.pdf"), after = folder.path("folder/b-after.pdf")
        _ = try await ReferenceReaders.script("hostile_inputs.py", ["xobject-bomb-pdf", bomb])
        _ = try await ReferenceReaders.script("hostile_inputs.py", ["word-pdf", after])
        let started = ContinuousClock.now
        let run = try await Self.search(["needle", folder.path("folder"), "--print-only", "--stall-timeout", "3", "--memory-limit", "1024"], pro: false)
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(run.status == 0 && run.output == "\(after):1: print \"needle\" at 10.0 9.3 3.0 0.9 score 1.00\n", "\(run.output) \(run.errors)")
        #expect(run.errors == "inkpdf: warning: \(bomb): page 1: not searched: stopped after 3 s without progress on this page "
                + "(a damaged PDF can make poppler loop); check the file, or raise --stall-timeout\n", "\(run.errors)")
        // Over its whole time too, and under its memory limit.
        let timed = try await Self.search(["needle", bomb, after, "--print-only", "--timeout", "2"], pro: false)
        #expect(timed.status == 0 && timed.output.hasSuffix("b-after.pdf:1: print \"needle\" at 10.0 9.3 3.0 0.9 score 1.00\n"), "\(timed.errors)")
        #expect(timed.errors.hasPrefix("inkpdf: warning: \(bomb): not searched: stopped after 2 s") && timed.errors.split(separator: "\n").count == 1,
                "\(timed.errors)")
        let limited = try await Self.search(["needle", bomb, after, "--print-only", "--memory-limit", "400"], pro: false)
        #expect(limited.status == 0 && limited.errors.hasPrefix("inkpdf: warning: \(bomb): ") && limited.errors.contains("memory limit")
                && limited.errors.split(separator: "\n").count == 1, "\(limited.errors)")
    }

    /// Issue 52: names that are not UTF-8 (`caf\xe9.pdf`, a folder `r\xe9sum\xe9s/`; scripts/hostile_inputs.py)
    /// were decoded lossily and then not found, and passed over in silence. They are searched, and shown with
    /// their other bytes as `\xHH`. A named pipe given by name is refused in one line instead of blocking.
    @Test func namesThatAreNotUTF8AreSearchedAndAPipeIsRefused() async throws {
        let folder = TestFolder()
        _ = try await ReferenceReaders.script("hostile_inputs.py", ["non-utf8-names", folder.path("names")])
        let names = folder.path("names")
        let run = try await Self.search(["needle", names, "--print-only"], pro: false)
        #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
        #expect(run.output == "\(names)/caf\\xe9.pdf:1: print \"needle\" at 10.0 9.3 3.0 0.9 score 1.00\n"
                + "\(names)/r\\xe9sum\\xe9s/notes.pdf:1: print \"needle\" at 10.0 9.3 3.0 0.9 score 1.00\n", "\(run.output)")
        let json = try Self.hits(try await Self.search(["needle", names, "--print-only", "--json"], pro: false))
        #expect(json.compactMap { $0["file"] as? String } == ["\(names)/caf\\xe9.pdf", "\(names)/r\\xe9sum\\xe9s/notes.pdf"])

        let pipe = folder.path("pipe.pdf")
        #expect(mkfifo(pipe, 0o600) == 0)
        let piped = try await Self.search(["needle", pipe, names, "--print-only", "--pages"], pro: false)
        #expect(piped.status == 0 && piped.output.split(separator: "\n").count == 2, "\(piped.output)")
        #expect(piped.errors == "inkpdf: warning: \(pipe): is not a regular file (a pipe, a device or a socket), so it is not read\n", "\(piped.errors)")
        let alone = try await Self.search(["needle", pipe, "--print-only"], pro: false)
        #expect(alone.status == 2 && alone.output.isEmpty, "\(alone.errors)")
    }

    @Test func exitCodesAreGrepsAndUnreadableFilesAreWarnedAbout() async throws {
        let folder = TestFolder()
        let ink = folder.writeInk("good.ink.jsonl", layers: [Self.layer(page: 1, Self.words(["alpha"]))])
        let broken = folder.write("%PDF-1.4 this is not a PDF at all", to: "broken.pdf")
        let missing = folder.path("missing.pdf")

        #expect(try await Self.search(["alpha", ink]).status == 0)
        #expect(try await Self.search(["beta", ink]).status == 1)
        // No path: the current folder, as grep -r and rg search it, its files named without "./" (issue 53).
        let here = try await OutsideTool.sh.outcome(["-c", "cd \"$0\" && exec \"$@\"", folder.url.path, BuiltExecutable.inkpdf.path,
                                                     "search", "alpha"] + Self.pro)
        #expect(here.status == 0 && String(decoding: here.output, as: UTF8.self).hasPrefix("good.ink.jsonl:1: handwriting \"alpha\""),
                "\(String(decoding: here.output, as: UTF8.self))")
        // Usage: 2, as grep.
        #expect(try await Run.of(["search"]).status == 2)
        #expect(try await Run.of(["search", "alpha", ink, "--json", "--pages"]).status == 2)
        #expect(try await Run.of(["search", "--", "!?", ink]).status == 2)

        // A file that cannot be read: one warning line naming it, and the search goes on.
        let found = try await Self.search(["alpha", broken, missing, ink])
        #expect(found.status == 0, "\(found.errors)")
        #expect(found.output.hasPrefix(ink + ":1: handwriting"))
        let lines = found.errors.split(separator: "\n")
        #expect(lines.count == 2, "\(found.errors)")
        #expect(lines.contains { $0.hasPrefix("inkpdf: warning: \(broken): ") })
        #expect(lines.contains { $0.hasPrefix("inkpdf: warning: \(missing): ") })
        // Nothing found, and not everything could be read: 2.
        let notFound = try await Self.search(["beta", broken, ink])
        #expect(notFound.status == 2 && notFound.output.isEmpty)
        // A damaged ink file: the hits before the damage are kept, the damage is located.
        let damaged = folder.path("damaged.ink.jsonl")
        try (String(contentsOfFile: ink, encoding: .utf8) + #"{"page":2,"strokes":[],"text":[{"text":"alpha","strokes":[5]}]}"# + "\n").write(toFile: damaged, atomically: true, encoding: .utf8)
        let partly = try await Self.search(["alpha", damaged])
        #expect(partly.status == 0 && partly.output.hasPrefix(damaged + ":1: "))
        #expect(partly.errors.hasPrefix("inkpdf: warning: \(damaged):3"), "\(partly.errors)")
    }

    /// Whether `text` holds a control character other than the line ends that end its lines.
    static func holdsControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
    }

    /// Issue 52: a document's text and a folder's names are anyone's; their control characters (an
    /// ESC that starts a terminal sequence, a BEL) are printed as `\xHH`, in hits, names and warnings.
    @Test func controlCharactersOfADocumentAndANameAreEscaped() async throws {
        let folder = TestFolder()
        try FileManager.default.createDirectory(atPath: folder.path("in"), withIntermediateDirectories: true)
        let pdf = folder.path("in/bell\u{07}.pdf")
        // (20 pt a character from x = 50: the page holds 17.)
        try Self.writeGlyphlessPDF(pdf, text: "ab\u{1B}]0;x\u{07}cd\u{9B}ef")
        let broken = folder.write("%PDF-1.4 not a PDF", to: "in/esc\u{1B}[2J.pdf")
        let run = try await Self.search(["ab 0 x cd ef", folder.path("in")])
        #expect(run.status == 0, "\(run.errors)")
        let name = folder.path("in/bell\\x07.pdf")
        #expect(run.output.hasPrefix("\(name):1: handwriting \"ab\\x1b]0;x\\x07cd\\x9bef\""), "\(run.output.debugDescription)")
        #expect(run.errors.hasPrefix("inkpdf: warning: " + folder.path("in/esc\\x1b[2J.pdf") + ": "), "\(run.errors.debugDescription)")
        let pages = try await Self.search(["cd", pdf, broken, "--pages"])
        #expect(pages.output == "\(name):1\n", "\(pages.output.debugDescription)")
        for printed in [run.output, run.errors, pages.output, pages.errors] { #expect(!Self.holdsControls(printed), "\(printed.debugDescription)") }
        // JSON keeps the text as the document has it (escaped as JSON escapes it).
        let json = try Self.hits(try await Self.search(["cd", pdf, "--json"]))
        #expect(json.first?["file"] as? String == pdf)
        // The other commands' lines for people: an error naming the file, as flatten and check print it.
        let ink = folder.write("not ink", to: "in/ink\u{1B}[8m.ink.jsonl")
        let check = try await Run.of(["check", ink])
        let flatten = try await Run.of(["flatten", broken, "--ink", ink, "-o", folder.path("out.pdf")] + Self.pro)
        #expect(check.status != 0 && flatten.status != 0)
        #expect(check.errors.contains("ink\\x1b[8m.ink.jsonl"), "\(check.errors.debugDescription)")
        #expect(flatten.errors.contains("esc\\x1b[2J.pdf") || flatten.errors.contains("ink\\x1b[8m.ink.jsonl"), "\(flatten.errors.debugDescription)")
        for printed in [check.output, check.errors, flatten.output, flatten.errors] { #expect(!Self.holdsControls(printed), "\(printed.debugDescription)") }
    }

    @Test func searchingHandwritingNeedsProUnlessPrintOnly() async throws {
        let folder = TestFolder()
        let pdf = folder.path("gate.pdf")
        try Self.writeTextPDF(pdf, printed: [("gated word", 40, 200, 12)], handwritten: [("gated", 40, 100, 12)])
        let refused = try await Self.search(["gated", pdf], pro: false)
        #expect(refused.status == 85)
        #expect(refused.output.isEmpty)
        #expect(refused.errors.contains("--print-only"), "\(refused.errors)")
        let printOnly = try await Self.search(["gated", pdf, "--print-only"], pro: false)
        #expect(printOnly.status == 0)
        #expect(printOnly.output.split(separator: "\n").count == 1 && printOnly.output.contains(": print \"gated\""))
        let policy = folder.write(#"{"handwritingSearch":"free"}"#, to: "policy.json")
        let free = try await Self.search(["gated", pdf, "--policy", policy], pro: false)
        #expect(free.status == 0 && free.output.split(separator: "\n").count == 2, "\(free.output) \(free.errors)")
    }

    @Test func theCommandLineIsParsedIntoItsArguments() throws {
        let parsed = try Command.parse(["search", "Fourier series", "a.pdf", "notes/", "--pages", "--password", "pw",
                                        "--print-only", "--policy", "p.json", "--", "-odd.pdf"])
        #expect(parsed == .search(SearchArguments(query: "Fourier series", paths: ["a.pdf", "notes/", "-odd.pdf"], format: .pages,
                                                  printOnly: true, password: "pw", gate: GateOptions(policy: "p.json"))))
        #expect(throws: UsageError.self) { try Command.parse(["search", "q", "a.pdf", "--recursive"]) }
        var output = "", errors = ""
        #expect(CommandRunner(environment: [:]).run(["search", "q", "a.pdf", "--jsn"], output: &output, errors: &errors) == 2)
        #expect(errors.hasPrefix("inkpdf: search: unknown option '--jsn'"), "\(errors)")
    }

    // MARK: Folders

    /// Peak resident memory (KB) of `inkpdf ARGUMENTS`, from GNU time.
    static func peakMemory(_ arguments: [String]) async throws -> (run: Run, kilobytes: Int) {
        let run = try await Run.of(["-f", "%M", BuiltExecutable.inkpdf.path] + arguments, tool: OutsideTool.time.url)
        let kilobytes = try #require(run.errors.split(separator: "\n").last.flatMap { Int($0) }, "\(run.errors)")
        return (run, kilobytes)
    }

    @Test   // GNU time: make deps installs it
    func aFolderOfManyDocumentsIsSearchedInFlatMemory() async throws {
        let folder = TestFolder()
        let template = folder.path("template.pdf")
        let lines = (0..<40).map { TestPage.TextLine("line \($0) of the lecture on the convolution theorem", x: 40, y: 60 + Double($0) * 18, fontSize: 10) }
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: template), pages: [TestPage(lines: lines), TestPage(lines: lines)])
        func make(_ count: Int, in name: String) throws -> String {
            let root = folder.path(name)
            for index in 0..<count {
                let sub = root + "/week\(index % 10)"
                try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: template, toPath: sub + "/doc\(index).pdf")
                if index % 2 == 0 {
                    folder.writeInk("\(name)/week\(index % 10)/doc\(index).ink.jsonl", layers: [Self.layer(page: 2, Self.words(["handwritten", "wavelet"]))])
                }
            }
            return root
        }
        let small = try make(20, in: "small"), large = try make(200, in: "large")
        let (smallRun, smallPeak) = try await Self.peakMemory(["search", "wavelet", small, "--pages"] + Self.pro)
        let (largeRun, largePeak) = try await Self.peakMemory(["search", "wavelet", large, "--pages"] + Self.pro)
        #expect(smallRun.status == 0 && largeRun.status == 0, "\(largeRun.errors)")
        #expect(largeRun.output.split(separator: "\n").count == 100)
        #expect(largeRun.output.split(separator: "\n").allSatisfy { $0.hasSuffix(".pdf:2") })
        // Ten times the documents, about the same memory (a document's text is let go before the next).
        #expect(Double(largePeak) <= Double(smallPeak) * 1.25 + 4096, "\(smallPeak) KB for 20 documents, \(largePeak) KB for 200")
        let printed = try await Self.search(["convolution", large, "--pages", "--print-only"], pro: false)
        #expect(printed.output.split(separator: "\n").count == 400)
    }

    @Test func aFolderIsWalkedOnceThroughLinksAndLoopsWithoutHiddenFiles() async throws {
        let folder = TestFolder()
        try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: true)
        folder.writeInk("a.ink.jsonl", layers: [Self.layer(page: 1, Self.words(["alpha"]))])
        folder.writeInk("sub/b.ink.jsonl.gz", layers: [Self.layer(page: 2, Self.words(["alpha"]))], gzip: true)
        folder.writeInk(".hidden.ink.jsonl", layers: [Self.layer(page: 3, Self.words(["alpha"]))])
        folder.writeInk("sub/notes.txt", layers: [Self.layer(page: 4, Self.words(["alpha"]))])
        try FileManager.default.createSymbolicLink(atPath: folder.path("sub/back"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: folder.path("again"), withDestinationPath: "sub")
        let run = try await Self.search(["alpha", folder.url.path, folder.path("a.ink.jsonl"), "--pages"])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        // Each file once, whichever way it was reached; hidden files and other names are passed over.
        #expect(lines.count == 2, "\(run.output)")
        #expect(lines.contains(folder.path("a.ink.jsonl") + ":1"))
        #expect(lines.contains { $0.hasSuffix("b.ink.jsonl.gz:2") })
        // Named on the command line, any name is searched as what it holds.
        let named = try await Self.search(["alpha", folder.path("sub/notes.txt")])
        #expect(named.output.hasPrefix(folder.path("sub/notes.txt") + ":4: handwriting"), "\(named.output) \(named.errors)")
    }

    @Test func aTerminalShowsTheLiveLineAndClearsIt() async throws {
        let folder = TestFolder()
        for index in 0..<3 {
            folder.writeInk("n\(index).ink.jsonl", layers: [Self.layer(page: 1, Self.words(["alpha"]))])
        }
        let command = ([BuiltExecutable.inkpdf.path, "search", "alpha", folder.url.path] + Self.pro).map { "'\($0)'" }.joined(separator: " ")
        let run = try await Run.of(["-qec", command, "/dev/null"], tool: OutsideTool.script.url)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("\r\u{1B}[K[0/3] 0 pages"), "\(run.output.debugDescription)")
        #expect(run.output.contains("\r\u{1B}[K[3/3]"), "\(run.output.debugDescription)")
        #expect(run.output.hasSuffix("\r\u{1B}[K"), "\(run.output.debugDescription)")
        let piped = try await Self.search(["alpha", folder.url.path])
        #expect(!piped.errors.contains("\u{1B}"))
    }
}
