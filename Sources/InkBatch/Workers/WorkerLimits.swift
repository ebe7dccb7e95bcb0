import InkPipeline

/// Bounds on the work on one document, enforced by running it in a worker
/// process: poppler cannot be interrupted from inside, and some damaged PDFs
/// make it loop for ever or crash.
public struct WorkerLimits: Sendable, Equatable {
    /// Wall-clock seconds before the worker is stopped.
    public var timeout: Double
    /// Address-space limit of the worker, in MiB (RLIMIT_AS). The flatten of a
    /// dense 1000-page document peaks at about 350 MiB of address space.
    public var memoryMB: Int

    public init(timeout: Double = WorkerLimits.default.timeout, memoryMB: Int = WorkerLimits.default.memoryMB) {
        self.timeout = timeout
        self.memoryMB = memoryMB
    }

    /// 15 minutes and 4 GiB: far beyond any legitimate document (1000 dense pages take under a minute).
    public static let `default` = WorkerLimits(timeout: 900, memoryMB: 4096)
}
