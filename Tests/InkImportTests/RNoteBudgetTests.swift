import Foundation
import InkFixtures
import InkModel
import Testing
@testable import InkImport

/// Notebooks of a few hundred bytes that asked for minutes or gigabytes (issue 40): the
/// work each asks for is bounded by the input, and each ends in pages or a located error.
/// The two 10-minute limits are hang guards, not measures: the `gzip` child each test starts (`S.writeGzip`)
/// waits for a core (`ChildProcess.slots`) behind the whole suite's children, minutes on a loaded
/// two-core run (alone each test takes seconds).
@Suite struct RNoteBudgetTests {
    typealias S = RNoteTestSupport
    let folder = XournalTestSupport.temporaryFolder()

    func write(_ json: String) async -> String {
        let file = (folder as NSString).appendingPathComponent(UUID().uuidString + ".rnote")
        await S.writeGzip(json, to: file)
        return file
    }

    func read(_ file: String) throws -> (ImportedDocument, [PageLayer]) {
        let document = try RNoteImporter.read(path: file, options: S.options(folder))
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        return (document, try S.layers(document.layersPath).1)
    }

    /// A document `height` px tall of tiles 0.05 px square (3.6 pt at 1 dpi), the smallest page a PDF allows.
    static func tinyTiles(height: Double) -> String {
        #"{"x":0,"y":0,"width":1,"height":\#(height),"format":{"width":0.05,"height":0.05,"dpi":1},"background":{"color":{"r":1,"g":1,"b":1,"a":1},"pattern":"none","pattern_size":[32,32],"pattern_color":{"r":0,"g":0,"b":0,"a":1}}}"#
    }

    // Issue 40, 7: a stroke thinner than rnote's tolerance reaches no tile, but its bounds span
    // 2e10 rows of them; the walk over its rows never counted a piece and ran for ever.
    @Test(.timeLimit(.minutes(10)), arguments: [(0.025, 1e-6), (0.05, 1.5e-3)])
    func aHairThinStrokeDoesNotWalkTheTilesItNeverReaches(_ x: Double, _ width: Double) async throws {
        let line = S.brush([(x, 0, 1), (x, 1e9, 1)], width: width, curve: "const")
        let (document, layers) = try read(await write(S.notebook(strokes: [line], document: Self.tinyTiles(height: 1e9))))
        // No tile is reached by more than the tolerance: the origin page, as rnote shows it, without ink.
        #expect(document.pages.count == 1)
        #expect(layers.flatMap(\.strokes).isEmpty)
    }

    @Test(.timeLimit(.minutes(10)))
    func aThinStrokeAlongMillionsOfTinyTilesIsRefusedByCount() async throws {
        let file = await write(S.notebook(strokes: [S.brush([(0.025, 0, 1), (0.025, 1e9, 1)], width: 0.01, curve: "const")],
                                    document: Self.tinyTiles(height: 1e9)))
        #expect(throws: RNoteImportError.tooMany(path: file, what: "pieces of strokes on pages", limit: RNoteImporter.Layout.maximumPieces(entries: 1))) {
            _ = try read(file)
        }
    }
}

