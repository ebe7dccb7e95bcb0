import Foundation
import Glibc
import Synchronization

/// What SIGINT and SIGTERM do: remove the temporary files, stop the workers,
/// print one line to standard error and end with 128 + the signal (130, 143).
public enum SignalCleanup {
    nonisolated(unsafe) private static var sources: [Int32: DispatchSourceSignal] = [:]
    /// Where SIGINT and SIGTERM go instead, once a command has taken them over (`handOver`).
    private static let takenOver = Mutex<(@Sendable (Int32) -> Void)?>(nil)

    /// Installs the handlers (once, at start-up, before any output is reserved).
    public static func install(files: TemporaryFiles = .shared) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                if let handler = takenOver.withLock({ $0 }) {
                    handler(signalNumber)
                    return
                }
                end(by: signalNumber, files: files)
            }
            source.resume()
            sources[signalNumber] = source
        }
    }

    /// What a signal does unless a command took it over: removes the temporary files, stops the workers,
    /// says so in one line and ends the process with 128 + the signal. A handler that took the signals
    /// over calls it for the one it does not answer itself (a second Ctrl-C).
    public static func end(by signalNumber: Int32, files: TemporaryFiles = .shared) -> Never {
        files.removeAll()
        files.stopWorkers()
        FileHandle.standardError.write(Data("inkpdf: \(FileSystemError.interrupted(signal: signalNumber))\n".utf8))
        // _exit, not exit: the other threads are still inside poppler and cairo, and
        // exit's static destructors would pull their globals away under them.
        _exit(128 + signalNumber)
    }

    /// Sends SIGINT and SIGTERM to `handler` instead of ending the process: a long-running
    /// command (`inkpdf serve`) that stops gracefully on them. (The sources stay: cancelling
    /// one restores the signal's old disposition later, on the dispatch queue, racing a new one.)
    public static func handOver(to handler: @escaping @Sendable (Int32) -> Void) {
        takenOver.withLock { $0 = handler }
    }
}
