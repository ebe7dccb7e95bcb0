import Foundation
@testable import InkImport
@testable import InkPipeline
import InkModel
import InkFixtures
import Testing
import LibQPDF

/// `export --ink-as annotations`: one `/Ink` annotation a stroke with the
/// standard keys a viewer edits by, read back with qpdf; the original bytes
/// kept; the rewrite path; what is refused.
@Suite struct AnnotationExportTests {
    /// The strokes of every test page: a red pen line, a yellow marker with pressure, and one
    /// piece of an erased gesture twice (same `created`: two pieces, two names).
    static func layers(pageCount: Int) -> [PageLayer] {
        (1...pageCount).map { page in
            var marker = redStroke([(80, 200), (160, 210), (240, 205)], size: 12, created: 1_764_460_100)
            marker.ink = Ink(type: .marker, colorText: "#FFE500AA", color: RGBAColor(red: 1, green: 229.0 / 255, blue: 0, alpha: 170.0 / 255), width: 13)
            marker.points = marker.points.enumerated().map { index, point in
                var point = point
                point.force = 0.5 + Double(index) * 0.3
                return point
            }
            let piece = redStroke([(40, 40), (40, 80)], created: 1_764_460_200)
            var second = redStroke([(60, 40), (60, 80)], created: 1_764_460_200)
            second.id = nil
            return PageLayer(page: page, layer: "Notes", strokes: [redStroke([(100, 300), (200, 300)]), marker, piece, second])
        }
    }

