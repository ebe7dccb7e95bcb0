import Foundation
import InkModel
import Testing
@testable import InkImport

/// Warnings that say something (issue 39): Xournal++'s ordinary pressure strokes, whose last
/// segment has width 0, are read without one; real repairs are one line per kind per
/// document, with a count, saying what was changed and why.
@Suite struct XournalWarningTests {
    typealias S = XournalTestSupport
    let folder = S.temporaryFolder()

    func read(_ layer: String) async throws -> (ImportedDocument, [Stroke]) {
        let file = (folder as NSString).appendingPathComponent("doc-\(UUID().uuidString).xopp")
        await S.writeGzip(S.document(S.page(layer)), to: file)
        let document = try XournalImporter.read(path: file, options: S.options(folder))
        let (_, layers) = try S.layers(document.layersPath)
        return (document, layers.flatMap(\.strokes))
    }

    /// A pressure stroke of `n` points as Xournal++ writes it: n − 1 segment widths, the last `last`.
    static func pressureStroke(row: Int, points n: Int = 6, last: String = "0", middle: String? = nil) -> String {
        let y = 20 + 3 * Double(row)
        let coordinates = (0..<n).map { "\(10 + 8 * $0) \(y)" }.joined(separator: " ")
        var widths = (0..<(n - 2)).map { String(format: "%.2f", 0.8 + 0.1 * Double($0)) }
        if let middle { widths[1] = middle }
        return "<stroke tool=\"pen\" color=\"#000000ff\" width=\"1.41 \(widths.joined(separator: " ")) \(last)\">\(coordinates)</stroke>"
    }

    @Test("a last segment of width 0 is Xournal++'s ordinary output: no warning, the stroke ends at the point before")
    func zeroWidthAtTheEndIsQuiet() async throws {
        let (document, strokes) = try await read("<layer>\n" + (0..<300).map { Self.pressureStroke(row: $0) }.joined(separator: "\n") + "\n</layer>")
        #expect(document.report.warnings.isEmpty, "\(document.report.warnings.prefix(3))")
        #expect(strokes.count == 300)
        let first = try #require(strokes.first)
        // Six points, the sixth's segment of width 0 drawn as nothing: five points, the last at its segment's width.
        #expect(first.points.map(\.x) == [10, 18, 26, 34, 42])
        #expect(first.points.map(\.w) == [0.8, 0.9, 1.0, 1.1, 1.1])
        #expect(first.ink.lineKeys?.width == .perSegment)
    }

    @Test("the same repair on many strokes is one line with its count and the first place")
    func oneLinePerKind() async throws {
        let repaired = (0..<150).map { Self.pressureStroke(row: $0, last: "0.5", middle: "0") }
        let unknown = (0..<2).map { "<stroke tool=\"pen\" color=\"nosuch\(3 * $0)\" width=\"1\">0 \(500 + $0) 10 \(500 + $0)</stroke>" }
        let (document, strokes) = try await read("<layer>\n" + (repaired + unknown).joined(separator: "\n") + "\n</layer>")
        let warnings = document.report.warnings
        #expect(warnings.count == 2, "\(warnings.prefix(4))")
        #expect(strokes.count == 2 * 150 + 2)
        let widths = try #require(warnings.first)
        #expect(widths == "150 × strokes with zero, negative or NaN widths inside them: those points removed, the stroke split there (as Xournal++ does) (the first at page 1, stroke 1, split into 2 at non-positive widths)")
        // What was particular to the first is kept: the colour as written.
        #expect(warnings.last == "2 × strokes of an unknown colour drawn black (as Xournal++ does) (the first at page 1, stroke 151, colour 'nosuch0')")
    }

    @Test("a kind met once reads as before")
    func aSingleWarningKeepsItsWords() async throws {
        let (document, _) = try await read("<layer>\n\(Self.pressureStroke(row: 0, last: "0.5", middle: "0"))\n</layer>")
        #expect(document.report.warnings == ["page 1, stroke 1: points with zero, negative or NaN widths removed, the stroke split into 2 at non-positive widths (as Xournal++ does)"])
    }

    @Test("kinds past the limit are counted in one line")
    func kindsAreBounded() {
        var warnings = XournalWarnings()
        for i in 0..<(XournalWarnings.maximumKinds + 7) { warnings.add(.init("kind \(i)", at: "page 1, stroke \(i + 1)")) }
        warnings.add(.init("kind 0", at: "page 2, stroke 1"))
        let lines = warnings.lines
        #expect(lines.count == XournalWarnings.maximumKinds + 1)
        #expect(lines[0] == "2 × kind 0 (the first at page 1, stroke 1)")
        #expect(lines.last == "… and 7 more warnings of other kinds")
    }
}
