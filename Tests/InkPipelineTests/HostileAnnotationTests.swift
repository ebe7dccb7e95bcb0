import LibPoppler
import Foundation
import InkFixtures
import InkModel
import InkPDFContent
@testable import InkImport
@testable import InkPipeline
import Testing
import LibQPDF

/// Annotations written to hurt (issue 40): numbers at the edge of what a double holds, names
/// that smuggle a time no date can carry, stored strokes shared to multiply work, floods of
/// warnings, page trees with holes. Each file is written by the test.
@Suite struct HostileAnnotationTests {
    /// A one-page PDF (200 × 300) whose page lists `annotations` (objects 4, 5, …), then `extra` objects.
    static func pdf(_ annotations: [String], extra: [TestPDF.Object] = [], at path: String) throws {
        let references = (0..<annotations.count).map { "\($0 + 4) 0 R" }.joined(separator: " ")
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [\(references)] >>"),
        ] + annotations.map { .text($0) } + extra, to: path)
    }

    /// Squiggly `/QuadPoints` at ±1.7e308 (a file `qpdf --check` passes): an edge of infinite
    /// length made `Int(...)` trap. The quad is left out with a warning; a sane one beside it is read.
    @Test func quadPointsAtTheEdgeOfADoubleAreLeftOutNotTrapped() throws {
        let folder = TestFolder()
        let path = folder.path("squiggly.pdf")
        // PDF numbers have no exponent: 1.7e308 written out, as qpdf writes it.
        let big = "17" + String(repeating: "0", count: 307) + ".0", huge = "1" + String(repeating: "0", count: 300) + ".0"
        try Self.pdf([
            "<< /Type /Annot /Subtype /Squiggly /Rect [0 0 200 300] /F 4 /QuadPoints [-\(big) 20 \(big) 20 -\(big) 10 \(big) 10 10 40 60 40 10 30 60 30] >>",
            "<< /Type /Annot /Subtype /Underline /Rect [0 0 200 300] /F 4 /QuadPoints [\(huge) 20 -\(huge) 20 \(huge) 10 -\(huge) 10] >>",
            "<< /Type /Annot /Subtype /Square /Rect [-\(big) 0 \(big) 10] /F 4 >>",
            "<< /Type /Annot /Subtype /PolyLine /Rect [0 0 200 300] /F 4 /Vertices [10 10 \(big) \(big) 50 50] /BS << /S /D /D [2] >> >>",
        ], at: path)
        let (layers, _, notes) = try PDFAnnotationReadTests.readLayers(path)
        let strokes = layers.flatMap(\.strokes)
        #expect(notes.first?.hasPrefix("page 1: 1 PolyLine, 1 Squiggly → ") == true, "the sane quad and the polyline's sane points: \(notes)")
        #expect(!strokes.isEmpty)
        #expect(strokes.allSatisfy { $0.points.allSatisfy { InkRange.isCoordinate($0.x) && InkRange.isCoordinate($0.y) } })
        #expect(notes.contains { $0.contains("annotation 1 (Squiggly)") && $0.contains("1 /QuadPoints quadrilateral is not numbers or far off the page") },
                "\(notes)")
        // The underline whose only quad is out of range is kept from poppler's drawing too
        // (flatten: poppler drew a squiggle 3.4e308 long for 60 s and 1.3 GB).
        let read = try PDFAnnotationReader.read(pdf: path, password: nil, layersForm: .inkLayers)
        defer { unlink(read.layersPath) }
        #expect(read.converted[1]?.contains(ConvertedAnnotation(subtype: "Underline", ordinal: 0, name: nil)) == true, "\(read.converted)")
    }

    /// `inkpdf:created:1e300` in `/NM` of an annotation rebuilt from its standard keys was kept as
    /// the strokes' time, which `inkpdf check` and `flatten` then refuse: it is ignored, with a warning.
    @Test func aCreationTimeInTheNameOutsideInkRangeIsIgnored() throws {
        let folder = TestFolder()
        let path = folder.path("created.pdf")
        // Two /InkList entries against one stored stroke: rebuilt, the identity from /NM.
        try PDFAnnotationReadTests.ownAnnotationPDF(PDFAnnotationReadTests.ownLayer, inkList: [[10, 10, 50, 50], [60, 60, 90, 20]],
                                                    form: .packed, name: "inkpdf:created:1e300", at: path)
        let (layers, _, notes) = try PDFAnnotationReadTests.readLayers(path)
        let strokes = layers.flatMap(\.strokes)
        #expect(strokes.count == 2, "\(notes)")
        #expect(strokes.allSatisfy { InkRange.isTime($0.created) }, "\(strokes.map(\.created))")
        #expect(strokes.allSatisfy { $0.id == nil }, "the name is not an id: \(strokes.map(\.id))")
        #expect(notes.contains { $0.contains("creation time outside the years 1 … 9999") }, "\(notes)")
        for layer in layers { _ = try PageLayer(parsingLine: try layer.encodedLine(), file: "check") }
    }

    /// A `/Kids` entry naming no object counted as a page: the ink of page 2 went to page 3 and
    /// `pageCount` said 3, where poppler (the oracle: flatten draws its pages) sees 2 pages, the
    /// second being object 4. (qpdf's own list keeps the hole as a page; `--show-npages` and
    /// `pdfinfo` print the root's `/Count`.)
    @Test func aDanglingKidIsNoPage() throws {
        let folder = TestFolder()
        let path = folder.path("dangling.pdf")
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R 99 0 R 7 0 R 4 0 R] /Count 2 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 150] >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [5 0 R] >>"),
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[10 10 50 50]] >>"),
            .text("null"),
            .text("42"),
        ], to: path)
        let poppler = try PDFDocument.open(path: path)
        #expect(poppler.pageCount == 2)
        #expect(poppler.displayedSize(ofPage: 2) == (200, 300), "poppler's page 2 is object 4")
        #expect(PageReferenceScan.references(path: path)?.map(\.id) == [3, 4])
        let sinkPath = folder.path("dangling.ink.jsonl")
        var counted = 0
        let read = try PDFAnnotationReader.read(pdf: path, password: nil, into: try InkLayersWriter(path: sinkPath, compressionLevel: nil),
                                                sinkPath: sinkPath) { stored, count in counted = count; return stored }
        #expect(counted == 2, "\(read.notes)")
        let layers = try PageOrderedLayers(path: sinkPath)
        #expect(try layers.layers(forPage: 2).flatMap(\.strokes).count == 1)
        #expect(layers.inkedPages == [2])
    }

    /// A blue pen stroke of `points` points across a 200 × 300 page, point `i` at height `y(i)`
    /// (id "S", as the stored streams below name it).
    static func storedStroke(points: Int, y: (Int) -> Double) -> Stroke {
        Stroke(ink: Ink(type: .pen, color: RGBAColor(red: 0, green: 0, blue: 1), width: 1), created: 0, id: "S",
               points: (0..<points).map { StrokePoint(x: 10 + Double($0) * 180 / Double(points), y: y($0), w: 1, h: 1) })
    }

    /// The `/InkList` inkpdf writes for `stroke` on a 300 pt high page, as PDF text.
    static func inkListText(of stroke: Stroke) -> String {
        let list = InkAnnotationFormat.inkList(of: stroke, height: 300, placement: [1, 0, 0, 1, 0, 0])
        return "[[" + list.map { PagePlacement.pdfNumber($0) }.joined(separator: " ") + "]]"
    }

    /// `copies` annotations on one page that all name one stored stream of one stroke of
    /// `points` points (`form`), each with the `/InkList` inkpdf writes for it (one shared object).
    static func sharedStoredStreamPDF(points: Int, copies: Int, form: PDFAnnotationReadTests.StoredForm, at path: String) async throws {
        let stroke = storedStroke(points: points) { 10 + Double($0) * 280 / Double(points) }
        let layer = PageLayer(page: 1, layer: "Notes", strokes: [stroke])
        let inkText = inkListText(of: stroke)
        let data: [UInt8], key: String
        switch form {
        case .packed:
            data = try PackedLayers.encode([layer])
            key = "/InkPDF:Strokes [\(copies + 4) 0 R 1 1 1]"
        case .line:
            data = try layer.encodedLine()
            key = "/InkPDF:Layer \(copies + 4) 0 R"
        }
        let annotation = "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /BS << /W 1 >> /C [0 0 1] /InkList \(copies + 5) 0 R /NM (inkpdf:id:S) \(key) >>"
        try await pdf(Array(repeating: annotation, count: copies), extra: [
            .stream(InkContentCompression.deflate(data, level: 6), dictionary: "/Filter /FlateDecode"),
            .text(inkText),
        ], at: path)
    }

    /// One stored stream named by many annotations was handed out again for each, past the
    /// page's points (a 15 KB file asked for 2.7 GB): now decoded once, and every stroke handed
    /// out is charged to the page.
    @Test(arguments: PDFAnnotationReadTests.StoredForm.allCases)
    func storedStrokesNamedByManyAnnotationsStayWithinThePagesPoints(form: PDFAnnotationReadTests.StoredForm) async throws {
        let folder = TestFolder()
        let path = folder.path("shared-stream.pdf")
        let points = 60_000, copies = 40
        try await Self.sharedStoredStreamPDF(points: points, copies: copies, form: form, at: path)
        let (layers, _, notes) = try PDFAnnotationReadTests.readLayers(path)
        let total = layers.flatMap(\.strokes).reduce(0) { $0 + $1.points.count }
        #expect(total <= PDFAnnotationReader.maximumPointsPerPage, "\(total) points handed out")
        #expect(total >= PDFAnnotationReader.maximumPointsPerPage - points, "the strokes that fit are read: \(total)")
        #expect(notes.contains { $0.contains("would pass the page's") }, "\(notes.prefix(3))")
    }

    /// Every page's stored strokes stayed decoded, up to 64 MB of them (several times that once
    /// parsed), so that reading a long annotation export back grew with its pages. An export's stream is
    /// named by its own page only, so little is held: at most `maximumHeldBytes` besides the
    /// stream decoded last, and every page's strokes are still read.
    @Test func storedStrokesOfManyPagesAreNotAllHeldDecoded() throws {
        let folder = TestFolder()
        let path = folder.path("pages.pdf")
        let points = 20_000
        let stroke = Self.storedStroke(points: points) { 10 + Double($0 % 97) * 2 }
        let data = try PackedLayers.encode([PageLayer(page: 1, layer: "Notes", strokes: [stroke])])
        let pages = 2 * PDFAnnotationReader.maximumHeldBytes / data.count + 3
        let inkText = Self.inkListText(of: stroke)
        // Objects: catalog, page tree, the pages, their annotations, their streams, one shared /InkList.
        let firstPage = 3, firstAnnotation = 3 + pages, firstStream = 3 + 2 * pages, inkList = 3 + 3 * pages
        var objects: [TestPDF.Object] = [.text("<< /Type /Catalog /Pages 2 0 R >>"),
                                         .text("<< /Type /Pages /Kids [\((0..<pages).map { "\(firstPage + $0) 0 R" }.joined(separator: " "))] /Count \(pages) >>")]
        objects += (0..<pages).map { .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [\(firstAnnotation + $0) 0 R] >>") }
        objects += (0..<pages).map {
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /BS << /W 1 >> /C [0 0 1] /InkList \(inkList) 0 R /NM (inkpdf:id:S) /InkPDF:Strokes [\(firstStream + $0) 0 R 1 1 1] >>")
        }
        objects += (0..<pages).map { _ in .stream(InkContentCompression.deflate(data, level: 6), dictionary: "/Filter /FlateDecode") }
        objects.append(.text(inkText))
        try TestPDF.write(objects, to: path)
        let sinkPath = folder.path("pages.ink.jsonl")
        let read = try PDFAnnotationReader.read(pdf: path, password: nil, into: try InkLayersWriter(path: sinkPath, compressionLevel: nil),
                                                sinkPath: sinkPath) { stored, _ in stored }
        #expect(read.storedBytesHeldPeak > 0 && read.storedBytesHeldPeak <= PDFAnnotationReader.maximumHeldBytes + data.count,
                "\(read.storedBytesHeldPeak) bytes held at once, \(data.count) a page, \(pages) pages")
        let layers = try PageOrderedLayers(path: sinkPath)
        #expect(layers.inkedPages == Array(1...pages))
        for page in [1, pages] {
            #expect(try layers.layers(forPage: page).flatMap(\.strokes).map(\.points.count) == [points], "page \(page): \(read.notes)")
        }
    }

    /// Once a page's points were spent, every further `/InkList` entry added a warning (500,000
    /// lines, 87 MB, for a 1 MB file). Warnings are counted by kind: one line each, with the count
    /// and pages, at most a screenful. A `/NM` is printed as written.
    @Test func aFloodOfWarningsIsCountedByKind() throws {
        let folder = TestFolder()
        let path = folder.path("flood.pdf")
        let copies = 600, full = PDFAnnotationReader.maximumPointsPerAnnotation
        // One /InkList object of the most points an annotation gives, named by every annotation.
        let list = "[[" + (0..<full).map { "\($0 % 180 + 10) \($0 % 280 + 10)" }.joined(separator: " ") + "]]"
        try Self.pdf((0..<copies).map { "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList \(copies + 4) 0 R /NM (note {\($0)}) >>" },
                     extra: [.text(list)], at: path)
        let (layers, _, notes) = try PDFAnnotationReadTests.readLayers(path)
        let total = layers.flatMap(\.strokes).reduce(0) { $0 + $1.points.count }
        #expect(total == PDFAnnotationReader.maximumPointsPerPage)
        #expect(notes.count <= WarningTally.maximumLines + 1, "\(notes.count) lines: \(notes.prefix(5))")
        #expect(Set(notes).count == notes.count)
        let spent = notes.filter { $0.contains("points are spent; its /InkList is left out (") }
        #expect(spent.count == 1 && spent[0].contains("/NM 'note {20}'") && spent[0].contains("(and 579 more like it, page 1)"), "\(notes)")
    }

    /// Pages that each name one shared `/InkList` up to the page's points gave the document's pages
    /// their points over and over (20 pages of 20 × 100,000 points, 1.1 MB: 1.6 GB of ink in 190 s):
    /// the pages together get `PopplerAnnotationBudget.documentPoints` of the file, and the page
    /// that reaches it says so.
    @Test func pagesSharingOneInkListStayWithinTheDocumentsPoints() throws {
        let folder = TestFolder()
        let path = folder.path("pages.pdf")
        let pages = 3, perPage = 200, points = 10_000, list = 3 + pages + pages * perPage
        var objects: [TestPDF.Object] = [.text("<< /Type /Catalog /Pages 2 0 R >>"),
                                         .text("<< /Type /Pages /Kids [\((0..<pages).map { "\($0 + 3) 0 R" }.joined(separator: " "))] /Count \(pages) >>")]
        for page in 0..<pages {
            let references = (0..<perPage).map { "\(3 + pages + page * perPage + $0) 0 R" }.joined(separator: " ")
            objects.append(.text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [\(references)] >>"))
        }
        objects += Array(repeating: .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList \(list) 0 R >>"), count: pages * perPage)
        objects.append(.text("[[" + (0..<points).map { "\($0 % 180 + 10) \($0 % 280 + 10)" }.joined(separator: " ") + "]]"))
        try TestPDF.write(objects, to: path)
        var status = stat()
        #expect(stat(path, &status) == 0)
        let budget = PopplerAnnotationBudget.documentPoints(fileBytes: Int(status.st_size))
        #expect(budget < pages * perPage * points, "the file must ask for more than its budget")
        let read = try PDFAnnotationReader.read(pdf: path, password: nil, layersForm: .inkLayers)
        defer { unlink(read.layersPath) }
        let layers = try PageOrderedLayers(path: read.layersPath)
        var total = 0
        for page in 1...pages { total += try layers.layers(forPage: page).flatMap(\.strokes).reduce(0) { $0 + $1.points.count } }
        #expect(total == budget, "\(total) points of \(budget)")
        #expect(read.notes.contains { $0.contains("points the document's budget left the page are spent") }, "\(read.notes)")
        #expect(read.notes.count <= WarningTally.maximumLines + pages, "\(read.notes.count) lines")
    }

    /// poppler loads an `/Ink` that has `/AP` but no `/InkList`; the reader assumed it did not, so
    /// the ordinals shifted and flatten hid the annotation left as it is, drawing the converted one
    /// twice. The converted annotation is the second `/Ink` poppler loads; flattened, the page
    /// shows the appearance-only annotation (poppler draws it) and the ink once.
    @Test func anInkWithAnAppearanceButNoInkListKeepsTheOrdinalsInStep() async throws {
        let folder = TestFolder()
        let path = folder.path("ap-only.pdf")
        let appearance = Array("0 0 1 rg 0 0 40 40 re f".utf8)
        try await Self.pdf([
            "<< /Type /Annot /Subtype /Ink /Rect [20 200 60 240] /F 4 /AP << /N 6 0 R >> >>",
            "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /C [1 0 0] /BS << /W 6 >> /InkList [[120 40 180 40]] >>",
        ], extra: [.stream(appearance, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 40 40]")], at: path)
        let read = try PDFAnnotationReader.read(pdf: path, password: nil, layersForm: .inkLayers)
        defer { unlink(read.layersPath) }
        #expect(read.converted[1] == [ConvertedAnnotation(subtype: "Ink", ordinal: 1, name: nil)], "\(read.converted) \(read.notes)")
        if PopplerRaster.hasPdftoppm {
            let output = folder.path("flat.pdf")
            _ = try Flattener.flatten(pdf: path, ink: path, output: output, options: FlattenOptions(writeSidecar: false))
            let flat = try await PopplerRaster.grey(output, page: 1, folder: folder, name: "flat", hidingAnnotations: false)
            // The appearance-only square (blue, dark in grey) at x 20-60, y 200-240 from the bottom.
            let scale = 36.0 / 72
            let square = flat.value(x: Int(40 * scale), y: Int((300 - 220) * scale))
            #expect(square < 128, "the annotation left as it is is still drawn: \(square)")
        }
    }

    /// Each reopening of the document reads the whole cross-reference table, and the reader
    /// reopened every 200 pages (the walk every 32): quadratic in pages (5,000 blank pages 12 s,
    /// 20,000 past 120 s). Reopenings now wait until the pages' own time pays for them.
    @Test func blankPagesAreReadWithFewReopenings() throws {
        let folder = TestFolder()
        let path = folder.path("blank.pdf")
        let pages = 4_000
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [\((0..<pages).map { "\($0 + 3) 0 R" }.joined(separator: " "))] /Count \(pages) >>"),
        ] + (0..<pages).map { _ in .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >>") }, to: path)
        let sinkPath = folder.path("blank.ink.jsonl")
        let read = try PDFAnnotationReader.read(pdf: path, password: nil, into: try InkLayersWriter(path: sinkPath, compressionLevel: nil),
                                                sinkPath: sinkPath) { stored, _ in stored }
        // Every 200 pages gave 19; a blank page costs far less to read than a reopening.
        #expect(read.reopenings <= 8, "\(read.reopenings) reopenings")
    }

    /// A reopening is due after the fewest pages only when the pages' time has paid for it.
    @Test func aReopeningWaitsUntilThePagesPayForIt() {
        var clock: UInt64 = 0
        var schedule = ReopeningSchedule(every: 10, openingCost: 1_000, now: { clock })
        var due: [Int] = []
        for page in 1...100 {
            clock += 100   // a page costs a tenth of an opening: 40 pages pay for one
            if schedule.pageDone() {
                due.append(page)
                schedule.reopen { clock += 1_000 }
            }
        }
        #expect(due == [40, 80])
        var costly = ReopeningSchedule(every: 10, openingCost: 1_000, now: { clock })
        due = []
        for page in 1...30 {
            clock += 10_000
            if costly.pageDone() { due.append(page); costly.reopen { clock += 1_000 } }
        }
        #expect(due == [10, 20, 30], "costly pages: every 10, as before")
    }

    /// Annotations chained across pages (page k lists page k−1's): one reopening a page
    /// (1,500 pages 63 s). Bounded now, and every page still reads both its annotations.
    @Test func annotationsChainedAcrossPagesCostBoundedReopenings() throws {
        let folder = TestFolder()
        let path = folder.path("chained.pdf")
        let pages = 600
        // Page k (object 3 + 2k) lists its own annotation (4 + 2k) and the previous page's.
        var objects: [TestPDF.Object] = [
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [\((0..<pages).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(pages) >>"),
        ]
        for k in 0..<pages {
            let annotations = k == 0 ? "4 0 R" : "\(4 + 2 * k) 0 R \(2 + 2 * k) 0 R"
            objects.append(.text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [\(annotations)] >>"))
            objects.append(.text("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[\(k % 100 + 10) 10 50 50]] >>"))
        }
        try TestPDF.write(objects, to: path)
        let sinkPath = folder.path("chained.ink.jsonl")
        let read = try PDFAnnotationReader.read(pdf: path, password: nil, into: try InkLayersWriter(path: sinkPath, compressionLevel: nil),
                                                sinkPath: sinkPath) { stored, _ in stored }
        #expect(read.reopenings <= PDFAnnotationReader.maximumSharingReopenings + pages / PDFAnnotationReader.reopenInterval,
                "\(read.reopenings) reopenings")
        let layers = try PageOrderedLayers(path: sinkPath)
        for page in [1, 2, 300, pages] {
            let starts = try layers.layers(forPage: page).flatMap(\.strokes).map { $0.points[0].x }
            let own = Double((page - 1) % 100 + 10), previous = Double((page - 2) % 100 + 10)
            #expect(starts == (page == 1 ? [own] : [own, previous]), "page \(page): \(starts)")
        }
        #expect(!read.notes.contains { $0.contains("null") }, "\(read.notes.prefix(3))")
    }

    /// Issue 39: a trailer whose /Root names no object: qpdf printed "application did not handle
    /// error ... unable to find /Root dictionary" twice on stderr and the read ended in "the PDF
    /// has no pages". Now one error that says what is wrong, and no call that makes qpdf print.
    @Test func aTrailerWithoutACatalogIsOneClearError() async throws {
        let folder = TestFolder()
        let path = folder.path("no-root.pdf")
        try TestPDF.write([.text("<< /Type /Catalog /Pages 2 0 R >>"), .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
                           .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >>")], to: path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes.replaceSubrange(try #require(bytes.range(of: Data("/Root 1 0 R".utf8))), with: Data("/Root 9 0 R".utf8))
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(PageReferenceScan.references(path: path) == nil)
        await #expect(throws: ExportError.opening(.damagedPDF(path: path, reason: "its trailer's /Root names no catalog dictionary"))) {
            // As the pipeline tells the reader's error (`ExportError(_:headerError:)`).
            do throws(AnnotationReadError) {
                _ = try PDFAnnotationReader.read(pdf: path, password: nil, layersForm: .inkLayers)
            } catch {
                throw ExportError(error)
            }
        }
    }
}