    /// `pages.pdf` of `pages` and `pages.ink.jsonl` of `layers` in `folder`.
    static func write(_ pages: [TestPage], layers: [PageLayer], in folder: TestFolder) throws -> (pdf: String, ink: String) {
        let pdf = folder.path("pages.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: pages)
        return (pdf, folder.writeInk("pages.ink.jsonl", layers: layers))
    }

    struct Written {
        var rect: [Double]
        var inkList: [[Double]]
        var width: Double?
        var name: String?
        var flags: Int?
        var highlight: Bool
        var alpha: Double?
        var pageIsParent: Bool
        var hasAppearance: Bool
        /// What `/InkPDF:Strokes` names in the page's packed strokes.
        var stored: PageLayer?
    }

    /// The layer `/InkPDF:Strokes [stream layer first count]` names, with only those strokes.
    static func storedStrokes(_ entry: QPDFObject?) throws -> PageLayer? {
        guard let entry, entry.isArray, entry.count == 4, let data = entry[0].streamData(),
              let layer = entry[1].integer, let first = entry[2].integer, let count = entry[3].integer else { return nil }
        var stored = try PackedLayers.decode(data, file: "annotation", maximumPoints: 1 << 20)[layer - 1]
        stored.strokes = Array(stored.strokes[(first - 1)..<(first - 1 + count)])
        return stored
    }

    /// Every annotation of page `number` as qpdf reads it.
    static func annotations(of document: QPDFDocument, page number: Int) throws -> [Written] {
        let page = document.page(number)
        let reference = page.reference
        return try (page["/Annots"]?.items ?? []).map { annotation in
            Written(rect: annotation["/Rect"]?.items.compactMap(\.number) ?? [],
                    inkList: annotation["/InkList"]?.items.map { $0.items.compactMap(\.number) } ?? [],
                    width: annotation["/BS"]?["/W"]?.number,
                    name: annotation["/NM"]?.text,
                    flags: annotation["/F"]?.integer,
                    highlight: annotation["/IT"]?.isName("/InkHighlight") ?? false,
                    alpha: annotation["/CA"]?.number,
                    pageIsParent: annotation["/P"]?.reference == reference,
                    hasAppearance: annotation["/AP"]?["/N"]?.isStream ?? false,
                    stored: try storedStrokes(annotation[InkAnnotationFormat.strokesKey]))
        }
    }

    @Test func everyStrokeIsAnInkAnnotationWithTheKeysAViewerEditsBy() async throws {
        let folder = TestFolder()
        let pages = FlattenTests.pages
        let layers = Self.layers(pageCount: pages.count - 1)
        let (pdf, ink) = try Self.write(pages, layers: layers, in: folder)
        let output = folder.path("out/pages.pdf")
        var options = ExportOptions()
        options.inkAs = .annotations
        let report = try await exportChecked(pdf: pdf, ink: ink, output: output, options: options)
        #expect(report.strokeCount == 4 * (pages.count - 1))

        // An incremental update: the original's bytes are the output's first bytes.
        let original = try #require(fileBytes(pdf)), exported = try #require(fileBytes(output))
        #expect(exported.count > original.count && exported.prefix(original.count) == original)
        // The dictionaries are deflated together in object streams, which a cross-reference stream lists
        // (after the original's table: readers follow /Prev from either kind to the other).
        let appended = String(decoding: exported[original.count...], as: UTF8.self)
        #expect(String(decoding: original, as: UTF8.self).contains("\nxref\n"), "the original ends in a table")
        #expect(appended.contains("/Type/ObjStm") && appended.contains("/Type/XRef"), "object streams and a cross-reference stream")
        #expect(!appended.contains("obj\n<</Type/Annot"), "no annotation dictionary written as an object of its own")

        let document = try QPDFDocument(path: output, password: nil)
        for number in 1...pages.count {
            let written = try Self.annotations(of: document, page: number)
            guard number < pages.count else { #expect(written.isEmpty, "the page without ink gets none"); continue }
            try #require(written.count == 4, "page \(number): one annotation a stroke")
            let placement = InkOverlay.placement(of: document.page(number))
            let displayed = placement.displayedSize
            for (index, (annotation, stroke)) in zip(written, layers[number - 1].strokes).enumerated() {
                let label = "page \(number), stroke \(index + 1)"
                #expect(annotation.hasAppearance && annotation.pageIsParent && annotation.flags == 4, "\(label): /AP, /P, /F print")
                #expect(annotation.inkList == [InkAnnotationFormat.inkList(of: stroke, height: displayed.height,
                                                                             placement: placement.matrix)], "\(label): /InkList")
                // The centreline lies inside /Rect, and its ends are where the stroke's are, in default user space.
                let rect = annotation.rect
                for i in stride(from: 0, to: annotation.inkList[0].count, by: 2) {
                    let (x, y) = (annotation.inkList[0][i], annotation.inkList[0][i + 1])
                    #expect(x > rect[0] && x < rect[2] && y > rect[1] && y < rect[3], "\(label): /InkList inside /Rect")
                }
                let first = stroke.points[0]
                let expected = InkAnnotationFormat.userSpace(first.x, first.y, height: displayed.height, placement: placement.matrix)
                #expect(abs(annotation.inkList[0][0] - expected.x) < 0.06 && abs(annotation.inkList[0][1] - expected.y) < 0.06,
                        "\(label): starts where the stroke starts")
                #expect(annotation.highlight == (stroke.ink.type == .marker), "\(label): /IT /InkHighlight for markers only")
                #expect(annotation.width == (stroke.ink.width ?? 6), "\(label): /BS /W")
                // The stroke inside, bit for bit.
                let stored = try #require(annotation.stored, "\(label): /InkPDF:Strokes")
                #expect(stored.strokes == [stroke] && stored.layer == "Notes" && stored.page == number, "\(label): the stroke kept")
            }
            #expect(written[1].alpha.map { abs($0 - 0.667) < 0.002 } == true, "the marker's opacity")
            #expect(written.map(\.name) == ["inkpdf:created:1764460000", "inkpdf:created:1764460100",
                                            "inkpdf:created:1764460200", "inkpdf:created:1764460200#2"], "/NM from the identity")
        }
        try await expectQPDFCheckPasses(output)
    }

    /// Pages left out: qpdf rewrites the document, and the annotations are appended to what it wrote.
    @Test func theRewriteGetsAnnotationsOnTheKeptPages() async throws {
        let folder = TestFolder()
        let (pdf, ink) = try Self.write(Array(FlattenTests.pages.prefix(4)), layers: Self.layers(pageCount: 4), in: folder)
        let output = folder.path("kept.pdf")
        var options = ExportOptions(pages: PageSelection(ranges: [(2, 3)]))
        options.inkAs = .annotations
        options.annotationGrouping = .layer
        _ = try await exportChecked(pdf: pdf, ink: ink, output: output, options: options)
        let document = try QPDFDocument(path: output, password: nil)
        #expect(document.pageCount == 2)
        for number in 1...2 {
            let written = try Self.annotations(of: document, page: number)
            try #require(written.count == 1, "one annotation for the layer")
            #expect(written[0].inkList.count == 4 && written[0].name == "inkpdf:layer:1" && written[0].pageIsParent)
            let stored = try #require(written[0].stored)
            #expect(stored.strokes == Self.layers(pageCount: 4)[number].strokes, "page \(number) shows source page \(number + 1)")
        }
        try await expectQPDFCheckPasses(output)
    }

    @Test func anEncryptedPDFIsRefusedWithTheWayOut() async throws {
        let folder = TestFolder()
        let plain = folder.path("plain.pdf"), pdf = folder.path("locked.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: plain), pages: [TestPage()])
        try await runQPDF(["--encrypt", "user", "owner", "256", "--", plain, pdf], allowingWarnings: false)
        let ink = folder.writeInk("locked.ink.jsonl", layers: Self.layers(pageCount: 1))
        var options = ExportOptions(password: "user")
        options.inkAs = .annotations
        #expect {
            try Exporter.export(pdf: pdf, ink: ink, output: folder.path("out.pdf"), options: options)
        } throws: { error in
            guard case .opening(.annotationsOnEncryptedPDF(let path)) = error as? ExportError else { return false }
            return path == pdf && "\(error)".contains("--ink-as content")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.pdf")), "nothing written")
    }

    /// The annotation export flattened with its own annotations as the ink looks as the
    /// original ink flattened (each stroke drawn once, from its stored drawing); exporting
    /// it with its own annotations as ink is refused, since export keeps them.
    @Test func theExportFlattensOnceAndIsNotExportedOverItself() async throws {
        let folder = TestFolder()
        let (pdf, ink) = try Self.write(Array(FlattenTests.pages.prefix(3)), layers: Self.layers(pageCount: 3), in: folder)
        let exported = folder.path("exported.pdf")
        var options = ExportOptions(writeSidecar: false)
        options.inkAs = .annotations
        _ = try await exportChecked(pdf: pdf, ink: ink, output: exported, options: options)

        let once = folder.path("once.pdf"), direct = folder.path("direct.pdf")
        _ = try await flattenChecked(pdf: exported, ink: exported, output: once, options: FlattenOptions(writeSidecar: false))
        _ = try await flattenChecked(pdf: pdf, ink: ink, output: direct, options: FlattenOptions(writeSidecar: false))
        let a = try PopplerReader(path: once), b = try PopplerReader(path: direct)
        for page in 1...3 {
            let difference = a.render(page: page).meanDifference(from: b.render(page: page))
            #expect(difference < 0.05, "page \(page): flattened from its annotations as from the ink (mean difference \(difference))")
        }
        #expect {
            try Exporter.export(pdf: exported, ink: exported, output: folder.path("twice.pdf"), options: options)
        } throws: { error in
            guard case .opening(.ownAnnotationsAsInk) = error as? ExportError else { return false }
            return "\(error)".contains("inkpdf convert")
        }
    }
}
