import InkCommandLine
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
    /// Seconds the worker may go without opening the document or finishing a
    /// page before it is stopped: a PDF that makes poppler loop stops here,
    /// long before `timeout`.
    public var stallTimeout: Double

    public init(timeout: Double = WorkerLimits.default.timeout, memoryMB: Int = WorkerLimits.default.memoryMB,
                stallTimeout: Double = WorkerLimits.default.stallTimeout) {
        self.timeout = timeout
        self.memoryMB = memoryMB
        self.stallTimeout = stallTimeout
    }

    /// 15 minutes and 4 GiB: far beyond any legitimate document (the benchmark's 1000 dense pages take a
    /// small part of either);
    /// a minute without progress: a page, however dense, takes under a second or two.
    public static let `default` = WorkerLimits(timeout: 900, memoryMB: 4096, stallTimeout: 60)
}

extension WorkerLimits {
    /// The limits as a worker's command line gives them: `--timeout S --stall-timeout S --memory-limit MB`.
    public var arguments: [String] {
        OptionHelp.timeout.spelled("\(timeout)") + OptionHelp.stallTimeout.spelled("\(stallTimeout)")
            + OptionHelp.memoryLimit.spelled("\(memoryMB)")
    }
}
