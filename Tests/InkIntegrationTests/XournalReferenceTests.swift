import Foundation
import InkFixtures
import Testing

/// inkpdf's rendering of Xournal++ documents against Xournal++'s own export
/// (`xournalpp --create-pdf`, Debian's 1.1.3): at 72 dpi, at least 97 % of the
/// ink pixels Xournal++ draws must have one of inkpdf's within 1 px, page by
/// page; and the strokes Xournal++ draws (points, widths, colours, read from its
/// PDF) must be those inkpdf's importer read.
@Suite(.serialized, .enabled(if: XournalReference.isAvailable, "needs xournalpp and xvfb-run (Debian: apt-get install xournalpp xvfb xauth)"),
       .timeLimit(.minutes(10)))
struct XournalReferenceTests {
    static let required = 0.97

    /// Documents without external files (their PDFs, images) from the shared corpus, if it is there.
    static let corpusFiles = ["load/strokes.xopp", "load/text.xopp", "load/image.xopp", "load/latex.xopp", "load/layers.xopp",
                              "load/linebreaksLatex.xopp", "packaged_xopp/suite.xopp", "packaged_xopp/stroke/old.xopp",
                              "docs/README-Eraser-and-padded-box.xopp", "docs/Setsquare_annotations.xopp", "test1.xoj",
                              "load/compatibility/stroke_line_return.xoj"]
        .map { "/work/shared/corpus/ink/xournalpp/" + $0 }
        .filter { FileManager.default.fileExists(atPath: $0) }

    @Test("written documents over PDF pages (plain, rotated, cropped) and paper look as Xournal++ draws them")
    func writtenDocument() throws {
        let folder = TestFolder()
        let xopp = try XournalDocuments.write(in: folder)
        let results = try XournalReference.placement(of: xopp, in: folder, name: "written")
        #expect(results.count == XournalDocuments.pageCount)
        for (index, result) in results.enumerated() {
            print("written page \(index + 1): \(result)")
            #expect(result.referencePixels > 500, "page \(index + 1) has almost no ink in Xournal++'s export")
            #expect(result.referenceShare >= Self.required, "page \(index + 1): \(result)")
        }
    }

    @Test("corpus documents look as Xournal++ draws them", arguments: corpusFiles)
    func corpusDocument(_ path: String) throws {
        let folder = TestFolder()
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let results = try XournalReference.placement(of: path, in: folder, name: name)
        for (index, result) in results.enumerated() {
            print("\(name) page \(index + 1): \(result)")
            #expect(result.referenceShare >= Self.required, "\(path) page \(index + 1): \(result)")
        }
    }

    @Test("the strokes Xournal++ draws are the ones inkpdf reads: points, widths and colours")
    func strokesAsRead() throws {
        let folder = TestFolder()
        let xopp = try XournalDocuments.write(in: folder, dashes: false)
        let pdf = folder.path("xournal.pdf")
        try XournalReference.export(xopp, to: pdf)
        let drawn = try XournalReference.strokedPaths(pdf, in: folder)
        let read = try XournalReference.expectedPaths(xopp, in: folder)
        #expect(drawn.count == read.count)
        for (index, (a, b)) in zip(drawn, read).enumerated() {
            #expect(!a.isEmpty)
            #expect(a.sorted() == b.sorted(), "page \(index + 1): Xournal++ drew \(a.count) paths, inkpdf read \(b.count)")
        }
    }

    @Test("corpus strokes Xournal++ draws are the ones inkpdf reads",
          arguments: ["load/strokes.xopp", "packaged_xopp/suite.xopp", "docs/Setsquare_annotations.xopp", "packaged_xopp/stroke/old.xopp"]
              .map { "/work/shared/corpus/ink/xournalpp/" + $0 }.filter { FileManager.default.fileExists(atPath: $0) })
    func corpusStrokesAsRead(_ path: String) throws {
        let folder = TestFolder()
        let pdf = folder.path("xournal.pdf")
        try XournalReference.export(path, to: pdf)
        let drawn = try XournalReference.strokedPaths(pdf, in: folder)
        let read = try XournalReference.expectedPaths(path, in: folder)
        #expect(drawn.count == read.count)
        for (index, (a, b)) in zip(drawn, read).enumerated() {
            #expect(a.sorted() == b.sorted(), "\(path) page \(index + 1): Xournal++ drew \(a.count) paths, inkpdf read \(b.count)")
        }
    }
}
