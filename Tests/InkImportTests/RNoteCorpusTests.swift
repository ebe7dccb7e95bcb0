import Foundation
import InkModel
import Testing
@testable import InkImport

/// Every rnote notebook of the shared corpus, read in place, against the independent reader
/// of `RNoteTestSupport` (Foundation's JSON parser, its own page tiling and transform).
@Suite(.enabled(if: CorpusLocation.isAvailable, "the shared corpus is not there"))
struct RNoteCorpusTests {
    let folder = TestFolderPath.make()

    @Test(arguments: RNoteTestSupport.corpus)
    func everyCorpusFileReads(_ relative: String) throws {
        let path = CorpusLocation.path(relative)
        #expect(RNoteImporter.recognizes(path: path))
        #expect(InkImporter.detectFormat(path: path) == .rnote)
        let document = try RNoteImporter.read(path: path, options: RNoteTestSupport.options(folder))
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        #expect(document.format == .rnote)
        #expect(!document.pages.isEmpty)
        for page in document.pages {
            #expect(abs(page.width - 595.28) < 0.1 && abs(page.height - 841.89) < 0.1, "A4 at 96 dpi is 595 × 842 pt")
            guard case .paper(let paper) = page.background, let svg = paper.image else {
                Issue.record("a page without its rnote background")
                continue
            }
            #expect(String(decoding: svg.prefix(4), as: UTF8.self) == "<svg")
        }
    }

    /// Strokes, segments and elements per page, and every point within 0.5 pt of where the
    /// independent reader puts it.
    @Test(arguments: RNoteTestSupport.corpus)
    func agreesWithTheIndependentReader(_ relative: String) async throws {
        let path = CorpusLocation.path(relative)
        let expected = await RNoteTestSupport.independentRead(path)
        let document = try RNoteImporter.read(path: path, options: RNoteTestSupport.options(folder))
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        let (_, layers) = try RNoteTestSupport.layers(document.layersPath)
        #expect(document.pages.count == expected.pages.count)
        #expect(expected.pages.flatMap { $0 }.count > 0)
        for (index, want) in expected.pages.enumerated() {
            let got = layers.filter { $0.page == index + 1 }.flatMap(\.strokes)
            #expect(got.count == want.count, "page \(index + 1) of \(relative)")
            // A brush stroke's points: its start, one per straight segment, eight per Bézier segment.
            #expect(got.map(\.points.count) == want.map(\.points.count), "page \(index + 1) of \(relative)")
            for (stroke, oracle) in zip(got, want) {
                #expect(oracle.elements == oracle.segments + 1 || oracle.segments == 1)
                var worst = 0.0
                for (point, place) in zip(stroke.points, oracle.points) {
                    worst = max(worst, abs(point.x - place.0), abs(point.y - place.1))
                }
                #expect(worst <= 0.5, "a point of page \(index + 1) is \(worst) pt from where the independent reader puts it")
            }
        }
    }

    @Test func corpusCountsAreThoseOfTheFiles() async throws {
        // Measured with the independent reader; the importer must agree (above).
        var totals: [Int] = []
        for relative in RNoteTestSupport.corpus {
            totals.append(await RNoteTestSupport.independentRead(CorpusLocation.path(relative)).pages.reduce(0) { $0 + $1.count })
        }
        #expect(totals[0] > 1000)  // 1105 live brush strokes in 0.5.5, some on two pages
        #expect(totals[1] >= 501)
        #expect(totals[2] == 58)
    }

    /// The imported PDF's pages, with --pdf: one output page per page image rnote stored,
    /// in the order it imported them, each the size of its rectangle, the ink placed in it.
    @Test func pdfPagesAreLaidWhereRnotePutThem() throws {
        let path = CorpusLocation.path("rnote/pdf_annotation.rnote")
        let document = try RNoteImporter.read(path: path, options: RNoteTestSupport.options(folder, pdf: "/nonexistent/original.pdf"))
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        #expect(document.pages.count == 5)
        #expect(document.pages.map(\.background) == (1...5).map { .pdfPage($0) })
        for page in document.pages {
            #expect(abs(page.width - 397 * 0.75) < 0.5 && abs(page.height - 561.594 * 0.75) < 0.5)
        }
        #expect(document.backgroundPDF?.resolved == "/nonexistent/original.pdf")
        let (_, layers) = try RNoteTestSupport.layers(document.layersPath)
        let first = layers.filter { $0.page == 1 }.flatMap(\.strokes)
        #expect(!first.isEmpty)
        // The first stroke begins at canvas (79.561, 308.242); page 1's rectangle starts at (30.961, 23.197).
        #expect(first.contains { stroke in
            guard let start = stroke.points.first else { return false }
            return abs(start.x - (79.561 - 30.961) * 0.75) < 0.01 && abs(start.y - (308.242 - 23.197) * 0.75) < 0.01
        })
        // The note in the margin ("sounds like gibberish", 22 strokes) and the text box lie beside
        // the pages, where the PDF has no room: left out, and said so.
        #expect(document.report.omitted["stroke outside the PDF's pages"] == 23)
    }
}

/// A folder for one test's temporary files.
enum TestFolderPath {
    static func make() -> String { XournalTestSupport.temporaryFolder() }
}
