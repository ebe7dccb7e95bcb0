/// When a qpdf document is opened afresh to drop what it parsed (qpdf keeps every object it
/// parsed until it is closed). A reopening reads the whole cross-reference table again, so
/// reopening every so many pages made a walk quadratic in pages (minutes on a file of
/// tens of thousands of blank pages).
///
/// So a reopening is due after at least `pages` pages *and* once the time spent on the pages
/// since the last one is at least `costFactor` times what that reopening took: all reopenings
/// together then take at most 1/`costFactor` of the pages' own time (linear in the file), while
/// a file whose pages are costly to parse (and so hold much memory) is still reopened every
/// `pages` pages. The time only decides when memory is dropped, never what is read.
public struct ReopeningSchedule {
    /// The fewest pages between two reopenings.
    public let pages: Int
    /// How many times the pages' time must exceed a reopening's before the next one.
    public static let costFactor: UInt64 = 4
    private let now: () -> UInt64
    private var pagesSince = 0
    private var since: UInt64
    private var reopeningCost: UInt64

    /// `openingCost`: nanoseconds the document's first opening took (what a reopening will).
    /// `now`: a monotonic clock in nanoseconds (a test may give its own).
    public init(every pages: Int, openingCost: UInt64, now: @escaping () -> UInt64 = ReopeningSchedule.monotonicNanoseconds) {
        self.pages = max(pages, 1)
        self.now = now
        self.since = now()
        self.reopeningCost = openingCost
    }

    /// Counts a page done; true when the document should be reopened now (then call `reopen`).
    public mutating func pageDone() -> Bool {
        pagesSince += 1
        guard pagesSince >= pages else { return false }
        let spent = now() &- since
        return spent >= reopeningCost.multipliedReportingOverflow(by: Self.costFactor).partialValue
    }

    /// Runs `reopen`, timing it for the next decision.
    public mutating func reopen<E: Error>(_ reopen: () throws(E) -> Void) throws(E) {
        let start = now()
        try reopen()
        let end = now()
        reopeningCost = end &- start
        since = end
        pagesSince = 0
    }

    /// Nanoseconds of the monotonic clock.
    public static func monotonicNanoseconds() -> UInt64 {
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        return UInt64(max(seconds, 0)) &* 1_000_000_000 &+ UInt64(max(attoseconds, 0) / 1_000_000_000)
    }

    private static let start = ContinuousClock.now

    /// Times `body` in nanoseconds of the monotonic clock.
    public static func timing<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (value: T, nanoseconds: UInt64) {
        let start = monotonicNanoseconds()
        let value = try body()
        return (value, monotonicNanoseconds() &- start)
    }
}
