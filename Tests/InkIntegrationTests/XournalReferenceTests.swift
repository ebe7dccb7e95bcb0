import Foundation
import InkFixtures
import Testing

/// inkpdf's rendering of Xournal++ documents against Xournal++'s own export
/// (`xournalpp --create-pdf`, Debian's 1.1.3): at 72 dpi, at least 97 % of the
/// ink pixels Xournal++ draws must have one of inkpdf's within 1 px, page by
/// page; and the strokes Xournal++ draws (points, widths, colours, read from its
/// PDF) must be those inkpdf's importer read.
@Suite(.serialized, .enabled(if: XournalReference.isAvailable, "needs xournalpp and xvfb-run (Debian: apt-get install xournalpp xvfb xauth)"))
struct XournalReferenceTests {
    static let required = 0.97

    /// Documents without external files (their PDFs, images) from the shared corpus, with the pages each has.
    static let corpusFiles = ["load/strokes.xopp", "load/text.xopp", "load/image.xopp", "load/latex.xopp", "load/layers.xopp",
                              "load/linebreaksLatex.xopp", "packaged_xopp/suite.xopp", "packaged_xopp/stroke/old.xopp",
                              "docs/README-Eraser-and-padded-box.xopp", "docs/Setsquare_annotations.xopp", "test1.xoj",
                              "load/compatibility/stroke_line_return.xoj"]
        .map { SharedCorpus.path("ink/xournalpp/" + $0) }

    @Test("written documents over PDF pages (plain, rotated, cropped) and paper look as Xournal++ draws them")
    func writtenDocument() async throws {
        let folder = TestFolder()
        let xopp = try await XournalDocuments.write(in: folder)
        let results = try await XournalReference.placement(of: xopp, in: folder, name: "written")
        #expect(results.count == XournalDocuments.pageCount)
        for (index, result) in results.enumerated() {
            print("written page \(index + 1): \(result)")
            #expect(result.referencePixels > 500, "page \(index + 1) has almost no ink in Xournal++'s export")
            #expect(result.referenceShare >= Self.required, "page \(index + 1): \(result)")
        }
    }

    @Test("corpus documents look as Xournal++ draws them", .enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.missing)),
          arguments: corpusFiles)
    func corpusDocument(_ path: String) async throws {
        try #require(FileManager.default.fileExists(atPath: path), "\(path) is missing from the corpus")
        let folder = TestFolder()
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let results = try await XournalReference.placement(of: path, in: folder, name: name)
        // Every page of the document came back, from both tools (placement checks that they agree).
        let pages = try await XournalReference.xml(of: path).components(separatedBy: "<page ").count - 1
        #expect(pages > 0 && results.count == pages, "\(name): \(results.count) pages compared, the document has \(pages)")
        for (index, result) in results.enumerated() {
            print("\(name) page \(index + 1): \(result)")
            #expect(result.referenceShare >= Self.required, "\(path) page \(index + 1): \(result)")
        }
    }

    @Test("the strokes Xournal++ draws are the ones inkpdf reads: paths, widths and colours")
    func strokesAsRead() async throws {
        let folder = TestFolder()
        try await checkStrokes(try await XournalDocuments.write(in: folder, dashes: false), in: folder)
    }

    @Test("corpus strokes Xournal++ draws are the ones inkpdf reads", .enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.missing)),
          arguments: ["load/strokes.xopp", "packaged_xopp/suite.xopp", "docs/Setsquare_annotations.xopp", "packaged_xopp/stroke/old.xopp"]
              .map { SharedCorpus.path("ink/xournalpp/" + $0) })
    func corpusStrokesAsRead(_ path: String) async throws {
        try #require(FileManager.default.fileExists(atPath: path), "\(path) is missing from the corpus")
        try await checkStrokes(path, in: TestFolder())
    }

    /// Xournal++'s stroked paths (less those of the same pages without ink: rulings) against the
    /// importer's strokes: the same widths and colours, path for path, and no more points
    /// than read (cairo drops a point that continues a straight line, so fewer may be written).
    func checkStrokes(_ xopp: String, in folder: TestFolder) async throws {
        let bare = await folder.write(XournalReference.withoutInk(try XournalReference.xml(of: xopp)), to: "bare.xopp")
        try await XournalReference.export(xopp, to: folder.path("xournal.pdf"))
        try await XournalReference.export(bare, to: folder.path("xournal-bare.pdf"))
        let drawn = try await XournalReference.strokedPaths(folder.path("xournal.pdf"), in: folder)
        let background = try await XournalReference.strokedPaths(folder.path("xournal-bare.pdf"), in: folder)
        let (read, skipped) = try XournalReference.expectedPaths(xopp, in: folder)
        #expect(drawn.count == read.count)
        for (index, (all, readPaths)) in zip(drawn, read).enumerated() {
            var ink = all.filter { !skipped.contains($0.color) }
            let expected = readPaths.filter { !skipped.contains($0.color) }
            for path in background.count > index ? background[index] : [] {
                if let found = ink.firstIndex(of: path) { ink.remove(at: found) }
            }
            #expect(!expected.isEmpty, "\(xopp) page \(index + 1): nothing read")
            func key(_ p: XournalReference.StrokedPath) -> String { "\(p.width) \(p.color)" }
            let drawnByKey = Dictionary(grouping: ink, by: key), readByKey = Dictionary(grouping: expected, by: key)
            #expect(drawnByKey.mapValues(\.count) == readByKey.mapValues(\.count),
                    "\(xopp) page \(index + 1): paths by width and colour differ")
            for (name, paths) in readByKey {
                let ours = paths.map(\.points).sorted(), theirs = (drawnByKey[name] ?? []).map(\.points).sorted()
                #expect(zip(theirs, ours).allSatisfy { $0 <= $1 && $0 >= min($1, 2) },
                        "\(xopp) page \(index + 1), \(name): Xournal++ drew \(theirs), inkpdf read \(ours)")
            }
        }
    }
}
