import Foundation
import InkCLI
import InkFixtures
import Testing

/// The command line over reMarkable documents laid out by older software (issue 39): a
/// firmware 1.x notebook flattens to its pages, an empty one says it has no pages (exit 65),
/// and a conversion that reads no stroke for missing page files says which.
@Suite struct ReMarkableOldLayoutCommandTests {
    static let uuid = "5a1f0c3e-7b21-4c55-9d0e-3f1b2a6c8d90"

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let code = CommandRunner(environment: DemoLicence.environment).run(arguments, output: &out, errors: &err)
        return (code, out, err)
    }

    /// A firmware 1.x notebook: `fileType` empty, no page list, page files named by index.
    static func oldNotebook(in folder: TestFolder, pages: [Int]) -> String {
        _ = folder.write(#"{"fileType": "", "lineHeight": -1, "margins": 100, "textScale": 1}"#, to: "\(uuid).content")
        try? FileManager.default.createDirectory(atPath: folder.path(uuid), withIntermediateDirectories: true)
        for index in pages {
            var b = LinesV5Builder(version: 3)
            b.line(tool: 2, color: 0, points: [.init(x: 100, y: 100), .init(x: 700, y: 300)])
            _ = FileManager.default.createFile(atPath: folder.path("\(uuid)/\(index).rm"), contents: Data(b.bytes))
        }
        return folder.path("\(uuid).content")
    }

    @Test func anOldNotebookFlattensWithoutAnyPageSelection() throws {
        let folder = TestFolder()
        let content = Self.oldNotebook(in: folder, pages: [0, 1])
        let result = run(["flatten", content, "-o", folder.path("out/old.pdf")])
        #expect(result.code == 0, "\(result.err)")
        #expect(!result.err.contains("no page is selected") && !result.err.contains(".pdf is missing"), "\(result.err)")
        #expect(try PopplerReader(path: folder.path("out/old.pdf")).pageCount == 2)
    }

    @Test func aDocumentWithoutPagesSaysSoNotThatNoPageIsSelected() {
        let folder = TestFolder()
        let content = Self.oldNotebook(in: folder, pages: [])
        let result = run(["flatten", content, "-o", folder.path("out/old.pdf")])
        #expect(result.code == 65)
        #expect(result.err.contains("the document has no pages") && !result.err.contains("selected"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/old.pdf")))
    }

    @Test func aConversionThatReadsNoStrokeForMissingFilesSaysWhich() throws {
        let folder = TestFolder()
        let content = folder.write(#"{"fileType":"notebook","pages":["0e4c4f3a-2b8d-4f7e-a1c3-9d2e8b7f6a51"]}"#, to: "\(Self.uuid).content")
        try FileManager.default.createDirectory(atPath: folder.path(Self.uuid), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder.path("\(Self.uuid)/3.rm"), contents: Data(LinesV5Builder().bytes))
        let result = run(["convert", content, "-o", folder.path("out.ink.jsonl")])
        #expect(result.code == 0, "\(result.err)")
        let all = result.out + result.err
        #expect(all.contains("no stroke was read") && all.contains("page 1 (") && all.contains("\(Self.uuid)/3.rm"), "\(all)")
    }
}
