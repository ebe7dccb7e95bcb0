import Foundation

/// A `LayerSink` that writes on a thread of its own: an importer hands each
/// layer over and goes on reading while the layer is encoded, written and
/// freed on the other core (the spool's encoding and its writes were nearly
/// half of a Xournal++ import, which runs before the first page is drawn).
///
/// At most `depth` layers wait at once, and at most `maximumPendingPoints` points wait or are
/// being written (a single larger layer alone), so memory stays bounded. The layers
/// reach the wrapped sink in the order they were given. A failure of the
/// wrapped sink is raised by the next `write` or by `close`; `failure()` waits
/// for what was handed over and gives the first failure, so that an importer
/// that stops on an error of its own can report the write's failure instead,
/// as it would have met it first had the layers been written in its thread.
/// Dropping the sink without closing it stops the thread (after the layer
/// being written) and leaves the wrapped sink unclosed.
public final class BackgroundLayerSink: LayerSink, Sendable {
    public static let depth = 3
    /// Points handed over and not yet written, at most (72 bytes each as strokes): three pages of
    /// 2 million points waiting behind the one being written held 430 MB more than one page does.
    public static let maximumPendingPoints = 1_000_000

    public let path: String
    private let worker: Worker

    /// Starts the thread that writes to `sink` (which this sink owns from here on).
    public init(_ sink: any LayerSink) {
        path = sink.path
        worker = Worker(sink)
        // The thread holds the worker, not this sink, so that dropping this sink stops it.
        let thread = Thread { [worker] in worker.run() }
        thread.name = "inkpdf layer writer"
        thread.start()
    }

    deinit { worker.stop() }

    public func write(header: InkLayersHeader) throws { try worker.hand(.header(header)) }

    public func write(layer: PageLayer) throws { try worker.hand(.layer(layer)) }

    /// Waits for the layers handed over, then closes the wrapped sink.
    public func close() throws {
        if let failure = failure() { throw failure }
        worker.stop()
        try worker.sink.close()
    }

    /// Waits until every layer handed over is written (or one has failed) and gives the first failure.
    public func failure() -> (any Error)? { worker.failure() }

    /// Runs `body`, which hands layers to this sink; when it throws, a layer that failed to be
    /// written failed first (it was handed over before), so its failure, made by `writeFailure`,
    /// is thrown instead: the error is the one met when writing in the reader's thread.
    public func reading<T, E: Error>(_ body: () throws(E) -> T, writeFailure: (any Error) -> E) throws(E) -> T {
        do {
            return try body()
        } catch {
            if let failed = failure() { throw writeFailure(failed) }
            throw error
        }
    }

    private enum Item {
        case header(InkLayersHeader), layer(PageLayer)

        var points: Int {
            guard case .layer(let layer) = self else { return 0 }
            return layer.strokes.reduce(0) { $0 + $1.points.count }
        }
    }

    /// What the thread and the importer share.
    private final class Worker: StoppableWorker, @unchecked Sendable {
        /// Used by the thread alone while it runs.
        let sink: any LayerSink
        // Every property below is guarded by `condition`.
        private var waiting: [Item] = []
        /// True while the thread writes an item it has taken from `waiting`.
        private var writing = false
        private var failed: (any Error)?
        /// The points of the layers waiting and of the one being written.
        private var pendingPoints = 0

        init(_ sink: any LayerSink) { self.sink = sink }

        func failure() -> (any Error)? {
            condition.lock()
            defer { condition.unlock() }
            while failed == nil && (writing || !waiting.isEmpty) { condition.wait() }
            return failed
        }

        func hand(_ item: Item) throws {
            condition.lock()
            defer { condition.unlock() }
            let points = item.points
            while failed == nil && (waiting.count >= BackgroundLayerSink.depth
                                    || (pendingPoints > 0 && pendingPoints + points > BackgroundLayerSink.maximumPendingPoints)) {
                condition.wait()
            }
            if let failed { throw failed }
            precondition(!stopping, "BackgroundLayerSink used after close")
            waiting.append(item)
            pendingPoints += points
            condition.broadcast()
        }

        func run() {
            condition.lock()
            while true {
                while waiting.isEmpty && !stopping { condition.wait() }
                if stopping || failed != nil { break }
                let item = waiting.removeFirst()
                writing = true
                condition.broadcast()
                condition.unlock()
                var failure: (any Error)?
                do {
                    switch item {
                    case .header(let header): try sink.write(header: header)
                    case .layer(let layer): try sink.write(layer: layer)
                    }
                } catch {
                    failure = error
                }
                condition.lock()
                writing = false
                pendingPoints -= item.points
                if let failure {
                    failed = failure
                    waiting.removeAll()
                    pendingPoints = 0
                }
                condition.broadcast()
            }
            markEnded()
            condition.unlock()
        }
    }
}
