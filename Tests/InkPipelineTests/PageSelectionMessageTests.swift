import Foundation
import InkFixtures
import InkModel
import InkPipeline
import Testing

/// "No page is selected" is said only when a page selection was given (issue 39): a document
/// without pages says so, and each selection option is named only when it was given.
@Suite struct PageSelectionMessageTests {
    static let uuid = "5a1f0c3e-7b21-4c55-9d0e-3f1b2a6c8d90"

    /// A firmware 1.x notebook: `fileType` empty, no page list, page files named by index.
    static func oldNotebook(in folder: TestFolder, pageFiles: [Int: [UInt8]], pageCount: Int?) -> String {
        let count = pageCount.map { "\"pageCount\": \($0), " } ?? ""
        _ = folder.write("{\"fileType\": \"\", \(count)\"lineHeight\": -1, \"margins\": 100, \"textScale\": 1}", to: "\(uuid).content")
        try? FileManager.default.createDirectory(atPath: folder.path(uuid), withIntermediateDirectories: true)
        for (index, bytes) in pageFiles {
            _ = FileManager.default.createFile(atPath: folder.path("\(uuid)/\(index).rm"), contents: Data(bytes))
        }
        return folder.path("\(uuid).content")
    }

    static func version3Page() -> [UInt8] {
        var b = LinesV5Builder(version: 3)
        b.line(tool: 2, color: 0, points: [.init(x: 100, y: 100), .init(x: 700, y: 300)])
        return b.bytes
    }

    func flatten(_ ink: String, in folder: TestFolder, options: FlattenOptions = FlattenOptions()) -> Result<Int, ExportError> {
        do {
            let report = try Flattener.flatten(pdf: nil, ink: ink, output: folder.path("out.pdf"), options: options)
            return .success(report.pageCount)
        } catch {
            return .failure(error)
        }
    }

    @Test("an old notebook flattens to its pages, without any selection")
    func oldNotebookFlattens() async throws {
        let folder = TestFolder()
        let ink = Self.oldNotebook(in: folder, pageFiles: [0: Self.version3Page(), 2: Self.version3Page()], pageCount: 3)
        #expect(try flatten(ink, in: folder).get() == 3)
        #expect(try PopplerReader(path: folder.path("out.pdf")).pageCount == 3)
    }

    @Test("a document without pages says so, not that no page is selected")
    func noPagesIsNotASelection() {
        let folder = TestFolder()
        let ink = Self.oldNotebook(in: folder, pageFiles: [:], pageCount: nil)
        guard case .failure(let error) = flatten(ink, in: folder) else { Issue.record("flattened a document without pages"); return }
        #expect(error == .reading(.noPages(inkFile: ink)))
        #expect(!error.description.contains("selected") && !error.description.contains("--"))
        #expect(error.description.contains("has no pages"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.pdf")))
    }

    @Test("--only-annotated alone names only itself")
    func onlyAnnotatedAlone() {
        let folder = TestFolder()
        let ink = Self.oldNotebook(in: folder, pageFiles: [:], pageCount: 2)
        guard case .failure(let error) = flatten(ink, in: folder, options: FlattenOptions(onlyAnnotated: true)) else {
            Issue.record("flattened a document without ink with --only-annotated"); return
        }
        #expect(error == .opening(.nothingSelected(pdf: ink, pages: false, onlyAnnotated: true)))
        #expect(error.description.contains("--only-annotated") && !error.description.contains("--pages"))
    }
}
