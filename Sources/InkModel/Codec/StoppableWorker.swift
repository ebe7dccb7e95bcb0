import Foundation

/// The state a reader's or writer's helper thread shares with the object that started it:
/// one condition guarding the subclass's own properties and these two flags.
class StoppableWorker: @unchecked Sendable {
    let condition = NSCondition()
    /// Set when the owner leaves; the thread ends at its next look.
    var stopping = false
    /// True until the thread has ended.
    var running = true

    /// Says that the thread has ended: call it from the thread, holding `condition`.
    func markEnded() {
        running = false
        condition.broadcast()
    }

    /// Stops the thread and waits until it has (after the piece of work it is doing).
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
    }
}
