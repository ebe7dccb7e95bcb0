import Synchronization

/// A batch stopped by a signal (Ctrl-C): the documents in flight are stopped and reported as interrupted,
/// the others are not started, and the batch still reports what it did, so that a run again goes on from there.
public final class BatchInterruption: Sendable {
    private let stoppedBy = Mutex<Int32?>(nil)

    public init() {}

    /// Records `signal`; true the first time (the batch stops now), false after (a second Ctrl-C).
    public func interrupt(by signal: Int32) -> Bool {
        stoppedBy.withLock { stoppedBy in
            guard stoppedBy == nil else { return false }
            stoppedBy = signal
            return true
        }
    }

    /// The signal that stopped the batch; nil while it runs.
    public var signal: Int32? { stoppedBy.withLock { $0 } }
}
