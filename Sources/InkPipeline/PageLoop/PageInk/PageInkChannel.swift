import Foundation
import InkModel
import InkRendering

/// A bounded hand-over of pages' ink from the producer's threads to the
/// drawing thread, which takes `pages` in their order whichever thread made
/// them first. A page may be put only while it is fewer than `capacity`
/// places ahead of the next page to be taken: the next one can always be
/// put, so producers never wait on each other.
final class PageInkChannel: @unchecked Sendable {
    private let condition = NSCondition()
    /// Each page's place in the order the drawing side takes them.
    private let places: [Int: Int]
    private var ready: [Int: PageInkProducer.Item] = [:]
    private var taken = 0
    private var cancelled = false
    /// Set once no producer thread runs: what they failed with, if anything.
    private var closed: ExportError??
    private let capacity: Int

    init(pages: [Int], capacity: Int) {
        places = Dictionary(uniqueKeysWithValues: pages.enumerated().map { ($1, $0) })
        self.capacity = capacity
    }

    /// Waits for room; false once the drawing side has stopped.
    func put(_ item: PageInkProducer.Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let place = places[item.page] else { preconditionFailure("ink for page \(item.page), which this channel does not carry") }
        while place >= taken + capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        ready[item.page] = item
        condition.broadcast()
        return true
    }

    /// Page `page`'s item, once made; throws what the producers failed with if they
    /// stopped without making it.
    func take(page: Int) throws(ExportError) -> PageInkProducer.Item {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let item = ready.removeValue(forKey: page) {
                taken += 1
                condition.broadcast()
                return item
            }
            if let closed {
                guard let failure = closed else { preconditionFailure("the producer stopped without the ink of page \(page)") }
                throw failure
            }
            condition.wait()
        }
    }

    /// No producer thread runs any more; `failure` is the first page's error, if any.
    func close(failure: ExportError?) {
        condition.lock()
        closed = .some(failure)
        condition.broadcast()
        condition.unlock()
    }

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Puts give up (and return false) from now on: the drawing side has stopped, or a page
    /// failed and nothing past it will be taken. Taking is unchanged.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
