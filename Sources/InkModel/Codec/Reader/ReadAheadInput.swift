import Foundation

/// An `InputFile` decompressed on a thread of its own, a few chunks ahead of
/// the reader: a gzip document's inflate (a sixth of a Xournal++ import) runs
/// on the other core while the parser works on what came before.
///
/// At most `chunks` chunks of `chunkSize` bytes wait at once, so memory stays
/// bounded whatever the file expands to. The bytes, their order and the errors
/// are the file's own: a failure is raised by the read that reaches it, after
/// the bytes inflated before it. The thread stops when the data ends, when a
/// read fails, or when the reader goes away (which waits for it; the thread
/// holds only the shared state, never the reader, so dropping the reader early
/// frees the file and the chunks).
public final class ReadAheadInput: @unchecked Sendable {
    public static let chunkSize = 1 << 18
    public static let chunks = 4

    /// What the thread and the reader share.
    private final class Shared: StoppableWorker, @unchecked Sendable {
        /// The file, until the thread is done with it (then closed, before `stop` returns).
        var input: InputFile?
        /// Filled chunks in order, and the failure or the end after the last of them.
        var ready: [[UInt8]] = []
        var ended: InputFailure??

        init(_ input: InputFile) { self.input = input }

        /// The thread's body: fills chunks, then closes the file and says it has stopped.
        func fill() {
            fillChunks()
            condition.lock()
            input = nil
            markEnded()
            condition.unlock()
        }

        /// A chunk at a time while there is room, until the end, a failure or the reader leaves.
        private func fillChunks() {
            while true {
                condition.lock()
                while ready.count >= ReadAheadInput.chunks && !stopping { condition.wait() }
                let stop = stopping
                condition.unlock()
                guard !stop, let input else { return }
                var chunk = [UInt8](repeating: 0, count: ReadAheadInput.chunkSize)
                // Filled to the brim (or to the end), so that the reader takes whole chunks; the bytes
                // before a failure are served before it.
                var filled = 0
                var failure: InputFailure?
                chunk.withUnsafeMutableBytes { raw in
                    while filled < raw.count {
                        do throws(InputFailure) {
                            let count = try input.read(into: raw.baseAddress! + filled, capacity: raw.count - filled)
                            if count == 0 { break }
                            filled += count
                        } catch {
                            failure = error
                            break
                        }
                    }
                }
                condition.lock()
                defer { condition.unlock() }
                if filled > 0 {
                    chunk.removeLast(chunk.count - filled)
                    ready.append(chunk)
                }
                if failure != nil || filled < ReadAheadInput.chunkSize { ended = .some(failure) }
                condition.broadcast()
                if ended != nil { return }
            }
        }
    }

    private let shared: Shared
    public let isGzip: Bool
    /// The chunk being served, and how much of it has been.
    private var current: [UInt8] = []
    private var served = 0

    /// Starts decompressing `input` (which this reader owns from here on).
    public init(_ input: InputFile) {
        let shared = Shared(input)
        self.shared = shared
        isGzip = input.isGzip
        let thread = Thread { shared.fill() }
        thread.name = "inkpdf read-ahead"
        thread.start()
    }

    deinit { shared.stop() }

    /// Reads up to `capacity` decompressed bytes; 0 means the end of the data.
    public func read(into buffer: UnsafeMutableRawPointer, capacity: Int) throws(InputFailure) -> Int {
        guard capacity > 0 else { return 0 }
        if served == current.count {
            let condition = shared.condition
            condition.lock()
            while shared.ready.isEmpty && shared.ended == nil { condition.wait() }
            if shared.ready.isEmpty {
                let outcome = shared.ended!
                condition.unlock()
                if let failure = outcome { throw failure }
                return 0
            }
            current = shared.ready.removeFirst()
            served = 0
            condition.broadcast()
            condition.unlock()
        }
        let count = min(capacity, current.count - served)
        current.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + served, byteCount: count) }
        served += count
        return count
    }
}
