import Foundation
import InkModel
import InkRendering

/// A bounded hand-over of pages' ink from the reading thread to the drawing
/// thread: the reader waits when `capacity` pages are ready and undrawn.
final class PageInkChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var ready: [Result<PageInkProducer.Item, ExportError>] = []
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Waits for room; false once the drawing side has stopped.
    func put(_ item: Result<PageInkProducer.Item, ExportError>) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while ready.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        ready.append(item)
        condition.broadcast()
        return true
    }

    func take() throws(ExportError) -> PageInkProducer.Item {
        condition.lock()
        while ready.isEmpty { condition.wait() }
        let item = ready.removeFirst()
        condition.broadcast()
        condition.unlock()
        return try item.get()
    }

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
