import Foundation
import Glibc

/// What SIGINT and SIGTERM do: remove the temporary files, stop the workers,
/// print one line to standard error and end with 128 + the signal (130, 143).
public enum SignalCleanup {
    nonisolated(unsafe) private static var sources: [Int32: DispatchSourceSignal] = [:]

    /// Installs the handlers (once, at start-up, before any output is reserved).
    public static func install(files: TemporaryFiles = .shared) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                files.removeAll()
                files.stopWorkers()
                FileHandle.standardError.write(Data("inkpdf: \(FileSystemError.interrupted(signal: signalNumber))\n".utf8))
                // _exit, not exit: the other threads are still inside poppler and cairo, and
                // exit's static destructors would pull their globals away under them.
                _exit(128 + signalNumber)
            }
            source.resume()
            sources[signalNumber] = source
        }
    }

    /// Stops handling `signals` here: a long-running command (`inkpdf serve`) that stops
    /// gracefully on them installs its own handling. Call once, at start-up, from one thread.
    public static func handOver(_ signals: [Int32]) {
        for signalNumber in signals { sources.removeValue(forKey: signalNumber)?.cancel() }
    }
}
