import Synchronization

/// What a page loop (flatten, export, render) tells as it goes: once when the
/// document is open and its pages are known, then after every finished page;
/// and, before and between, what the work is busy with (`doing`: reading the ink,
/// recognising a line of handwriting, opening the PDF, writing the output).
/// A progress line and a worker's watchdog both go by it: each report is progress,
/// and a watchdog that stops the work names the activity it was in.
///
/// The handler is called on the page loop's thread; it must be quick.
public final class PageProgress: Sendable, Equatable {
    /// Where the work stands.
    public struct Report: Sendable, Equatable {
        /// Pages finished so far, and how many the document has to do.
        public var done: Int
        public var total: Int
        /// The source page just finished (nil in the report that the document is open).
        public var finishedPage: Int?
        /// The source page worked on next (nil after the last).
        public var nextPage: Int?

        public init(done: Int, total: Int, finishedPage: Int?, nextPage: Int?) {
            self.done = done
            self.total = total
            self.finishedPage = finishedPage
            self.nextPage = nextPage
        }
    }

    /// What the work is busy with between page reports.
    public enum Activity: Sendable, Equatable {
        /// Reading (and importing) the ink.
        case readingInk
        /// Recognising the handwriting of this page's ink, told after each line read.
        case recognising(page: Int)
        /// Opening the PDF with poppler.
        case openingPDF
        /// Drawing pages (`begin` says so itself).
        case drawing
        /// Writing the output and checking it is whole, after the last page.
        case writing
    }

    private let pages = Mutex<(list: [Int], done: Int)>(([], 0))
    private let handler: @Sendable (Report) -> Void
    private let activityHandler: (@Sendable (Activity) -> Void)?

    /// `activity` is told what the work is busy with (nil: only page reports are wanted).
    public init(_ handler: @escaping @Sendable (Report) -> Void, activity: (@Sendable (Activity) -> Void)? = nil) {
        self.handler = handler
        activityHandler = activity
    }

    /// The work is now busy with `activity` (a recognised line: still busy, and progress).
    public func doing(_ activity: Activity) {
        activityHandler?(activity)
    }

    /// The document is open and these source pages will be worked on, in this order.
    public func begin(pages list: [Int]) {
        pages.withLock { $0 = (list, 0) }
        activityHandler?(.drawing)
        handler(Report(done: 0, total: list.count, finishedPage: nil, nextPage: list.first))
    }

    /// Source page `page` is finished (drawn and written).
    public func finished(page: Int) {
        let report = pages.withLock { state -> Report in
            state.done += 1
            let next = state.done < state.list.count ? state.list[state.done] : nil
            return Report(done: state.done, total: state.list.count, finishedPage: page, nextPage: next)
        }
        handler(report)
    }

    /// Two progress objects are the same when they are one object: it makes no difference to the output.
    public static func == (lhs: PageProgress, rhs: PageProgress) -> Bool { lhs === rhs }
}
