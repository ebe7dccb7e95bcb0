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
    public let temporary: String

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
        let name = ".\(url.lastPathComponent).inkpdf-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        temporary = (directory as NSString).appendingPathComponent(name)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            throw .cannotCreateOutput(path: destination, reason: String(cString: strerror(errno)))
        }
        close(fd)
        TemporaryFiles.shared.register(temporary)
    }

    /// Flushes the temporary file to disk and renames it over the destination.
    public func commit() throws(ExportError) {
        let fd = open(temporary, O_RDONLY)
        guard fd >= 0 else { throw .writeFailed(path: destination, reason: String(cString: strerror(errno))) }
        let synced = fsync(fd) == 0
        close(fd)
        guard synced else {
            abandon()
            throw .writeFailed(path: destination, reason: String(cString: strerror(errno)))
        }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            abandon()
            throw .writeFailed(path: destination, reason: reason)
        }
        TemporaryFiles.shared.unregister(temporary)
    }

    /// Writes `destination` by handing `body` the temporary path, then
    /// commits; removes the temporary file if `body` throws.
    public static func write<Result>(to destination: String, _ body: (String) throws -> Result) throws -> Result {
        let output = try AtomicOutput(destination: destination)
        do {
            let result = try body(output.temporary)
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
        TemporaryFiles.shared.unregister(temporary)
    }
}

/// The temporary files this process has not yet committed, removed when
/// SIGINT or SIGTERM arrives.
public final class TemporaryFiles: Sendable {
    public static let shared = TemporaryFiles()
    private let paths = Mutex<Set<String>>([])

    func register(_ path: String) { paths.withLock { _ = $0.insert(path) } }
    func unregister(_ path: String) { paths.withLock { _ = $0.remove(path) } }

    /// Removes every registered file.
    public func removeAll() {
        paths.withLock { set in
            for path in set { unlink(path) }
            set.removeAll()
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
                let error = ExportError.interrupted(signal: signalNumber)
                FileHandle.standardError.write(Data("inkpdf: \(error)\n".utf8))
                exit(error.exitCode.rawValue)
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
