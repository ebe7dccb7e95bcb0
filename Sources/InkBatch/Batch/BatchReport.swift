import Glibc
import InkPipeline

/// What a batch did, document by document, ordered by relative path.
public struct BatchReport: Sendable, Equatable {
    public var source: String
    public var output: String
    public var shard: BatchShard?
    public var jobs: Int
    public var results: [BatchResult]
    /// Folders that could not be read (failures: documents in them may be missed).
    public var unreadable: [BatchDiscovery.Problem]
    /// What discovery left out on purpose (symlink loops, broken links, the output folder).
    public var ignored: [BatchDiscovery.Problem]
    /// Wall-clock time of the run, for the report only.
    public var seconds: Double
    /// The signal that stopped the batch (Ctrl-C: SIGINT); nil when it ran to the end.
    public var interruptedBy: Int32?

    public init(source: String, output: String, shard: BatchShard?, jobs: Int, results: [BatchResult],
                unreadable: [BatchDiscovery.Problem], ignored: [BatchDiscovery.Problem], seconds: Double) {
        self.source = source
        self.output = output
        self.shard = shard
        self.jobs = jobs
        self.results = results
        self.unreadable = unreadable
        self.ignored = ignored
        self.seconds = seconds
    }

    public var failures: [BatchResult] { results.filter { $0.failure != nil } }
    public var allSucceeded: Bool { failures.isEmpty && unreadable.isEmpty }

    public var flattenedCount: Int { results.count { if case .flattened = $0.outcome { true } else { false } } }
    public var upToDateCount: Int { results.count { $0.outcome == .upToDate || $0.outcome == .copyUpToDate } }
    public var copiedCount: Int { results.count { $0.outcome == .copied } }
    public var skippedCount: Int { results.count { $0.outcome == .skippedUninked } }
    public var pagesWritten: Int { results.reduce(0) { $0 + $1.pagesWritten } }
    public var interruptedCount: Int { results.count { if case .interrupted = $0.outcome { true } else { false } } }
    public var notStartedCount: Int { results.count { $0.outcome == .notStarted } }

    /// The closing lines: the counts, then every failure with its reason.
    public var summaryLines: [String] {
        let documents = results.count
        var first = "batch: \(documents) document\(documents == 1 ? "" : "s")"
        if let shard { first += " (shard \(shard))" }
        first += ": \(flattenedCount) flattened (\(pagesWritten) page\(pagesWritten == 1 ? "" : "s")), \(upToDateCount) up to date"
        if copiedCount > 0 { first += ", \(copiedCount) copied" }
        first += ", \(skippedCount) skipped without ink, \(failures.count) failed"
        if let interruptedBy {
            first += "; stopped by \(interruptedBy == SIGTERM ? "SIGTERM" : "SIGINT"): \(interruptedCount) interrupted, "
                + "\(notStartedCount) not started (run it again to go on)"
        }
        var lines = [first]
        for result in failures {
            lines.append("failed: \(result.document.relativePath): \(result.failure!)")
        }
        for problem in unreadable {
            lines.append("failed: \(problem.description)")
        }
        return lines
    }
}
