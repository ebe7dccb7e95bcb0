import Foundation
import InkFileSystem

/// The signals a running service answers: SIGTERM and SIGINT stop it
/// gracefully, SIGHUP reloads its files. They are taken over from the command
/// line's handling (which ends the process at once) for as long as it runs.
final class ServiceSignals: @unchecked Sendable {
    enum Event: Equatable { case reload, stop(Int32) }

    private let condition = NSCondition()
    private var events: [Event] = []
    private var sources: [DispatchSourceSignal] = []

    init() {
        // A client that goes away mid-answer must not end the service.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler { [weak self] in self?.post(.reload) }
        source.resume()
        sources.append(source)
        SignalCleanup.handOver { [weak self] signalNumber in self?.post(.stop(signalNumber)) }
    }

    private func post(_ event: Event) {
        condition.lock()
        events.append(event)
        condition.signal()
        condition.unlock()
    }

    /// Waits for the next signal.
    func next() -> Event {
        condition.lock()
        defer { condition.unlock() }
        while events.isEmpty { condition.wait() }
        return events.removeFirst()
    }
}
