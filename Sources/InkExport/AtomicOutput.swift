import Foundation
import Synchronization

/// A file written beside its destination under a temporary name and renamed
/// into place only when complete, so that the destination holds either its
/// old content or the new, never part of one.
///
/// Temporary files are registered with `TemporaryFiles` so that a signal
/// removes them before the process ends.
public struct AtomicOutput: Sendable {
    public let destination: String
    /// The temporary file's name beside the destination.
    public let temporary: String
    /// Held open from creation to commit, so that writers can reach the file
    /// through `writablePath` even after a signal has removed its name.
    private let descriptor: Int32

    /// The path writers open: the open temporary file itself (`/proc/self/fd/N`).
    /// Opening it never creates a file in the folder, so a writer that starts
    /// after a signal removed the temporary name cannot leave one behind.
    public var writablePath: String { "/proc/self/fd/\(descriptor)" }

    /// Reserves a temporary file beside `destination`, creating missing folders.
    public init(destination: String) throws(ExportError) {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: destination, reason: "cannot create folder \(directory)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .cannotCreateOutput(path: destination, reason: "it is a folder")
        }
        TemporaryFiles.removeLeftovers(besides: destination)
        let name = TemporaryFiles.prefix(for: url.lastPathComponent) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        temporary = (directory as NSString).appendingPathComponent(name)
        descriptor = try TemporaryFiles.shared.create(temporary, for: destination)
    }

    /// Flushes the temporary file to disk and renames it over the destination.
    public func commit() throws(ExportError) {
        guard fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            abandon()
            throw .writeFailed(path: destination, reason: reason)
        }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            abandon()
            throw .writeFailed(path: destination, reason: reason)
        }
        close(descriptor)
        TemporaryFiles.shared.unregister(temporary)
    }

    /// Writes `destination` by handing `body` the path to write, then
    /// commits; removes the temporary file if `body` throws.
    public static func write<Result>(to destination: String, _ body: (String) throws -> Result) throws -> Result {
        let output = try AtomicOutput(destination: destination)
        do {
            let result = try body(output.writablePath)
            try output.commit()
            return result
        } catch {
            output.abandon()
            throw error
        }
    }

    /// Removes the temporary file; the destination is untouched.
    public func abandon() {
        unlink(temporary)
        close(descriptor)
        TemporaryFiles.shared.unregister(temporary)
    }
}

/// The temporary files this process has not yet committed, removed when
/// SIGINT or SIGTERM arrives.
public final class TemporaryFiles: Sendable {
    public static let shared = TemporaryFiles()
    private let state = Mutex<(paths: Set<String>, ending: Bool)>(([], false))

    /// Creates `path` (it must not exist) and registers it, in one step under
    /// the lock, so that a signal either finds it registered or stops its creation.
    func create(_ path: String, for destination: String) throws(ExportError) -> Int32 {
        let result: Result<Int32, ExportError> = state.withLock { state in
            if state.ending { return .failure(.interrupted(signal: SIGINT)) }
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { return .failure(.cannotCreateOutput(path: destination, reason: String(cString: strerror(errno)))) }
            state.paths.insert(path)
            return .success(fd)
        }
        return try result.get()
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
    func registerWorker(_ pid: pid_t, destinations: [String]) -> Bool {
        workers.withLock { workers in
            guard !isEnding else { return false }
            workers[pid] = destinations
            return true
        }
    }
    func unregisterWorker(_ pid: pid_t) { workers.withLock { _ = $0.removeValue(forKey: pid) } }

    /// Stops the workers (SIGTERM, so that they remove their own temporary
    /// files, then SIGKILL) and removes whatever they left.
    func stopWorkers() {
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

    /// Removes every registered file; no more can be created afterwards.
    public func removeAll() {
        state.withLock { state in
            for path in state.paths { unlink(path) }
            state.paths.removeAll()
            state.ending = true
        }
    }

    /// Handles SIGINT and SIGTERM: remove the temporary files, print one
    /// line to standard error, and exit with 130 or 143.
    public func removeOnSignals() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                removeAll()
                stopWorkers()
                let error = ExportError.interrupted(signal: signalNumber)
                FileHandle.standardError.write(Data("inkpdf: \(error)\n".utf8))
                // _exit, not exit: the other threads are still inside poppler and cairo, and
                // exit's static destructors would pull their globals away under them.
                _exit(error.exitCode.rawValue)
            }
            source.resume()
            SignalSources.keep(source)
        }
    }
}

/// Keeps dispatch signal sources alive for the life of the process.
private enum SignalSources {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    static func keep(_ source: DispatchSourceSignal) { sources.append(source) }
}
