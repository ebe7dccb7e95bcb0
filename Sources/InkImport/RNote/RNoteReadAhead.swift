import Foundation
import InkModel

/// Inflates a notebook's gzip on a thread of its own, a few chunks ahead of the JSON reader,
/// so that zlib and the parser run at once (a notebook is one gzip stream read from its
/// start to its end; the ink-layers reader overlaps its inflating with the drawing in the
/// same way). At most `depth` chunks are ahead: memory stays bounded, and a decompression
/// bomb is refused by the reader's budget, a few chunks after it passes it.
final class RNoteReadAhead: @unchecked Sendable {
    // Every property below is guarded by `condition`.
    private let condition = NSCondition()
    private var free: [UnsafeMutablePointer<UInt8>] = []
    private var filled: [(UnsafeMutablePointer<UInt8>, Int)] = []
    private var failure: InputFailure?
    private var ended = false
    private var stopped = false
    private let buffers: [UnsafeMutablePointer<UInt8>]
    /// Read by the thread alone once it has started.
    private let input: InputFile
    static let chunk = 1 << 18
    static let depth = 4

    init(input: InputFile) {
        buffers = (0..<Self.depth).map { _ in UnsafeMutablePointer<UInt8>.allocate(capacity: Self.chunk) }
        free = buffers
        self.input = input
        let thread = Thread { [self] in self.run() }
        thread.name = "inkpdf rnote inflate"
        thread.start()
    }

    deinit { for buffer in buffers { buffer.deallocate() } }

    private func run() {
        while true {
            condition.lock()
            while free.isEmpty && !stopped { condition.wait() }
            if stopped { condition.unlock(); return }
            let buffer = free.removeLast()
            condition.unlock()
            var count = 0
            var error: InputFailure?
            do throws(InputFailure) { count = try input.read(into: buffer, capacity: Self.chunk) } catch let caught { error = caught }
            condition.lock()
            if let error {
                failure = error
            } else if count == 0 {
                ended = true
            } else {
                filled.append((buffer, count))
            }
            condition.signal()
            let done = error != nil || count == 0
            condition.unlock()
            if done { return }
        }
    }

    /// The next chunk (its bytes and their count; 0 at the end), once `previous` is handed back.
    func next(returning previous: UnsafeMutablePointer<UInt8>?) throws(InputFailure) -> (UnsafeMutablePointer<UInt8>?, Int) {
        condition.lock()
        defer { condition.unlock() }
        if let previous {
            free.append(previous)
            condition.signal()
        }
        while filled.isEmpty && failure == nil && !ended { condition.wait() }
        if !filled.isEmpty { return filled.removeFirst() }
        if let failure { throw failure }
        return (nil, 0)
    }

    /// Stops the thread after the chunk it is inflating (the reader is done with the file).
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
