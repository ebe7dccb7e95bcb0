import InkFileSystem
import Foundation

/// Starts a thread and says whether it started: Foundation's `Thread.start`
/// fails silently (under a memory limit, a stack cannot always be mapped),
/// and a thread that never runs leaves whoever waits for it waiting for ever.
public enum WorkThread {
    /// Runs `body` on a new thread with `stackSize` bytes of stack (poppler and
    /// cairo recurse on some pages, so work threads get the main thread's 8 MiB).
    ///
    /// The corresponding C functions are `pthread_attr_setstacksize`, `pthread_create` and `pthread_detach`.
    public static func start(for document: String, stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void) throws(ExportError) {
        final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            throw .drawing(.renderFailed(path: document, page: nil, reason: "cannot start a thread (\(Errno(rawValue: status).description)); raise --memory-limit"))
        }
        pthread_detach(thread)
    }

    /// Lowers the calling thread's scheduling priority (Linux: a thread's own nice
    /// value) so that it runs on cores the drawing leaves idle rather than taking
    /// turns with it. Background work whose result is only waited for at the end.
    ///
    /// The corresponding C function is `setpriority`.
    static func yieldToForegroundWork() {
        // On Linux the nice value is a thread's own, and 0 names the calling thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    }
}
