import InkWorkers
import InkPipeline
import Foundation

/// What `BatchFlattener` may be told besides its folders.
public struct BatchOptions: Sendable {
    /// Documents flattened at once, each on its own thread (≥ 1).
    public var jobs: Int
    /// Only this part of the documents (nil: all).
    public var shard: BatchShard?
    /// Copies PDFs without ink to the output instead of skipping them.
    public var copyUninked: Bool
    /// Redoes documents whose output is up to date.
    public var force: Bool
    /// Applied to every document (password, metadata). The sidecar is always
    /// written: it is what tells a later run that the output is up to date.
    public var flatten: FlattenOptions
    /// Flattens each document in a worker process with a timeout and a memory
    /// limit (nil: on the batch's own threads, as the tests do).
    public var worker: DocumentWorker?
    /// Once it is interrupted, no document starts (each is reported as not started).
    public var interruption: BatchInterruption?

    public init(jobs: Int = BatchOptions.defaultJobs, shard: BatchShard? = nil, copyUninked: Bool = false,
                force: Bool = false, flatten: FlattenOptions = FlattenOptions(), worker: DocumentWorker? = nil) {
        self.jobs = max(1, jobs)
        self.shard = shard
        self.copyUninked = copyUninked
        self.force = force
        self.flatten = flatten
        self.worker = worker
    }

    /// The number of cores this process may use.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
