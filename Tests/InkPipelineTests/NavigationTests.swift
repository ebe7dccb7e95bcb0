import LibPoppler
import Foundation
import InkPipeline
import InkModel
import InkFixtures
import Testing

/// A flattened document still works: links, outline, labels, metadata.
@Suite struct NavigationTests {
    final class Fixture {
        let folder = TestFolder()
        let pdf: String
        let ink: String

        init() throws {
            pdf = folder.path("course-notes.pdf")
            ink = folder.path("course-notes.ink.jsonl")
            try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        }

        func flatten(_ name: String, options: FlattenOptions = FlattenOptions()) async throws -> String {
            let output = folder.path("out/\(name).pdf")
            _ = try await flattenChecked(pdf: pdf, ink: ink, output: output, options: options)
            return output
        }
    }

    /// Each page's links, with targets renumbered through `map` (source page → output page).
    static func links(of document: PDFDocument, pages: [Int]) throws -> [[PageLink]] {
        try pages.map { number in
            let page = try document.page(number)
            return document.links(on: page)
        }
    }

    static func close(_ a: PageLink, _ b: PageLink, map: [Int: Int]) -> Bool {
        let sameTarget: Bool
        switch (a.target, b.target) {
        case (.uri(let x), .uri(let y)): sameTarget = x == y
        case (.page(let p, let x1, let y1), .page(let q, let x2, let y2)):
            sameTarget = map[p] == q && abs((x1 ?? 0) - (x2 ?? 0)) < 1.5 && abs((y1 ?? 0) - (y2 ?? 0)) < 1.5
        default: sameTarget = false
        }
        // cairo rounds /Rect outward to whole points.
        return sameTarget && abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1 && abs(a.width - b.width) <= 2 && abs(a.height - b.height) <= 2
    }

    static func outlineTitles(_ items: [OutlineItem]) -> [String] {
        items.flatMap { [$0.title] + outlineTitles($0.children).map { "  " + $0 } }
    }

