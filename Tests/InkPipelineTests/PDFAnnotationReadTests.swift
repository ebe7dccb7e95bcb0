import Foundation
import InkFixtures
import InkModel
import InkPDFContent
@testable import InkImport
@testable import InkPipeline
import Testing
import LibQPDF

/// A PDF's annotations read as ink: every file of the shared corpus against what
/// PyMuPDF itself reports of the same annotations, flattened once; PDFs annotated
/// by PyMuPDF in the test; inkpdf's own annotations back bit for bit, moved, edited;
/// and hostile annotation dictionaries written by hand.
@Suite struct PDFAnnotationReadTests {
    static let corpusFiles: [String] = {
        let folder = SharedCorpus.path("pdfs-annotated")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".pdf") }.sorted()
    }()

    // MARK: The corpus against PyMuPDF

    @Test(.enabled("needs the shared corpus and PyMuPDF (make deps)") { await AnnotationOracle.isAvailable && SharedCorpus.isAvailable },
          arguments: corpusFiles)
    func everyCorpusFileReadsAtTheAnnotationsOwnGeometry(file: String) async throws {
        let path = SharedCorpus.path("pdfs-annotated/" + file)
        let failures = try await AnnotationOracle.compare(path)
        #expect(failures.isEmpty, "\(file): \(failures.prefix(5))")
    }

    @Test(.enabled(if: SharedCorpus.isAvailable, "needs the shared corpus"))
    func theCorpusNotesSayWhatWasReadAndWhatWasLeft() throws {
        let read = try PDFAnnotationReader.read(pdf: SharedCorpus.path("pdfs-annotated/pdfjs-tracemonkey_with_annotations.pdf"),
                                                password: nil, layersForm: .inkLayers)
        defer { unlink(read.layersPath) }
        #expect(read.notes.first == "page 1: 1 Highlight, 1 Ink → 2 strokes; 1 FreeText, 1 Stamp annotations left as they are (not ink)",
                "\(read.notes)")
        #expect(read.converted[1]?.map(\.subtype).sorted() == ["Highlight", "Ink"])

        let hidden = try PDFAnnotationReader.read(pdf: SharedCorpus.path("pdfs-annotated/pdfjs-annotation_hidden_print.pdf"),
                                                  password: nil, layersForm: .inkLayers)
        defer { unlink(hidden.layersPath) }
        #expect(hidden.notes.count == 2 && hidden.notes.first == "page 1: 1 annotation skipped: hidden or not printed (--annotations screen or all reads them)", "\(hidden.notes)")
        #expect(hidden.notes.last?.hasSuffix("is hidden; skipped, as printing leaves it out (--annotations all reads it)") == true, "says what was skipped and why")
        #expect(try PageOrderedLayers(path: hidden.layersPath).inkedPages.isEmpty)
    }

    // MARK: Flattened once

    /// Every corpus file flattened with itself as its ink looks as poppler draws it with its
    /// annotations: the dark pixels of each overlap.
    @Test(.enabled(if: SharedCorpus.isAvailable && PopplerRaster.hasPdftoppm, "needs the shared corpus and pdftoppm"),
          arguments: ["pdfjs-inks.pdf", "pdfjs-annotation-line.pdf", "pdfjs-annotation-polyline-polygon.pdf",
                      "pdfjs-annotation-square-circle.pdf", "pdfjs-annotation-highlight.pdf", "pdfjs-annotation-underline.pdf",
                      "pdfjs-annotation-ink-without-appearance.pdf", "pdfjs-rotated_ink.pdf", "pdfjs-annotation-caret-ink.pdf"])
    func aCorpusFileFlattensLikeItsAnnotations(file: String) async throws {
        let source = SharedCorpus.path("pdfs-annotated/" + file)
        let folder = TestFolder()
        let output = folder.path("flat.pdf")
        let report = try Flattener.flatten(pdf: nil, ink: source, output: output, options: FlattenOptions(writeSidecar: false))
        // Text markup with its own appearance is drawn as that appearance (`PageAnnotations.markup`), not as ink.
        #expect(report.strokeCount > 0 || ["pdfjs-annotation-highlight.pdf", "pdfjs-annotation-underline.pdf"].contains(file))
        let base = try await PopplerRaster.grey(source, page: 1, folder: folder, name: "base", hidingAnnotations: true)
        let original = try await PopplerRaster.grey(source, page: 1, folder: folder, name: "original")
        let flattened = try await PopplerRaster.grey(output, page: 1, folder: folder, name: "flattened")
        try #require(original.width == flattened.width && original.height == flattened.height && base.width == original.width)
        let annotations = PopplerRaster.marks(original, base: base), ink = PopplerRaster.marks(flattened, base: base)
        #expect(annotations.contains(true) && ink.contains(true))
        let overlap = PopplerRaster.overlap(of: annotations, in: ink, width: base.width, height: base.height, reach: 2)
        #expect(overlap > 0.8, "\(file): \(overlap) of poppler's annotation pixels are covered by the ink")
        let back = PopplerRaster.overlap(of: ink, in: annotations, width: base.width, height: base.height, reach: 2)
        #expect(back > 0.8, "\(file): \(back) of the ink's pixels are where poppler draws the annotations")
    }

    /// A translucent stroke drawn twice (by poppler from the annotation, and as ink) is darker
    /// than the annotation alone: the flattened page must be as light as the original. With
    /// more pages than one opening of poppler's copy draws, the last page is checked too.
    @Test(.enabled("needs PyMuPDF and pdftoppm") { await AnnotationOracle.isAvailable && PopplerRaster.hasPdftoppm },
          arguments: [1, Flattener.annotatedPagesPerOpening + 3])
    func aTranslucentInkAnnotationIsDrawnOnce(pages: Int) async throws {
        let folder = TestFolder()
        let pdf = folder.path("translucent.pdf")
        try await AnnotationOracle.python("""
        import fitz, sys
        d = fitz.open()
        for _ in range(int(sys.argv[2])):
            p = d.new_page(width=300, height=200)
            a = p.add_ink_annot([[(40, 100), (260, 100)]])
            a.set_border(width=20); a.set_colors(stroke=(0, 0, 1)); a.set_opacity(0.5); a.update()
        d.save(sys.argv[1])
        """, arguments: [pdf, String(pages)])
        let output = folder.path("flat.pdf")
        _ = try Flattener.flatten(pdf: pdf, ink: pdf, output: output, options: FlattenOptions(writeSidecar: false))
        let original = try await PopplerRaster.grey(pdf, page: pages, folder: folder, name: "original")
        let flattened = try await PopplerRaster.grey(output, page: pages, folder: folder, name: "flattened")
        let centre = (x: original.width / 2, y: original.height / 2)
        let once = Int(original.value(x: centre.x, y: centre.y)), drawn = Int(flattened.value(x: centre.x, y: centre.y))
        // Half-transparent blue on white is about grey 105 once, about 50 twice.
        #expect(once > 80 && once < 160, "the annotation alone: \(once)")
        #expect(abs(drawn - once) < 25, "flattened \(drawn), the annotation alone \(once): drawn twice is much darker")
    }

    // MARK: PDFs annotated by PyMuPDF

    @Test(.enabled("needs PyMuPDF and pikepdf (make deps)") { await AnnotationOracle.isAvailable })
    func pyMuPDFAnnotationsOnARotatedPageReadWhereTheyLie() async throws {
        let folder = TestFolder()
        let pdf = folder.path("annotated.pdf")
        try await AnnotationOracle.python("""
        import fitz, sys, pikepdf
        d = fitz.open()
        for rotation in (0, 90):
            p = d.new_page(width=400, height=300)
            p.insert_text((50, 80), "Lorem ipsum dolor sit amet", fontsize=14)
            p.set_rotation(rotation)
            p.add_ink_annot([[(50, 150), (120, 170), (200, 150)], [(60, 200), (90, 230)]])
            p.add_highlight_annot(p.search_for("Lorem ipsum")[0])
            p.add_line_annot((50, 250), (350, 260))
            p.add_rect_annot(fitz.Rect(220, 40, 380, 120))
            p.add_polygon_annot([(250, 150), (350, 150), (300, 220)])
            p.add_circle_annot(fitz.Rect(20, 20, 60, 60))
        d.save(sys.argv[1] + ".tmp")
        with pikepdf.open(sys.argv[1] + ".tmp") as q:
            ink = q.pages[0].Annots[0]
            del ink["/AP"]
            q.save(sys.argv[1])
        """, arguments: [pdf])
        let failures = try await AnnotationOracle.compare(pdf)
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        let read = try PDFAnnotationReader.read(pdf: pdf, password: nil, layersForm: .inkLayers)
        defer { unlink(read.layersPath) }
        #expect(read.notes == ["page 1: 1 Circle, 1 Highlight, 1 Ink, 1 Line, 1 Polygon, 1 Square → 7 strokes",
                            "page 2: 1 Circle, 1 Highlight, 1 Ink, 1 Line, 1 Polygon, 1 Square → 7 strokes"], "\(read.notes)")
        #expect(read.converted[2]?.count == 6)
    }

    // MARK: inkpdf's own annotations

    /// How an inkpdf annotation keeps its strokes: the page's packed strokes
    /// (`/InkPDF:Strokes`, what inkpdf writes), or an ink-layers line of its own
    /// (`/InkPDF:Layer`, what exports before it wrote, still read).
    enum StoredForm: CaseIterable { case packed, line }

    /// A page 200 × 300 with one inkpdf annotation whose `/InkList` is `inkList` (what the
    /// writer would write when nil) and which keeps `layer` in `form` (packed: after an
    /// empty layer, so that the annotation's range names layer 2).
    /// `spell` writes each number of the `/InkList`.
    static func ownAnnotationPDF(_ layer: PageLayer, inkList: [[Double]]? = nil, color: String = "0 0 1",
                                 form: StoredForm = .packed, spell: (Double) -> String = { PagePlacement.pdfNumber($0) },
                                 name: String = "inkpdf:id:S1", at path: String) throws {
        let height = 300.0, placement = [1.0, 0, 0, 1, 0, 0]
        let list = inkList ?? layer.strokes.map { InkAnnotationFormat.inkList(of: $0, height: height, placement: placement) }
        let inkText = "[" + list.map { "[" + $0.map(spell).joined(separator: " ") + "]" }.joined(separator: " ") + "]"
        let data: [UInt8], key: String
        switch form {
        case .packed:
            data = try PackedLayers.encode([PageLayer(page: 1, layer: "Empty", strokes: []), layer])
            key = "/InkPDF:Strokes [5 0 R 2 1 \(layer.strokes.count)]"
        case .line:
            data = try layer.encodedLine()
            key = "/InkPDF:Layer 5 0 R"
        }
        let header = try InkLayersHeader(extra: JSONObject([(key: "title", value: .string("Lecture 3"))])).encodedLine()
        let stored = InkContentCompression.deflate(data, level: 6), storedHeader = InkContentCompression.deflate(header, level: 6)
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [4 0 R] >>"),
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /C [\(color)] /BS << /W 2 /S /S >> /InkList \(inkText) /NM (\(name)) \(key) /InkPDF:Header 6 0 R >>"),
            .stream(stored, dictionary: "/Filter /FlateDecode"),
            .stream(storedHeader, dictionary: "/Filter /FlateDecode"),
        ], to: path)
    }

    static let ownLayer = PageLayer(page: 1, layer: "Notes", strokes: [
        Stroke(ink: Ink(type: .fountainPen, colorText: "#1030C0", color: RGBAColor(hex: "#1030C0")!, width: 2.5), created: 1_700_000_000.25,
               id: "S1", points: [StrokePoint(x: 20.125, y: 40.5, t: 0, w: 2, h: 3, opacity: 0.9, force: 0.7, azimuth: 1, altitude: 1.2),
                                  StrokePoint(x: 60, y: 80.25, t: 0.05, w: 2.5, h: 3, opacity: 1, force: 1.2, azimuth: 1, altitude: 1.1),
                                  StrokePoint(x: 110.5, y: 60, t: 0.1, w: 2, h: 3, opacity: 1, force: 0.9, azimuth: 1, altitude: 1.0),
                                  StrokePoint(x: 150, y: 120, t: 0.2, w: 2, h: 3, opacity: 1, force: 0.8, azimuth: 1, altitude: 1.0)],
               extra: JSONObject([(key: "tag", value: .string("kept"))])),
    ], extra: JSONObject([(key: "note", value: .string("layer extra"))]))

    static func readLayers(_ path: String) throws -> (layers: [PageLayer], header: InkLayersHeader, notes: [String]) {
        let read = try PDFAnnotationReader.read(pdf: path, password: nil, layersForm: .inkLayers)
        defer { unlink(read.layersPath) }
        let layers = try PageOrderedLayers(path: read.layersPath)
        return (try layers.layers(forPage: 1), layers.header, read.notes)
    }

    @Test(arguments: StoredForm.allCases)
    func anUntouchedOwnAnnotationGivesItsStrokesBackBitForBit(form: StoredForm) throws {
        let folder = TestFolder()
        let pdf = folder.path("own.pdf")
        try Self.ownAnnotationPDF(Self.ownLayer, form: form, at: pdf)
        let (layers, header, _) = try Self.readLayers(pdf)
        #expect(layers.count == 1)
        #expect(try layers.first?.encodedLine() == Self.ownLayer.encodedLine())
        #expect(header.extra["title"] == .string("Lecture 3"))
    }

    /// The same numbers spelt otherwise (as another writer might save them) are still the
    /// numbers inkpdf wrote: the strokes come back bit for bit, as from the `/InkList` as written.
    @Test(arguments: StoredForm.allCases)
    func anOwnInkListSpeltOtherwiseStillGivesTheStrokesBitForBit(form: StoredForm) throws {
        let folder = TestFolder()
        let pdf = folder.path("respelt.pdf")
        try Self.ownAnnotationPDF(Self.ownLayer, form: form, spell: { String(format: "%.4f", $0) }, at: pdf)
        let (layers, _, notes) = try Self.readLayers(pdf)
        #expect(try layers.map { try $0.encodedLine() } == [Self.ownLayer.encodedLine()], "\(notes)")
    }

    /// One annotation object listed by several pages (against the standard, but met: a stamp
    /// on every page): each page reads it, although the reader lets go of a page's annotations
    /// once it has read them, and the document is opened afresh once for it, not for each page.
    @Test func anAnnotationPagesShareIsReadOnEachWithOneReopening() throws {
        let folder = TestFolder()
        let pdf = folder.path("shared.pdf")
        // Object 3: the shared annotation; 4: page 1's own; pages from object 5 on.
        let pages = 6
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [\((0..<pages).map { "\($0 + 5) 0 R" }.joined(separator: " "))] /Count \(pages) >>"),
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[10 10 50 50]] /NM (shared) >>"),
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[20 20 60 60]] /NM (own) >>"),
        ] + (0..<pages).map { index in
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [\(index == 0 ? "4 0 R 3 0 R" : "3 0 R")] >>")
        }, to: pdf)
        let path = folder.path("shared.ink.jsonl")
        let sink = try InkLayersWriter(path: path, compressionLevel: nil)
        let read = try PDFAnnotationReader.read(pdf: pdf, password: nil, into: sink, sinkPath: path) { stored, _ in stored }
        let layers = try PageOrderedLayers(path: path)
        for page in 1...pages {
            let firstPoints = try layers.layers(forPage: page).flatMap(\.strokes).map { $0.points.first.map { [$0.x, $0.y] } ?? [] }
            #expect(firstPoints == (page == 1 ? [[20, 280], [10, 290]] : [[10, 290]]), "page \(page): \(read.notes)")
        }
        #expect(!read.notes.contains { $0.contains("null") }, "\(read.notes)")
        #expect(read.reopenings == 1)
    }

    @Test(arguments: StoredForm.allCases)
    func anOwnAnnotationMovedWholeGivesTheStoredStrokesMoved(form: StoredForm) throws {
        let folder = TestFolder()
        let pdf = folder.path("moved.pdf")
        let written = Self.ownLayer.strokes.map { InkAnnotationFormat.inkList(of: $0, height: 300, placement: [1, 0, 0, 1, 0, 0]) }
        let moved = written.map { list in list.enumerated().map { $0.offset % 2 == 0 ? $0.element + 10 : $0.element - 5 } }
        try Self.ownAnnotationPDF(Self.ownLayer, inkList: moved, form: form, at: pdf)
        let (layers, _, _) = try Self.readLayers(pdf)
        let stroke = try #require(layers.first?.strokes.first)
        let original = Self.ownLayer.strokes[0]
        #expect(stroke.points.count == original.points.count)
        for (p, q) in zip(stroke.points, original.points) {
            #expect(abs(p.x - (q.x + 10)) < 1e-9 && abs(p.y - (q.y + 5)) < 1e-9, "user space down 5 is the ink frame's +5")
            #expect(p.force == q.force && p.w == q.w && p.altitude == q.altitude, "pressure and tilt kept")
        }
        #expect(stroke.ink == original.ink && stroke.id == "S1" && layers.first?.layer == "Notes")
    }

    @Test(arguments: StoredForm.allCases)
    func anOwnAnnotationRedrawnIsRebuiltKeepingItsIdentity(form: StoredForm) throws {
        let folder = TestFolder()
        let pdf = folder.path("edited.pdf")
        try Self.ownAnnotationPDF(Self.ownLayer, inkList: [[10, 10, 50, 50, 90, 20]], color: "1 0 0", form: form, at: pdf)
        let (layers, _, _) = try Self.readLayers(pdf)
        let stroke = try #require(layers.first?.strokes.first)
        #expect(stroke.id == "S1" && stroke.created == 1_700_000_000.25)
        #expect(stroke.ink.color == RGBAColor(red: 1, green: 0, blue: 0) && stroke.ink.type == .pen)
        #expect(stroke.points.map { [$0.x, $0.y] } == [[10, 290], [50, 250], [90, 280]])
        #expect(stroke.interpolation == .linear && stroke.points.allSatisfy { $0.w == 2 })
    }

    @Test func anOwnAnnotationWhoseStreamCannotBeDecodedIsRebuiltWithAWarning() throws {
        let folder = TestFolder()
        let pdf = folder.path("broken.pdf")
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [4 0 R] >>"),
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[10 10 20 20]] /NM (inkpdf:id:Z9) /InkPDF:Layer 5 0 R >>"),
            .stream(Array("not zlib at all".utf8), dictionary: "/Filter /FlateDecode"),
        ], to: pdf)
        let (layers, _, notes) = try Self.readLayers(pdf)
        #expect(layers.first?.strokes.first?.id == "Z9")
        #expect(notes.contains { $0.contains("page 1, annotation 1 (Ink, /NM 'inkpdf:id:Z9')") && $0.contains("cannot be decoded") }, "\(notes)")
    }

    /// Packed strokes that cannot be used: one warning for a stream its annotations share, a
    /// warning for a range its stream does not hold, a key of the wrong shape; each annotation
    /// rebuilt from its standard keys, keeping its identity.
    @Test func packedStrokesThatCannotBeUsedAreRebuiltWithAWarning() throws {
        let folder = TestFolder()
        let pdf = folder.path("broken-packed.pdf")
        let good = InkContentCompression.deflate(try PackedLayers.encode([Self.ownLayer]), level: 6)
        func ink(_ name: String, _ key: String) -> TestPDF.Object {
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[10 10 20 20]] /NM (inkpdf:id:\(name)) /InkPDF:Strokes \(key) >>")
        }
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [4 0 R 5 0 R 6 0 R 7 0 R 8 0 R] >>"),
            ink("A1", "[9 0 R 1 1 1]"),
            ink("A2", "[9 0 R 1 1 1]"),
            ink("B1", "[10 0 R 1 2 1]"),
            ink("B2", "[10 0 R 3 1 1]"),
            ink("C1", "(not an array)"),
            .stream(Array("InkPDF-packed 1\n\u{7F}{".utf8), dictionary: ""),
            .stream(good, dictionary: "/Filter /FlateDecode"),
        ], to: pdf)
        let (layers, _, notes) = try Self.readLayers(pdf)
        #expect(layers.flatMap(\.strokes).map(\.id) == ["A1", "A2", "B1", "B2", "C1"])
        let damaged = notes.filter { $0.contains("not inkpdf's packed strokes") }
        #expect(damaged.count == 1 && damaged[0].contains("annotation 1 (Ink, /NM 'inkpdf:id:A1')") && damaged[0].contains("object 9"), "\(notes)")
        #expect(notes.contains { $0.contains("annotation 3") && $0.contains("layer 1, strokes 2 to 2") }, "\(notes)")
        #expect(notes.contains { $0.contains("annotation 3") && $0.contains("(and 1 more like it, page 1)") }, "one line for both: \(notes)")
        #expect(notes.contains { $0.contains("annotation 5") && $0.contains("is not [stream layer first count]") }, "\(notes)")
    }

    // MARK: Hostile dictionaries

    @Test func hostileAnnotationsAreBoundedAndNamed() throws {
        let folder = TestFolder()
        let pdf = folder.path("hostile.pdf")
        let huge = "1" + String(repeating: "0", count: 300) + ".5"
        let many = (0..<150_000).map { "\($0 % 200) \($0 % 300)" }.joined(separator: " ")
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [4 0 R 5 0 R 6 0 R 7 0 R 8 0 R 9 0 R 10 0 R 11 0 R 12 0 R 13 0 R] >>"),
            // 4: an odd /InkList entry then an even one, wrong /C and /BS types, a /Popup and /IRT that loop.
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 1 1] /F 4 /InkList [[10 10 20 20 30] [10 10 20 20]] /C (red) /BS 3 /Popup 4 0 R /IRT 4 0 R /NM (odd) >>"),
            // 5: points far off the page and not numbers.
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 1 1] /F 4 /InkList [[10 10 \(huge) 5 /Name 3 40 40]] >>"),
            // 6: every point bad: no stroke, left as it is.
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 1 1] /F 4 /InkList [[\(huge) \(huge)]] >>"),
            // 7: more points than one annotation may give.
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 1 1] /F 4 /InkList [[\(many)]] >>"),
            // 8: /InkList of the wrong type; 9: hidden; 10: no Print flag.
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 1 1] /F 4 /InkList 5 >>"),
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 1 1] /F 6 /InkList [[1 1 2 2]] >>"),
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 1 1] /InkList [[1 1 2 2]] >>"),
            // 11: quad points not in groups of 8, a dash pattern of nonsense; 12: not a dictionary; 13: a stamp.
            .text("<< /Type /Annot /Subtype /Highlight /Rect [0 0 1 1] /F 4 /QuadPoints [10 20 60 20 10 10 60 10 5] /CA 7 >>"),
            .text("[1 2 3]"),
            .text("<< /Type /Annot /Subtype /Stamp /Rect [0 0 1 1] /F 4 >>"),
        ], to: pdf)
        let (layers, _, notes) = try Self.readLayers(pdf)
        let strokes = layers.flatMap(\.strokes)
        // The odd entry lies outside its /Rect: poppler and PDFium leave it out (MuPDF alone draws it); the even one is read.
        #expect(strokes.count == 4, "odd, far, many, highlight: \(strokes.map(\.points.count)) \(notes)")
        #expect(strokes.first?.points.map { [$0.x, $0.y] } == [[10, 290], [20, 280]], "the entry after the odd one")
        #expect(strokes.allSatisfy { $0.points.allSatisfy { InkRange.isCoordinate($0.x) && InkRange.isCoordinate($0.y) } })
        #expect(strokes.map(\.points.count).max() == PDFAnnotationReader.maximumPointsPerAnnotation)
        func says(_ place: String, _ text: String) -> Bool { notes.contains { $0.contains(place) && $0.contains(text) } }
        #expect(says("annotation 1 (Ink, /NM 'odd')", "/InkList entry 1 has an odd count of numbers (5); left out, as poppler and PDFium leave it out"), "\(notes)")
        #expect(says("annotation 1 (Ink, /NM 'odd')", "/C is not an array"))
        #expect(says("annotation 2 (Ink)", "2 points not a number or far off the page"))
        #expect(says("annotation 3 (Ink)", "gives no stroke (1 point not a number or far off the page); left as it is"), "says why")
        #expect(says("annotation 4 (Ink)", "more than 100000 points"))
        #expect(says("annotation 5 (Ink)", "/InkList is not an array"))
        #expect(says("annotation 8 (Highlight)", "not groups of 8"))
        #expect(says("annotation 8 (Highlight)", "/CA is not a number from 0 to 1"))
        #expect(says("annotation 9", "not a dictionary"))
        #expect(says("annotation 6 (Ink)", "is hidden; skipped, as printing leaves it out"))
        #expect(says("annotation 7 (Ink)", "has no Print flag (/F 4); skipped"))
        #expect(notes.count == 14, "one line for each problem, no more: \(notes)")
        #expect(Set(notes).count == notes.count, "no line twice")
        #expect(notes.first == "page 1: 1 Highlight, 3 Ink → 4 strokes; 2 Ink, 1 Stamp annotations left as they are (not ink); 2 annotations skipped: hidden or not printed (--annotations screen or all reads them)",
                "\(notes.first ?? "")")
    }

    /// Issue 42: the reader (InkImport) has its own error; a header the caller could not make
    /// (convert's hash of the PDF) stops the read, and the pipeline tells the caller's own error,
    /// as when the header closure threw it; a missing PDF is still export's "not there".
    @Test func theReadersErrorsAreToldAsExportTellsThem() throws {
        let folder = TestFolder()
        let pdf = folder.path("annotated.pdf")
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [4 0 R] >>"),
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 100 100] /F 4 /InkList [[10 10 50 50]] >>"),
        ], to: pdf)
        let sinkPath = folder.path("out.ink.jsonl")
        let sink = try LayersForm.inkLayers.makeSink(path: sinkPath)
        let own = ExportError.opening(.inputMissing(path: folder.path("gone.pdf")))
        var headerError: ExportError?
        var told: ExportError?
        do throws(AnnotationReadError) {
            _ = try PDFAnnotationReader.read(pdf: pdf, password: nil, into: sink, sinkPath: sinkPath) { _, pageCount in
                #expect(pageCount == 1)
                headerError = own
                return nil
            }
        } catch {
            guard case .headerRefused = error else { Issue.record("\(error)"); return }
            told = ExportError(error, headerError: headerError)
        }
        #expect(told == own)
        let missing = folder.path("missing.pdf")
        #expect(throws: ExportError.opening(.inputMissing(path: missing))) {
            do throws(AnnotationReadError) {
                _ = try PDFAnnotationReader.read(pdf: missing, password: nil, layersForm: .inkLayers)
            } catch {
                throw ExportError(error)
            }
        }
    }

    @Test func aPDFWithoutAnnotationsIsNotInk() throws {
        let folder = TestFolder()
        let pdf = folder.path("plain.pdf")
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [4 0 R] >>"),
            .text("<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /F 4 >>"),
        ], to: pdf)
        #expect(throws: ExportError.reading(.unknownInkFormat(path: pdf, isPDF: true))) {
            _ = try InkSource.open(ink: pdf, pdf: nil, format: nil, page: nil, password: nil, confinement: nil)
        }
    }

    @Test func pdfDatesParseWithTheirZones() {
        #expect(AnnotationStyle.pdfDate("D:20241202090226+01'00'") == 1_733_126_546)
        #expect(AnnotationStyle.pdfDate("D:1970") == 0)
        #expect(AnnotationStyle.pdfDate("D:19700101000000Z") == 0)
        #expect(AnnotationStyle.pdfDate("D:2024139") == nil)
        #expect(AnnotationStyle.pdfDate("garbage") == nil)
        #expect(AnnotationStyle.pdfDate("D:20241302") == nil)
    }
}
