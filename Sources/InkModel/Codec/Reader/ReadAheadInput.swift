import Foundation

/// An `InputFile` decompressed on a thread of its own, a few chunks ahead of
/// the reader: a gzip document's inflate (a sixth of a Xournal++ import) runs
/// on the other core while the parser works on what came before.
///
/// At most `chunks` chunks of `chunkSize` bytes wait at once, so memory stays
/// bounded whatever the file expands to. The bytes, their order and the errors
/// are the file's own: a failure is raised by the read that reaches it, after
/// every byte before it was served. The thread stops when the data ends, when
/// a read fails, or when the reader goes away (it waits for the thread, which
/// owns the file until then).
public final class ReadAheadInput: @unchecked Sendable {
    public static let chunkSize = 1 << 18
    public static let chunks = 4

    private let input: InputFile
    private let condition = NSCondition()
    /// Filled chunks in order, and the failure or the end after the last of them.
    private var ready: [[UInt8]] = []
    private var ended: InputFailure??
    private var stopping = false
    private var running = true
    /// The chunk being served, and how much of it has been.
    private var current: [UInt8] = []
    private var served = 0

    /// Starts decompressing `input` (which this reader owns from here on).
    public init(_ input: InputFile) {
        self.input = input
        let thread = Thread { [self] in fill() }
        thread.name = "inkpdf read-ahead"
        thread.start()
    }

    deinit {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
    }

    public var path: String { input.path }
    public var isGzip: Bool { input.isGzip }

    /// Reads up to `capacity` decompressed bytes; 0 means the end of the data.
    public func read(into buffer: UnsafeMutableRawPointer, capacity: Int) throws(InputFailure) -> Int {
        guard capacity > 0 else { return 0 }
        if served == current.count {
            condition.lock()
            while ready.isEmpty && ended == nil { condition.wait() }
            if ready.isEmpty {
                let outcome = ended!
                condition.unlock()
                if let failure = outcome { throw failure }
                return 0
            }
            current = ready.removeFirst()
            served = 0
            condition.signal()
            condition.unlock()
        }
        let count = min(capacity, current.count - served)
        current.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + served, byteCount: count) }
        served += count
        return count
    }

    /// The thread's loop: a chunk at a time while there is room, until the end, a failure or the reader leaves.
    private func fill() {
        defer {
            condition.lock()
            running = false
            condition.broadcast()
            condition.unlock()
        }
        while true {
            condition.lock()
            while ready.count >= Self.chunks && !stopping { condition.wait() }
            let stop = stopping
            condition.unlock()
            if stop { return }
            var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
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
            if failure != nil || filled < Self.chunkSize { ended = .some(failure) }
            condition.signal()
            if ended != nil { return }
        }
    }
}
