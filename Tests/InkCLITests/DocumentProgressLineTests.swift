@testable import InkCLI
import InkPipeline
import InkWorkers
import Testing

/// The live line of flatten, export and render: pages done of all, the rate, the time left.
@Suite struct DocumentProgressLineTests {
    @Test(arguments: [
        (0, 200, 0.0, "0/200 pages"),
        (0, 200, 3.0, "0/200 pages"),
        (10, 200, 2.0, "10/200 pages, 5.0 pages/s, 38s left"),
        (50, 1000, 2.0, "50/1000 pages, 25.0 pages/s, 38s left"),
        (1, 400, 1.0, "1/400 pages, 1.0 pages/s, 6m39s left"),
        (1, 10_000, 1.0, "1/10000 pages, 1.0 pages/s, 2h46m left"),
        (200, 200, 8.0, "200/200 pages, 25.0 pages/s"),
        (1, 1, 0.5, "1/1 page, 2.0 pages/s"),
        // No total known in advance (recognize, search): the pages done and the rate.
        (3, 0, 2.0, "3 pages, 1.5 pages/s"),
    ])
    func line(done: Int, total: Int, seconds: Double, expected: String) {
        #expect(DocumentProgressLine.text(done: done, total: total, seconds: seconds) == expected)
    }

    @Test func summariesSayOnePageAndOneStroke() {
        #expect(CommandRunner.summary(pages: 1, inked: 1, strokes: 1) == "1 page, 1 with ink, 1 stroke")
        #expect(CommandRunner.summary(pages: 3, inked: 0, strokes: 0) == "3 pages, 0 with ink, 0 strokes")
        #expect(CommandRunner.counted(2, "page") == "2 pages")
    }

    /// Issue 52: recognition and search report each page read with no total known in advance
    /// (`page DONE 0 PAGE 0`): the watchdog takes each as progress.
    @Test func aReportWithoutATotalIsProgress() {
        let report = WorkerProgressChannel.report(parsing: "page 3 0 7 0")
        #expect(report == PageProgress.Report(done: 3, total: 0, finishedPage: 7, nextPage: nil))
        #expect(WorkerProgressChannel.report(parsing: "page 3 2 7 0") == nil)
    }
}