    @Test func linksOutlineLabelsAndMetadataSurvive() async throws {
        let f = try Fixture()
        let output = try await f.flatten("all")
        let source = try PDFDocument.open(path: f.pdf), result = try PDFDocument.open(path: output)
        #expect(result.pageCount == source.pageCount)
        let identity = Dictionary(uniqueKeysWithValues: (1...source.pageCount).map { ($0, $0) })

        let sourceLinks = try Self.links(of: source, pages: Array(1...source.pageCount))
        let resultLinks = try Self.links(of: result, pages: Array(1...result.pageCount))
        #expect(sourceLinks.joined().count > 20, "the sample has links to check")
        for (page, (a, b)) in zip(sourceLinks, resultLinks).enumerated() {
            #expect(a.count == b.count, "page \(page + 1): every link kept")
            for (x, y) in zip(a, b) {
                #expect(Self.close(x, y, map: identity), "page \(page + 1): \(x) ≈ \(y)")
            }
        }
        #expect(sourceLinks.joined().contains { if case .uri = $0.target { true } else { false } })

        let sourceOutline = source.outline(), resultOutline = result.outline()
        #expect(!sourceOutline.isEmpty)
        #expect(Self.outlineTitles(resultOutline) == Self.outlineTitles(sourceOutline))
        #expect(Self.outlineTitles(resultOutline).contains { $0.unicodeScalars.contains { $0.value > 0x2E80 } }, "CJK title kept")
        func flat(_ items: [OutlineItem]) -> [OutlineItem] { items.flatMap { [$0] + flat($0.children) } }
        for (a, b) in zip(flat(sourceOutline), flat(resultOutline)) {
            #expect(a.isOpen == b.isOpen, "\(a.title): open state")
            if case .page(let p, _, _) = a.target, case .page(let q, _, _) = b.target { #expect(p == q, "\(a.title): target page") }
        }

        for number in 1...source.pageCount {
            let a = try source.page(number), b = try result.page(number)
            #expect(source.label(of: a) == result.label(of: b))
        }
        let sourceInfo = source.info, resultInfo = result.info
        #expect(resultInfo.title == sourceInfo.title && resultInfo.author == sourceInfo.author)
        #expect(resultInfo.subject == sourceInfo.subject && resultInfo.keywords == sourceInfo.keywords)
        #expect(resultInfo.creator == sourceInfo.creator && resultInfo.creationDate == sourceInfo.creationDate)
        #expect(resultInfo.modificationDate != nil, "the modification date says when the ink was last written")
        #expect(resultInfo.producer?.hasPrefix("inkpdf \(InkPDFVersion.current) with cairo ") == true, "\(resultInfo.producer ?? "no producer")")
        try await expectQPDFCheckPasses(output)
    }

    @Test func pageSelectionDropsWhatLeadsToPagesLeftOut() async throws {
        let f = try Fixture()
        let selection = try #require(try? PageSelection.parse("1,3-5").get())
        let output = try await f.flatten("some", options: FlattenOptions(pages: selection))
        let source = try PDFDocument.open(path: f.pdf), result = try PDFDocument.open(path: output)
        #expect(result.pageCount == 4)
        let map = [1: 1, 3: 2, 4: 3, 5: 4]
        let sourceLinks = try Self.links(of: source, pages: [1, 3, 4, 5])
        let resultLinks = try Self.links(of: result, pages: [1, 2, 3, 4])
        for (page, (a, b)) in zip(sourceLinks, resultLinks).enumerated() {
            let kept = a.filter { if case .page(let p, _, _) = $0.target { map[p] != nil } else { true } }
            #expect(kept.count == b.count, "output page \(page + 1): links to kept pages only")
            for (x, y) in zip(kept, b) { #expect(Self.close(x, y, map: map)) }
        }
        func pages(_ items: [OutlineItem]) -> [Int] {
            items.flatMap { item -> [Int] in
                var own: [Int] = []
                if case .page(let p, _, _) = item.target { own = [p] }
                return own + pages(item.children)
            }
        }
        #expect(pages(result.outline()).allSatisfy { (1...4).contains($0) })
        #expect(pages(result.outline()).count == pages(source.outline()).filter { map[$0] != nil }.count)
        let labels = try (1...4).map { result.label(of: try result.page($0)) }
        let sourceLabels = try [1, 3, 4, 5].map { source.label(of: try source.page($0)) }
        #expect(labels == sourceLabels)
        try await expectQPDFCheckPasses(output)
    }

    @Test func onlyAnnotatedKeepsInkedPages() async throws {
        let f = try Fixture()
        let output = try await f.flatten("inked", options: FlattenOptions(onlyAnnotated: true))
        let layers = try PageOrderedLayers(path: f.ink)
        #expect(try PDFDocument.open(path: output).pageCount == layers.inkedPages.count)
        try await expectQPDFCheckPasses(output)
    }

    @Test func pagesOutsideTheDocumentAreRefused() async throws {
        let f = try Fixture()
        let selection = try #require(try? PageSelection.parse("2-40").get())
        await #expect(throws: ExportError.opening(.pageSelectionOutOfRange(pdf: f.pdf, page: 40, pageCount: 8))) {
            try await f.flatten("bad", options: FlattenOptions(pages: selection))
        }
        #expect(!FileManager.default.fileExists(atPath: f.folder.path("out/bad.pdf")))
    }

    @Test func stripMetadataAndDeterminism() async throws {
        let f = try Fixture()
        let first = try await f.flatten("one"), second = try await f.flatten("two")
        #expect(fileBytes(first) == fileBytes(second), "same inputs, same bytes")
        let stripped = try await f.flatten("stripped", options: FlattenOptions(stripMetadata: true))
        let info = try PDFDocument.open(path: stripped).info
        #expect(info.author == nil && info.creationDate == nil && info.modificationDate == nil)
        #expect(info.title != nil)
        // cairo compresses every stream: search the PDF as qpdf decodes it, streams uncompressed,
        // object streams undone, so that stroke data in any stream would show.
        let decoded = try await decodedPDF(stripped)
        #expect(decoded.range(of: Data("/FlateDecode".utf8)) == nil, "every stream was decoded")
        #expect(decoded.range(of: Data(" Tf".utf8)) != nil && decoded.range(of: Data(" re".utf8)) != nil,
                "the pages' own text and shapes are readable, so the search sees inside the streams")
        for marker in ["points", "strokes", "inkpdf-layers", "\"created\""] {
            #expect(decoded.range(of: Data(marker.utf8)) == nil, "no stroke data (\(marker)) in the PDF")
        }
    }
}

/// The PDF at `path` with every stream decoded and no object streams (`qpdf --qdf`).
func decodedPDF(_ path: String) async throws -> Data {
    let decoded = path + ".qdf"
    try await runQPDF(["--qdf", "--object-streams=disable", "--decode-level=all", path, decoded], allowingWarnings: false)
    defer { try? FileManager.default.removeItem(atPath: decoded) }
    return try Data(contentsOf: URL(fileURLWithPath: decoded))
}
