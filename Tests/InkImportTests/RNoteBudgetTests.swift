import Foundation
import InkFixtures
import InkModel
import Testing
@testable import InkImport

/// Notebooks of a few hundred bytes that asked for minutes or gigabytes (issue 40): the
/// work each asks for is bounded by the input, and each ends in pages or a located error.
@Suite struct RNoteBudgetTests {
    typealias S = RNoteTestSupport
    let folder = XournalTestSupport.temporaryFolder()

    func write(_ json: String) -> String {
        let file = (folder as NSString).appendingPathComponent(UUID().uuidString + ".rnote")
        S.writeGzip(json, to: file)
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
    @Test(.timeLimit(.minutes(1)), arguments: [(0.025, 1e-6), (0.05, 1.5e-3)])
    func aHairThinStrokeDoesNotWalkTheTilesItNeverReaches(_ x: Double, _ width: Double) throws {
        let line = S.brush([(x, 0, 1), (x, 1e9, 1)], width: width, curve: "const")
        let (document, layers) = try read(write(S.notebook(strokes: [line], document: Self.tinyTiles(height: 1e9))))
        // No tile is reached by more than the tolerance: the origin page, as rnote shows it, without ink.
        #expect(document.pages.count == 1)
        #expect(layers.flatMap(\.strokes).isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func aThinStrokeAlongMillionsOfTinyTilesIsRefusedByCount() throws {
        let file = write(S.notebook(strokes: [S.brush([(0.025, 0, 1), (0.025, 1e9, 1)], width: 0.01, curve: "const")],
                                    document: Self.tinyTiles(height: 1e9)))
        #expect(throws: RNoteImportError.tooMany(path: file, what: "pieces of strokes on pages", limit: RNoteImporter.Layout.maximumPieces(entries: 1))) {
            _ = try read(file)
        }
    }
}
