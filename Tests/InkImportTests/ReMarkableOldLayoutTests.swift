import Foundation
import Testing
import InkModel
@testable import InkImport
import InkFixtures

/// Documents laid out as older software wrote them (issue 39): firmware 1.x notebooks that
/// list no pages and name each page's file by its index, and rmapi archives that list page
/// ids but store the files by index.
@Suite struct ReMarkableOldLayoutTests {
    static let uuid = "5a1f0c3e-7b21-4c55-9d0e-3f1b2a6c8d90"

    /// A page of `count` short strokes, in lines format `version` (3 or 5).
    static func page(version: Int, strokes count: Int) -> [UInt8] {
        var b = LinesV5Builder(version: version)
        for i in 0..<count {
            let y = Float(100 + 40 * i)
            b.line(tool: 2, color: 0, points: [.init(x: 100, y: y), .init(x: 600, y: y + 5), .init(x: 1100, y: y)])
        }
        return b.bytes
    }

    /// A firmware 1.x `.content`: no `pages`, no `cPages`, `fileType` empty, `pageCount` when given.
    static func oldContent(pageCount: Int?) -> String {
        """
        {
            "extraMetadata": {"LastColor": "Black", "LastTool": "Ballpoint"},
            "fileType": "",
            "fontName": "",
            "lastOpenedPage": 0,
            "lineHeight": -1,
            "margins": 100,
            \(pageCount.map { "\"pageCount\": \($0)," } ?? "")
            "textScale": 1,
            "transform": {"m11": 1, "m12": 0, "m13": 0, "m21": 0, "m22": 1, "m23": 0, "m31": 0, "m32": 0, "m33": 1}
        }
        """
    }

    static let metadata = #"{"deleted":false,"lastModified":"1530000000000","parent":"","type":"DocumentType","version":3,"visibleName":"Old notes"}"#

