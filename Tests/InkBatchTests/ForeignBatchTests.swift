import InkBatch
import InkFixtures
import Foundation
import InkPipeline
import InkModel
import Testing

/// Batches of other tools' documents: Xournal++ files beside their PDF or alone,
/// reMarkable tablet backups and `.rmdoc` archives, built by the tests.
@Suite struct ForeignBatchTests {
    static let books = TabletFolderWriter.id(1)
    static let trashedFolder = TabletFolderWriter.id(9)

    /// One red stroke across a version 6 page, shifted by `shift` tablet units.
    static func page(shift: Float = 0) -> [UInt8] {
        var b = LinesV6Builder()
        let layer: (UInt8, UInt64) = (0, 11)
        b.layer(layer, name: "Layer 1", item: (0, 12))
        b.line(parent: layer, item: (1, 20), tool: 17, color: 7, thickness: 2,
               points: [.init(x: -300 + shift, y: 200, width: 16), .init(x: 0 + shift, y: 300, width: 16), .init(x: 300 + shift, y: 250, width: 16)],
               rgba: (220, 20, 20, 255))
        return b.bytes
    }

    static func xopp(background: String, pages: Int = 1) -> String {
        let page = """
            <page width="612" height="792">\(background)
            <layer><stroke tool="pen" color="#ff0000ff" width="3">40 40 200 120 400 80</stroke></layer></page>
            """
        return "<?xml version=\"1.0\" standalone=\"no\"?>\n<xournal creator=\"xournalpp 1.2.3\" fileversion=\"4\">\n"
            + String(repeating: page, count: pages) + "\n</xournal>\n"
    }

    /// A tree with ink-layers, Xournal++ files and a tablet backup of every kind of name.
    static func fixture() throws -> BatchFixture {
        let f = BatchFixture()
        try f.document("a.pdf")
        try f.document("paper.pdf", pages: 2, ink: nil)
        _ = f.folder.write(xopp(background: #"<background type="pdf" domain="absolute" filename="/nowhere/paper.pdf" pageno="1"/>"#),
                           to: "notes/paper.xopp")
        try FileManager.default.createDirectory(atPath: f.sourcePath("week 1"), withIntermediateDirectories: true)
        _ = f.folder.write(xopp(background: ##"<background type="solid" color="#ffffffff" style="lined"/>"##, pages: 2),
                           to: "notes/week 1/sketch.xopp")

        let pdf = try f.document("backup/source.pdf", pages: 2, ink: nil)
        let tablet = TabletFolderWriter(folder: f.sourcePath("backup/xochitl"))
        tablet.collection(id: books, name: "Books")
        tablet.collection(id: trashedFolder, name: "Old", parent: "trash")
        try tablet.document(id: TabletFolderWriter.id(2), name: "Paper", parent: books, pdf: pdf,
                            pages: [.init(lines: page(), pdfPage: 0), .init(lines: nil, pdfPage: 1)])
        try tablet.document(id: TabletFolderWriter.id(3), name: "Paper", parent: books, pages: [.init(lines: page(shift: 50))])
        try tablet.document(id: TabletFolderWriter.id(4), name: ".hidden/name", pages: [.init(lines: page())])
        try tablet.document(id: TabletFolderWriter.id(5), name: "Thrown away", parent: "trash", pages: [.init(lines: page())])
        try tablet.document(id: TabletFolderWriter.id(6), name: "In a thrown-away folder", parent: trashedFolder, pages: [.init(lines: page())])
        try tablet.document(id: TabletFolderWriter.id(7), name: String(repeating: "é", count: 300), pages: [.init(lines: page())])
        try tablet.document(id: TabletFolderWriter.id(8), name: "a\u{0}b", parent: TabletFolderWriter.id(99), pages: [.init(lines: page())])
        // A desktop app export, made from a document kept outside the tree.
        let desktop = TabletFolderWriter(folder: f.folder.path("desktop"))
        try desktop.document(id: TabletFolderWriter.id(10), name: "Exported", pages: [.init(lines: page()), .init(lines: page(shift: 9))])
        try desktop.archive(id: TabletFolderWriter.id(10), to: f.sourcePath("exported.rmdoc"))
        return f
    }

    static let expectedPaths = [
        "Exported.pdf", "a.pdf",
        "backup/source.pdf",
        "backup/xochitl/Books/Paper (00000002).pdf", "backup/xochitl/Books/Paper (00000003).pdf",
        "backup/xochitl/_hidden_name.pdf", "backup/xochitl/a_b.pdf",
        "backup/xochitl/" + String(repeating: "é", count: 100) + ".pdf",
        "paper.pdf", "week 1/sketch.pdf",
    ]

    @Test func findsEveryKindOfDocumentAndNamesThemAsTheTabletShowsThem() throws {
        let f = try Self.fixture()
        let found = try BatchDiscovery.discover(source: f.source)
        #expect(found.documents.map(\.relativePath) == Self.expectedPaths)
        let byPath = Dictionary(uniqueKeysWithValues: found.documents.map { ($0.relativePath, $0) })
        #expect(byPath["paper.pdf"]?.ink == f.sourcePath("paper.xopp") && byPath["paper.pdf"]?.pdf == f.sourcePath("paper.pdf"))
        #expect(byPath["paper.pdf"]?.format == .xournal)
        #expect(byPath["week 1/sketch.pdf"]?.pdf == nil && byPath["week 1/sketch.pdf"]?.format == .xournal)
        #expect(byPath["Exported.pdf"]?.ink == f.sourcePath("exported.rmdoc") && byPath["Exported.pdf"]?.format == .remarkable)
        let paper = try #require(byPath["backup/xochitl/Books/Paper (00000002).pdf"])
        #expect(paper.ink == f.sourcePath("backup/xochitl/\(TabletFolderWriter.id(2)).content") && paper.pdf == nil)
        #expect(paper.size > (byPath["backup/xochitl/Books/Paper (00000003).pdf"]?.size ?? .max))
        // The tablet's own PDF is a part of its document, not a document of its own; the folders are not documents.
        #expect(!found.documents.contains { $0.relativePath.contains(TabletFolderWriter.id(2)) || $0.relativePath.contains("Books.pdf") })
        #expect(found.uninked.map(\.relativePath) == ["backup/source.pdf"])
        #expect(found.ignored.map(\.reason) == ["in the tablet's trash; skipped", "in the tablet's trash; skipped"])
        #expect(found.ignored.map(\.path) == ["backup/xochitl/\(TabletFolderWriter.id(5)) (“Thrown away”)",
                                              "backup/xochitl/\(TabletFolderWriter.id(6)) (“In a thrown-away folder”)"])
        // The same tree gives the same names, whatever order its entries were written in.
        #expect(try BatchDiscovery.discover(source: f.source) == found)
    }

