import Foundation

/// `jobs` places to run a worker and `queue` places to wait for one. A request
/// that finds both full is turned away at once (503), never left hanging; once
/// closed (the service stopping) no place is given.
final class JobSlots: @unchecked Sendable {
    private let condition = NSCondition()
    private let jobs: Int
    private let queue: Int
    private var running = 0
    private var waiting = 0
    private var closed = false

    init(jobs: Int, queue: Int) {
        self.jobs = jobs
        self.queue = queue
    }

    /// Whether a request arriving now would find a place (checked before its upload is read).
    var hasRoom: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running < jobs || waiting < queue
    }

    /// Takes a place to run, waiting for one if the queue has room; false when it has none.
    func enter() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, running < jobs || waiting < queue else { return false }
        waiting += 1
        while running >= jobs && !closed { condition.wait() }
        waiting -= 1
        guard !closed else { return false }
        running += 1
        return true
    }

    /// No place is given from now on: those waiting get none (false), at once.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    func leave() {
        condition.lock()
        running -= 1
        condition.signal()
        condition.unlock()
    }

    var depth: (running: Int, waiting: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (running, waiting)
    }
}