extension RNoteBudgetTests {
    /// An SVG image of about `bytes` bytes on rnote's document layer, over `rows` page tiles of the default format.
    static func documentImage(rows: Int, bytes: Int) -> (stroke: String, document: String) {
        let height = 1122.5 * Double(rows)
        let svg = #"<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><!--\#(String(repeating: "x", count: bytes))--><rect width='10' height='10' fill='red'/></svg>"#
        let stroke = #"{"vectorimage":{"svg_data":"\#(svg)","rectangle":{"cuboid":{"half_extents":[396.85,\#(height / 2)]},"transform":{"affine":[1,0,0,0,1,0,396.85,\#(height / 2),1]}}}}"#
        let document = RNoteTestSupport.defaultDocument.replacingOccurrences(of: #""height":2245.0"#, with: #""height":\#(height)"#)
        return (stroke, document)
    }

    // Issue 40, 1: an image on the document layer is drawn into the paper of every page it
    // covers; 2,000 pages × 64 KB (its base64 in each page's SVG) is 170 MB from a notebook
    // whose JSON is 64 KB. The copies draw on the document's expansion budget, counted before
    // any is made.
    @Test func imagesCopiedOntoEveryPageTheyCoverDrawOnTheExpansionBudget() async throws {
        let (stroke, document) = Self.documentImage(rows: 2_000, bytes: 64 << 10)
        let file = await write(S.notebook(strokes: [stroke], layers: [#""document""#], document: document))
        let limit = 64 << 20
        do {
            let imported = try RNoteImporter.read(path: file, options: S.options(folder, limit: limit))
            try? FileManager.default.removeItem(atPath: imported.layersPath)
            Issue.record("read \(imported.pages.count) pages, their papers \(imported.pages.reduce(0) { $0 + (Self.paper($1)?.count ?? 0) }) bytes")
        } catch {
            guard case .tooMany(let path, let what, let reported) = error else { Issue.record("\(error)"); return }
            #expect(path == file && reported == limit)
            #expect(what.contains("images copied onto the pages they cover"), "\(what)")
        }
    }

    @Test func anImageOverAFewPagesIsOnEachOfThem() async throws {
        let (stroke, document) = Self.documentImage(rows: 3, bytes: 1000)
        let (imported, _) = try read(await write(S.notebook(strokes: [stroke], layers: [#""document""#], document: document)))
        #expect(imported.pages.count == 3)
        for page in imported.pages {
            let svg = String(decoding: try #require(Self.paper(page)), as: UTF8.self)
            #expect(svg.contains("data:image/svg+xml;base64,"))
        }
    }

    static func paper(_ page: DocumentPage) -> [UInt8]? {
        if case .paper(let paper) = page.background { return paper.image }
        return nil
    }
}

extension RNoteBudgetTests {
    // Issue 40, 2: 200 dotted shapes of 99,001 dots each (each under the per-shape cap) were all
    // cut, 20 million dashes (3.9 GB). The document's shapes now share Xournal++'s document-wide
    // budget: the shapes past it are drawn solid, with a warning.
    @Test func dashedShapesShareOneDocumentWideDashBudget() throws {
        // Dots every 2 × 0.075 pt along 19,800 px (14,850 pt): 99,001 dots a shape.
        let line = RNoteItems.InkItem(kind: .shape, width: 0.1, color: RGBAColor(red: 0, green: 0, blue: 0), fill: nil,
                                      pressureCurve: .const_, roundCap: true, polylines: [[0, 0, 1, 19_800, 0, 1]],
                                      closed: false, lineStyle: .dotted)
        let entry = RNoteImporter.Entry(slot: 0, bounds: RNoteItems.Bounds(), content: .image(RNoteItems.ImageItem(bytes: [], isSVG: true, bounds: RNoteItems.Bounds())))
        var budget = DashCutter.maximumDashesPerDocument, solid = 0, strokes = 0
        for _ in 0..<200 {
            strokes += RNoteImporter.Layout.strokes(of: line, entry: entry, scale: 0.75, origin: (0, 0),
                                                    dashBudget: &budget, solidPastBudget: &solid).0.count
        }
        #expect(strokes <= DashCutter.maximumDashesPerDocument + 200, "\(strokes) strokes")
        // As many whole shapes as the budget holds are cut; the rest are drawn solid.
        let cut = DashCutter.maximumDashesPerDocument / 99_001
        #expect(strokes == cut * 99_001 + (200 - cut))
        #expect(solid == 200 - cut)
        #expect(budget >= 0)
    }
}

extension RNoteBudgetTests {
    // A page of more strokes than `strokesPerLine` (a dotted line of 60,001 dots) goes out in
    // several lines of its layer, in order, rather than held whole until the page ends.
    @Test func aPageOfManyStrokesIsWrittenInLinesOfItsLayer() async throws {
        // Dots every 2 × 0.075 pt along 12,000 px (9,000 pt) of a page 12,100 px wide.
        let line = #"{"shapestroke":{"shape":{"line":{"start":[10,100],"end":[12010,100]}},"style":{"smooth":{"stroke_width":0.1,"stroke_color":{"r":0,"g":0,"b":0,"a":1},"line_style":"dotted"}}}}"#
        let document = S.defaultDocument.replacingOccurrences(of: #""width":793.7,"height":2245.0,"format":{"width":793.7"#,
                                                              with: #""width":12100,"height":1122.5,"format":{"width":12100"#)
        let (imported, layers) = try read(await write(S.notebook(strokes: [line, S.brush([(20, 300, 0.5), (40, 320, 0.5)])], document: document)))
        #expect(imported.pages.count == 1)
        #expect(layers.map(\.strokes.count) == [60_001, 1], "\(layers.map(\.strokes.count))")
        #expect(layers.allSatisfy { $0.page == 1 && $0.layer == "user layer 0" })
        let strokes = layers.flatMap(\.strokes)
        #expect(strokes.count == 60_001 + 1)
        // In drawing order: the dots left to right, then the pen stroke drawn after them.
        #expect(zip(strokes.dropLast(2), strokes.dropFirst().dropLast()).allSatisfy { $0.points[0].x < $1.points[0].x })
        #expect(strokes.last?.points.count == 2 && strokes.last?.points.first?.y == 300 * 0.75)
    }
}

extension RNoteBudgetTests {
    // The warning counts shapes, not their pieces on pages: 12 dotted shapes of 99,001 dots across
    // 25 pages; the first page cuts 10 of them, and past the budget every shape is drawn solid on
    // some page: "12 ×" (the pieces drawn solid are 302).
    @Test func theWarningCountsTheShapesDrawnSolid() async throws {
        let line = #"{"shapestroke":{"shape":{"line":{"start":[10,100],"end":[19810,100]}},"style":{"smooth":{"stroke_width":0.1,"stroke_color":{"r":0,"g":0,"b":0,"a":1},"line_style":"dotted"}}}}"#
        let document = S.defaultDocument.replacingOccurrences(of: #""width":793.7,"height":2245.0"#, with: #""width":19820,"height":1122.5"#)
        let file = await write(S.notebook(strokes: Array(repeating: line, count: 12), document: document))
        let imported = try RNoteImporter.read(path: file, options: S.options(folder))
        try? FileManager.default.removeItem(atPath: imported.layersPath)
        #expect(imported.pages.count == 25)
        #expect(imported.report.warnings.contains { $0.hasPrefix("12 × dashed shapes drawn solid") }, "\(imported.report.warnings)")
    }
}