    /// The files of an old notebook: page 1 a version 3 file of two strokes, page 2 without a
    /// file (a blank page), page 3 a version 5 file of one stroke.
    static func oldNotebook(pageCount: Int?) -> [(String, [UInt8])] {
        [("\(uuid).content", Array(oldContent(pageCount: pageCount).utf8)),
         ("\(uuid).metadata", Array(metadata.utf8)),
         ("\(uuid).pagedata", Array("Blank\nBlank\nBlank\n".utf8)),
         ("\(uuid)/0.rm", page(version: 3, strokes: 2)),
         ("\(uuid)/0-metadata.json", Array(#"{"layers":[{"name":"Notes"}]}"#.utf8)),
         ("\(uuid)/2.rm", page(version: 5, strokes: 1))]
    }

    static func writeFolder(_ files: [(String, [UInt8])], in dir: String) {
        for (name, bytes) in files { ReMarkableTestFiles.write(bytes, to: dir + "/" + name) }
    }

    static func writeZip(_ files: [(String, [UInt8])], to path: String) throws {
        var writer = try ZipArchiveWriter(path: path)
        for (name, bytes) in files { try writer.add(name, bytes: bytes) }
        try writer.close()
    }

    enum Form: String, CaseIterable { case contentFile, folder, zip }

    @Test("a firmware 1.x notebook: pages from the index-named files, blank pages of the tablet's size, no PDF looked for",
          arguments: Form.allCases, [3, nil])
    func oldNotebookIsRead(form: Form, pageCount: Int?) throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = Self.oldNotebook(pageCount: pageCount)
        let path: String
        switch form {
        case .contentFile: Self.writeFolder(files, in: dir); path = dir + "/\(Self.uuid).content"
        case .folder: Self.writeFolder(files, in: dir); path = dir + "/\(Self.uuid)"
        case .zip: try Self.writeZip(files, to: dir + "/old.zip"); path = dir + "/old.zip"
        }
        let (document, layers, header) = try ReMarkableTestFiles.importLayers(path, options: ImportOptions(temporaryDirectory: dir))
        let unit = 72.0 / 226
        #expect(document.pages.count == 3)
        for page in document.pages {
            #expect(page.background == .paper(Paper()))
            #expect(abs(page.width - 1404 * unit) < 1e-9 && abs(page.height - 1872 * unit) < 1e-9)
        }
        #expect(document.backgroundPDF == nil)
        #expect(document.report.warnings.isEmpty, "\(document.report.warnings)")
        #expect(layers.map(\.page) == [1, 3])
        #expect(layers.map(\.strokes.count) == [2, 1])
        #expect(layers.first?.layer == "Notes")
        let first = try #require(layers.first?.strokes.first?.points.first)
        #expect(abs(first.x - 100 * unit) < 1e-9 && abs(first.y - 100 * unit) < 1e-9)
        guard case .object(let rm)? = header.extra["remarkable"] else { Issue.record("no remarkable header"); return }
        #expect(rm["fileType"] == .string("notebook"))
        #expect(rm["pageIds"] == .array([.string("0"), .string("1"), .string("2")]))
        #expect(try ReMarkableImporter.documentInfo(path: path).pageCount == 3)
    }

    @Test("pageCount counts pages past the last index-named file; a page with metadata but no lines file is blank")
    func pageCountAddsBlankPages() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.writeFolder(Self.oldNotebook(pageCount: 5) + [("\(Self.uuid)/3-metadata.json", Array(#"{"layers":[{"name":"Layer 1"}]}"#.utf8))], in: dir)
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(dir + "/\(Self.uuid).content")
        #expect(document.pages.count == 5)
        #expect(layers.map(\.page) == [1, 3])
    }

    @Test("a million blank pages asked for by pageCount or by one file's index are refused, naming the bound",
          arguments: [("pagecount", 1_000_000, "0.rm"), ("index", nil, "999999.rm")])
    func impliedPagesAreBounded(name: String, pageCount: Int?, file: String) throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.writeFolder([("\(Self.uuid).content", Array(Self.oldContent(pageCount: pageCount).utf8)),
                          ("\(Self.uuid)/\(file)", Self.page(version: 5, strokes: 1))], in: dir)
        let path = dir + "/\(Self.uuid).content"
        do {
            _ = try ReMarkableImporter.read(path: path, options: ImportOptions(temporaryDirectory: dir))
            Issue.record("\(name): read a million implied pages")
        } catch {
            guard case .badContent(let errorPath, let reason) = error else { Issue.record("\(name): \(error)"); return }
            #expect(errorPath == path)
            #expect(reason.contains("\(InkRange.maximumImpliedPages) blank pages"))
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).allSatisfy { !$0.hasPrefix("inkpdf-") })
    }

    @Test("a firmware 1.x PDF document: page N's file over PDF page N")
    func oldPDFDocumentUsesTheIndexAsThePDFPage() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var files = Self.oldNotebook(pageCount: 3)
        files[0] = ("\(Self.uuid).content", Array(Self.oldContent(pageCount: 3).replacingOccurrences(of: #""fileType": """#, with: #""fileType": "pdf""#).utf8))
        files.append(("\(Self.uuid).pdf", Array("%PDF-1.4 not really\n".utf8)))
        Self.writeFolder(files, in: dir)
        let (document, _, _) = try ReMarkableTestFiles.importLayers(dir + "/\(Self.uuid).content", pdfPageSize: { _, _ in (595, 842) })
        #expect(document.pages.map(\.background) == [.pdfPage(1), .pdfPage(2), .pdfPage(3)])
        #expect(document.backgroundPDF?.resolved == dir + "/\(Self.uuid).pdf")
    }

    /// An rmapi archive: the `.content` lists a page id, the archive stores `UUID/0.rm`.
    static func rmapiArchive(pageFile: String, strokes: Int) -> [(String, [UInt8])] {
        let content = #"{"fileType":"notebook","pageCount":1,"pages":["0e4c4f3a-2b8d-4f7e-a1c3-9d2e8b7f6a51"],"orientation":"portrait"}"#
        return [("\(uuid).content", Array(content.utf8)),
                ("\(uuid).pagedata", Array("Blank\n".utf8)),
                ("\(uuid)/\(pageFile)", page(version: 5, strokes: strokes))]
    }

    @Test("an rmapi archive whose page files are named by index: the listed page is read from 0.rm")
    func rmapiArchiveFallsBackToTheIndexName() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.writeZip(Self.rmapiArchive(pageFile: "0.rm", strokes: 25), to: dir + "/rmapi.zip")
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(dir + "/rmapi.zip", options: ImportOptions(temporaryDirectory: dir))
        #expect(document.pages.count == 1)
        #expect(layers.reduce(0) { $0 + $1.strokes.count } == 25)
        #expect(document.report.warnings.isEmpty, "\(document.report.warnings)")
    }

    @Test("no stroke read because the pages' files are missing: a warning names the pages and the files left unread")
    func anEmptyResultIsNeverSilent() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.writeZip(Self.rmapiArchive(pageFile: "7.rm", strokes: 3), to: dir + "/rmapi.zip")
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(dir + "/rmapi.zip", options: ImportOptions(temporaryDirectory: dir))
        #expect(layers.allSatisfy { $0.strokes.isEmpty })
        #expect(document.report.warnings.count == 1)
        let warning = try #require(document.report.warnings.first)
        #expect(warning.contains("no stroke was read"))
        #expect(warning.contains("page 1 (\(Self.uuid)/0e4c4f3a-2b8d-4f7e-a1c3-9d2e8b7f6a51.rm or \(Self.uuid)/0.rm)"))
        #expect(warning.contains("\(Self.uuid)/7.rm"))
    }

    @Test("a blank notebook whose pages all have their files is no warning")
    func aBlankNotebookIsQuiet() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.writeZip(Self.rmapiArchive(pageFile: "0.rm", strokes: 0), to: dir + "/rmapi.zip")
        let (document, _, _) = try ReMarkableTestFiles.importLayers(dir + "/rmapi.zip", options: ImportOptions(temporaryDirectory: dir))
        #expect(document.report.warnings.isEmpty)
    }

    @Test("index-named files that are not page indexes are not pages")
    func indexNames() {
        let u = Self.uuid
        #expect(ReMarkableDocumentReader.indexOfPageFile("\(u)/0.rm", uuid: u) == 0)
        #expect(ReMarkableDocumentReader.indexOfPageFile("\(u)/12.rm", uuid: u) == 12)
        for name in ["\(u)/01.rm", "\(u)/-1.rm", "\(u)/1e3.rm", "\(u)/99999999.rm", "\(u)/٣.rm", "\(u)/0-metadata.json", "other/0.rm", "\(u)/.rm"] {
            #expect(ReMarkableDocumentReader.indexOfPageFile(name, uuid: u) == nil, "\(name)")
        }
    }
}
