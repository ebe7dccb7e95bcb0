import Foundation
import Glibc
import Synchronization

/// The temporary files this process has not yet committed, and the worker
/// processes writing for it: removed and stopped when SIGINT or SIGTERM
/// arrives (see `SignalCleanup`).
public final class TemporaryFiles: Sendable {
    public static let shared = TemporaryFiles()
    private let state = Mutex<(paths: Set<String>, ending: Bool)>(([], false))

    /// Creates `path` (it must not exist) and registers it, in one step under
    /// the lock, so that a signal either finds it registered or stops its creation.
    func create(_ path: String, for destination: String) throws(FileSystemError) -> FileDescriptor {
        let result: Result<Int32, FileSystemError> = state.withLock { state in
            if state.ending { return .failure(.interrupted(signal: SIGINT)) }
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { return .failure(.cannotCreate(path: destination, reason: Errno.current.description)) }
            state.paths.insert(path)
            return .success(fd)
        }
        return FileDescriptor(adopting: try result.get())
    }

    func unregister(_ path: String) { state.withLock { _ = $0.paths.remove(path) } }

    /// Temporary files for `NAME` are `.NAME.inkpdf-PID-RANDOM`.
    static func prefix(for name: String) -> String { ".\(name).inkpdf-" }

    /// Removes the temporary files for `destination` left by a process that no
    /// longer runs (a SIGKILL, a power cut); or, when `owner` is given, every
    /// temporary file of that process in `destination`'s folder.
    public static func removeLeftovers(besides destination: String, ownedBy owner: pid_t? = nil) {
        let url = URL(fileURLWithPath: destination)
        let directory = url.deletingLastPathComponent().path
        let prefix = prefix(for: url.lastPathComponent)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            // A given owner's files go whatever their name (a worker may write several outputs there).
            if let owner, name.contains(".inkpdf-\(owner)-") {
                unlink((directory as NSString).appendingPathComponent(name))
                continue
            }
            guard owner == nil, name.hasPrefix(prefix),
                  let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ pid_t($0) }) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH && pid != getpid() {
                unlink((directory as NSString).appendingPathComponent(name))
            }
        }
    }

    /// Worker processes that write outputs for this one, with their destinations.
    private let workers = Mutex<[pid_t: [String]]>([:])

    /// Registers a started worker; false once a signal is ending the process (the
    /// caller must stop the worker itself: the handler's list is already taken).
    public func registerWorker(_ pid: pid_t, destinations: [String]) -> Bool {
        workers.withLock { workers in
            guard !isEnding, workersStoppedBy.withLock({ $0 }) == nil else { return false }
            workers[pid] = destinations
            return true
        }
    }

    public func unregisterWorker(_ pid: pid_t) { workers.withLock { _ = $0.removeValue(forKey: pid) } }

    /// Stops the workers (SIGTERM, so that they remove their own temporary
    /// files, then SIGKILL) and removes whatever they left.
    public func stopWorkers() {
        let running = workers.withLock { $0 }
        guard !running.isEmpty else { return }
        for pid in running.keys { kill(pid, SIGTERM) }
        usleep(300_000)
        for (pid, destinations) in running {
            kill(pid, SIGKILL)
            for destination in destinations { Self.removeLeftovers(besides: destination, ownedBy: pid) }
        }
    }

    /// Whether a signal is ending the process (its handler exits with the signal's code).
    public var isEnding: Bool { state.withLock { $0.ending } }

    /// The signal for which a command that answers signals itself (`batch`, through `SignalCleanup.handOver`)
    /// stopped its workers: no worker starts after it, and the process goes on to report what was done.
    private let workersStoppedBy = Mutex<Int32?>(nil)

    /// Stops the workers as `stopWorkers()` does, for `signal`, and lets no other start; the process
    /// goes on (its own temporary files stay registered, and it may still write its outputs).
    public func stopWorkers(for signal: Int32) {
        workers.withLock { _ in workersStoppedBy.withLock { $0 = signal } }
        stopWorkers()
    }

    /// The signal stopping the work in this process: one ending it, or one its workers were stopped for; nil while none is.
    public var interruptingSignal: Int32? {
        if let signal = workersStoppedBy.withLock({ $0 }) { return signal }
        return isEnding ? SIGINT : nil
    }

    /// Held while outputs that belong together are put in place (a PDF and its
    /// sidecar), so that a signal's clean-up runs before both renames or after both.
    private let committing = NSLock()

    /// Keeps a signal's clean-up waiting until `endCommitting()`.
    public func beginCommitting() { committing.lock() }

    /// Lets a waiting signal's clean-up run.
    public func endCommitting() { committing.unlock() }

    /// Removes every registered file; no more can be created afterwards.
    public func removeAll() {
        committing.lock()
        defer { committing.unlock() }
        state.withLock { state in
            for path in state.paths { unlink(path) }
            state.paths.removeAll()
            state.ending = true
        }
    }
}
