import InkPipeline

/// Where a batch stands, sent after each finished document.
public struct BatchProgress: Sendable, Equatable {
    public var documentsDone: Int
    public var documentsTotal: Int
    /// Pages flattened so far in this run (up-to-date documents add none).
    public var pagesDone: Int
    /// Source bytes of the finished documents, of all kinds.
    public var bytesDone: Int64
    /// Source bytes of the documents actually flattened or copied (their rate predicts the rest).
    public var bytesWorked: Int64
    public var bytesTotal: Int64
    public var failures: Int
    /// Seconds since the batch started.
    public var elapsed: Double

    public init(documentsTotal: Int, bytesTotal: Int64) {
        documentsDone = 0
        self.documentsTotal = documentsTotal
        pagesDone = 0
        bytesDone = 0
        bytesWorked = 0
        self.bytesTotal = bytesTotal
        failures = 0
        elapsed = 0
    }

    /// Pages flattened per second so far (0 before the first).
    public var pagesPerSecond: Double { elapsed > 0 ? Double(pagesDone) / elapsed : 0 }

    /// Seconds left at the rate seen so far (by bytes), or nil before there is a rate.
    public var secondsLeft: Double? {
        guard bytesWorked > 0, elapsed > 0 else { return nil }
        return Double(bytesTotal - bytesDone) / (Double(bytesWorked) / elapsed)
    }

    mutating func add(_ result: BatchResult, elapsed: Double) {
        documentsDone += 1
        pagesDone += result.pagesWritten
        bytesDone += result.document.size
        switch result.outcome {
        case .flattened, .copied, .failed: bytesWorked += result.document.size
        case .upToDate, .copyUpToDate, .skippedUninked, .interrupted, .notStarted: break
        }
        if result.failure != nil { failures += 1 }
        self.elapsed = elapsed
    }
}
