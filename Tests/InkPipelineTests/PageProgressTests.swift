import Foundation
import InkPipeline
import InkModel
import InkFixtures
import Synchronization
import Testing

/// flatten, export and render tell their progress once when the document is open
/// and once per finished page, naming the page done and the next.
@Suite struct PageProgressTests {
    static let pageCount = 5

    static func document(in folder: TestFolder) throws -> (pdf: String, ink: String) {
        let pdf = folder.path("five.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Array(repeating: TestPage(), count: pageCount))
        let stroke = redStroke([(100, 100), (200, 200)])
        let ink = folder.writeInk("five.ink.jsonl", layers: [2, 4].map { PageLayer(page: $0, layer: "Notes", strokes: [stroke]) })
        return (pdf, ink)
    }

    /// Records every report, in order.
    static func recorder() -> (PageProgress, @Sendable () -> [PageProgress.Report]) {
        let reports = Mutex<[PageProgress.Report]>([])
        return (PageProgress { report in reports.withLock { $0.append(report) } }, { reports.withLock { $0 } })
    }

    static func expected(_ pages: [Int]) -> [PageProgress.Report] {
        [PageProgress.Report(done: 0, total: pages.count, finishedPage: nil, nextPage: pages.first)]
            + pages.enumerated().map { index, page in
                PageProgress.Report(done: index + 1, total: pages.count, finishedPage: page,
                                    nextPage: index + 1 < pages.count ? pages[index + 1] : nil)
            }
    }

    @Test func flattenReportsEveryKeptPage() throws {
        let folder = TestFolder()
        let (pdf, ink) = try Self.document(in: folder)
        let (progress, reports) = Self.recorder()
        var options = FlattenOptions(pages: try PageSelection.parse("2-4").get())
        options.progress = progress
        _ = try Flattener.flatten(pdf: pdf, ink: ink, output: folder.path("out.pdf"), options: options)
        #expect(reports() == Self.expected([2, 3, 4]))
    }

    @Test func exportReportsEveryPageItDraws() throws {
        let folder = TestFolder()
        let (pdf, ink) = try Self.document(in: folder)
        let (progress, reports) = Self.recorder()
        var options = ExportOptions()
        options.progress = progress
        _ = try Exporter.export(pdf: pdf, ink: ink, output: folder.path("out.pdf"), options: options)
        #expect(reports() == Self.expected([2, 4]))
    }

    @Test func renderReportsEveryImage() throws {
        let folder = TestFolder()
        let (pdf, ink) = try Self.document(in: folder)
        let (progress, reports) = Self.recorder()
        var options = RenderOptions(scale: 0.5)
        options.progress = progress
        _ = try PageRenderer.render(pdf: pdf, ink: ink, outputDirectory: folder.path("images"), options: options)
        #expect(reports() == Self.expected(Array(1...Self.pageCount)))
    }
}
