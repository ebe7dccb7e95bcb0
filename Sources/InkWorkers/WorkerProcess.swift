import InkPipeline
import Foundation

/// The worker's side of `DocumentWorker`: limits on itself, and a watch on
/// the parent so that a worker whose parent was killed does not go on writing.
public enum WorkerProcess {
    /// Caps the address space at `limits.memoryMB` and CPU time a little past
    /// the timeout (the parent enforces the wall clock).
    ///
    /// The corresponding C function is `setrlimit`.
    public static func applyLimits(_ limits: WorkerLimits) {
        // The parent may have started this process from a thread that blocks signals, and the
        // mask is inherited: unblock them, so that a crash or a kill ends the worker as it should.
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        var memory = rlimit(rlim_cur: rlim_t(limits.memoryMB) << 20, rlim_max: rlim_t(limits.memoryMB) << 20)
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
        let seconds = rlim_t(max(limits.timeout, 1).rounded(.up)) + 5
        var cpu = rlimit(rlim_cur: seconds, rlim_max: seconds + 5)
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
    }

    /// Ends this process (as SIGTERM would: temporary files removed) once its
    /// parent is gone, checking every half second. Throws if the watching thread
    /// cannot start (under the memory limit, `Thread.start` would fail in silence).
    public static func stopWhenParentEnds(document: String) throws(ExportError) {
        let parent = getppid()
        try WorkThread.start(for: document, stackSize: 64 << 10) {
            while getppid() == parent { usleep(500_000) }
            kill(getpid(), SIGTERM)
        }
    }
}