    @Test func everyNameIsAUsableFileName() throws {
        let f = BatchFixture()
        let tablet = TabletFolderWriter(folder: f.sourcePath("xochitl"))
        let names = ["..", ".", "", "/", "a/../../b", "\u{1}\u{7F}x", String(repeating: "東", count: 90), "Report.PDF", "ok"]
        for (index, name) in names.enumerated() {
            try tablet.document(id: TabletFolderWriter.id(100 + index), name: name, pages: [.init(lines: Self.page())])
        }
        let paths = try BatchDiscovery.discover(source: f.source).documents.map(\.relativePath)
        #expect(paths.count == names.count && Set(paths).count == names.count)
        for path in paths {
            let file = String(path.dropFirst("xochitl/".count))
            #expect(!file.contains("/") && !file.hasPrefix(".") && file.hasSuffix(".pdf") && file.utf8.count <= 230, "\(path)")
            #expect(!file.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(path)")
        }
        #expect(paths.contains("xochitl/__.pdf") && paths.contains("xochitl/a_.._.._b.pdf") && paths.contains("xochitl/Report.pdf"))
        #expect(paths.contains("xochitl/" + String(repeating: "東", count: 66) + ".pdf"))  // 200 bytes: 66 whole characters
        // An empty name falls back to the document's ID.
        #expect(paths.contains("xochitl/\(TabletFolderWriter.id(102)).pdf"))
    }

