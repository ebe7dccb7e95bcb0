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

    /// Issue 53: what a worker is busy with travels as `doing …` lines, each one progress for the watchdog,
    /// and every activity reads back as itself; anything else is not an activity.
    @Test func activitiesGoThroughThePipeAndBack() {
        let all: [PageProgress.Activity] = [.readingInk, .recognising(page: 12), .openingPDF, .drawing, .writing]
        for activity in all {
            let line = WorkerProgressChannel.line(for: activity)
            #expect(line.hasPrefix("doing ") && line.hasSuffix("\n"))
            #expect(WorkerProgressChannel.activity(parsing: line.dropLast()) == activity, "\(line)")
            #expect(WorkerProgressChannel.report(parsing: line.dropLast()) == nil)
        }
        for other in ["doing", "doing recognition", "doing recognition -1", "doing recognition x", "doing ink 3", "doing lunch", "page 1 2 1 2"] {
            #expect(WorkerProgressChannel.activity(parsing: other[...]) == nil, "\(other)")
        }
    }

    /// Issue 53: a watchdog that stops recognition says so, and does not blame the PDF.
    @Test func aStoppedRecognitionIsToldAsRecognition() {
        let stalled = WorkerError.stalled(path: "a.pdf", seconds: 60, opened: false, page: nil, activity: .recognising(page: 40))
        #expect(stalled.description.hasPrefix("a.pdf: page 40: stopped after 60 s without progress while recognising its handwriting"))
        #expect(!stalled.description.contains("poppler"))
        let timedOut = WorkerError.timedOut(path: "a.pdf", seconds: 900, activity: .recognising(page: 7))
        #expect(timedOut.description.hasPrefix("a.pdf: page 7: stopped after 900 s without finishing, while recognising its handwriting"))
        let ink = WorkerError.stalled(path: "a.pdf", seconds: 60, opened: false, page: nil, activity: .readingInk)
        #expect(ink.description.contains("while reading the ink") && !ink.description.contains("poppler"))
        let pdf = WorkerError.stalled(path: "a.pdf", seconds: 60, opened: true, page: 3, activity: .drawing)
        #expect(pdf.description == "a.pdf: page 3: stopped after 60 s without progress on this page (a damaged PDF can make poppler loop); nothing was written; check the file, or raise --stall-timeout")
    }
}