    @Test func flattensEveryDocumentWithItsOwnSidecarAndResumes() throws {
        let f = try Self.fixture()
        let plan = { try BatchFlattener.plan(source: f.source, output: f.output) }
        let report = BatchFlattener.run(try plan(), options: BatchOptions(jobs: 2))
        for failure in report.failures { Issue.record("\(failure.document.relativePath): \(failure.failure!)") }
        #expect(report.results.map(\.statusKey) == ["flattened", "flattened", "skipped"] + Array(repeating: "flattened", count: 7))
        let outputs = BatchFixture.files(under: f.output)
        for path in Self.expectedPaths where path != "backup/source.pdf" {
            #expect(outputs.contains(path), "\(path)")
        }
        #expect(outputs.contains("paper.xopp") && outputs.contains("week 1/sketch.xopp") && outputs.contains("Exported.rmdoc"))
        #expect(outputs.contains("backup/xochitl/Books/Paper (00000002).rmdoc"))
        #expect(fileBytes(f.outputPath("paper.xopp")) == fileBytes(f.sourcePath("paper.xopp")))
        #expect(fileBytes(f.outputPath("Exported.rmdoc")) == fileBytes(f.sourcePath("exported.rmdoc")))

        // Pages as each document has them, with the ink drawn in red.
        let paper = try PopplerReader(path: f.outputPath("backup/xochitl/Books/Paper (00000002).pdf"))
        #expect(paper.pageCount == 2)
        #expect(paper.text(ofPage: 2).contains("page 2 of backup/source.pdf"))
        #expect(try PopplerReader(path: f.outputPath("week 1/sketch.pdf")).pageCount == 2)
        #expect(try PopplerReader(path: f.outputPath("paper.pdf")).text(ofPage: 1).contains("page 1 of paper.pdf"))
        for path in ["paper.pdf", "backup/xochitl/Books/Paper (00000002).pdf", "Exported.pdf"] {
            let raster = try PopplerReader(path: f.outputPath(path)).render(page: 1)
            var red = 0
            for y in stride(from: 0, to: raster.height, by: 2) { for x in stride(from: 0, to: raster.width, by: 2) where raster.isRed(x, y) { red += 1 } }
            #expect(red > 20, "\(path): \(red) red pixels")
        }

        // A second run finds everything up to date and writes nothing.
        let first = f.outputBytes()
        let again = BatchFlattener.run(try plan())
        #expect(again.results.map(\.statusKey) == ["upToDate", "upToDate", "skipped"] + Array(repeating: "upToDate", count: 7))
        #expect(f.outputBytes() == first)

        // A changed page, a changed PDF beside a .xopp, a lost sidecar: those three are redone.
        let pageFile = try #require(FileManager.default.subpaths(atPath: f.sourcePath("backup/xochitl/\(TabletFolderWriter.id(3))"))?.first)
        _ = FileManager.default.createFile(atPath: f.sourcePath("backup/xochitl/\(TabletFolderWriter.id(3))/" + pageFile),
                                           contents: Data(Self.page(shift: 120)))
        try f.document("paper.pdf", pages: 1, ink: nil)
        try FileManager.default.removeItem(atPath: f.outputPath("week 1/sketch.xopp"))
        let third = BatchFlattener.run(try plan())
        let redone = third.results.filter { $0.statusKey == "flattened" }.map(\.document.relativePath)
        #expect(redone == ["backup/xochitl/Books/Paper (00000003).pdf", "paper.pdf", "week 1/sketch.pdf"])
        #expect(third.results.filter { $0.statusKey == "upToDate" }.count == 6)
        #expect(f.outputBytes()["backup/xochitl/Books/Paper (00000003).pdf"] != first["backup/xochitl/Books/Paper (00000003).pdf"])
        #expect(f.outputBytes()["Exported.pdf"] == first["Exported.pdf"])
    }

    @Test(arguments: [2, 3, 7])
    func shardsOfAMixedTreeTogetherDoEveryDocumentOnce(count: Int) throws {
        let f = try Self.fixture()
        var done: [String] = []
        for index in 1...count {
            let plan = try BatchFlattener.plan(source: f.source, output: f.output, shard: BatchShard(index: index, count: count))
            let report = BatchFlattener.run(plan, options: BatchOptions(jobs: 1))
            #expect(report.failures.isEmpty)
            done += report.results.filter { $0.statusKey == "flattened" }.map(\.document.relativePath)
        }
        #expect(done.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } == Self.expectedPaths.filter { $0 != "backup/source.pdf" })
        // A whole run afterwards has nothing left to do.
        let whole = BatchFlattener.run(try BatchFlattener.plan(source: f.source, output: f.output))
        #expect(whole.flattenedCount == 0 && whole.upToDateCount == 9)
    }

    @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.missing)))
    func theCorpusFoldersAreReadInPlace() throws {
        let output = TestFolder()
        for folder in ["remarkable", "xournalpp"] {
            let source = Self.corpus + "/" + folder
            let plan = try BatchFlattener.plan(source: source, output: output.path(folder))
            let report = BatchFlattener.run(plan, options: BatchOptions(jobs: 2))
            let statuses = Dictionary(grouping: report.results, by: \.statusKey).mapValues(\.count)
            if folder == "remarkable" {
                // Two tablet documents (the loose .rm pages are not documents): the notebook is
                // flattened; the other names a PDF the corpus does not have, and says so.
                #expect(report.results.map(\.document.relativePath) == [
                    "remarks-demo/1936 On Computable Numbers, with an Application to the Entscheidungsproblem - A. M. Turing.pdf",
                    "remarks-v2-notebook/Gosper.pdf",
                ])
                #expect(report.results.map(\.statusKey) == ["failed", "flattened"])
                #expect(report.failures.first?.failure?.description.contains("pdf") == true)
                #expect(try PopplerReader(path: output.path("remarkable/remarks-v2-notebook/Gosper.pdf")).pageCount == 3)
            } else {
                let xournalFiles = FileManager.default.subpaths(atPath: source)!.filter { $0.hasSuffix(".xopp") || $0.hasSuffix(".xoj") }
                #expect(report.results.count == xournalFiles.count + 1)  // + 测试.pdf, flattened with 测试.xopp beside it
                #expect(statuses["flattened", default: 0] >= xournalFiles.count - 3, "\(statuses)")
                #expect(report.results.contains { $0.document.relativePath == "cjk/测试.pdf" && $0.document.format == .xournal })
            }
            // Every failure is one line naming the file.
            for failure in report.failures {
                let line = failure.failure!.description
                #expect(!line.contains("\n") && !line.isEmpty, "\(failure.document.relativePath)")
            }
        }
    }

    static let corpus = SharedCorpus.path("ink")
}
