import Foundation
import InkModel
import InkPDFContent
import InkRendering

/// Makes the ink of the requested pages on threads of its own: each thread
/// takes the next request, turns its strokes into drawings and, for content
/// pages, the drawings into compressed PDF content. The pages are independent,
/// so the threads share only the reading of the layers and the results.
final class PageInkProducer: @unchecked Sendable {
    /// One page's ink as the drawing side takes it.
    struct Item: Sendable {
        enum Ink: Sendable {
            case content(CompressedInkContent)
            case drawings([StrokeDrawing])
            case annotations(InkAnnotationPage)
            /// Written to the spool.
            case spooled
        }
        var page: Int
        var ink: Ink
    }

    /// Makes one page's item: the same work on a producer thread or inline.
    /// Safe to call from several threads at once (the builder and the spool lock what they share).
    final class Work: @unchecked Sendable {
        let builder: PageInkBuilder
        let spool: PageInkSpool?

        init(builder: PageInkBuilder, spool: PageInkSpool?) {
            self.builder = builder
            self.spool = spool
        }

        /// The compressors one thread (or the inline loop) keeps for all its pages: libdeflate's
        /// allocation is not free, and a compressor serves one thread at a time.
        struct Compressors: ~Copyable {
            /// The ink's content streams, at `InkContentCompression.inkLevel`.
            var content = InkContentCompression.inkCompressor()
            /// A page's packed strokes, at `InkAnnotationBuilder.packedStrokesLevel`.
            var packedStrokes = InkContentCompression.Compressor(level: InkAnnotationBuilder.packedStrokesLevel)
        }

        func make(_ request: PageInkFeed.Request, compressors: inout Compressors) -> Result<Item, ExportError> {
            do {
                switch request.form {
                case .drawings(let width, let height):
                    let ink = try builder.ink(ofPage: request.page).get()
                    if let spool, !ink.text.isEmpty {
                        try spool.append(.textOnly(ink.text, width: width, height: height), page: request.page)
                    }
                    return .success(Item(page: request.page, ink: .drawings(ink.drawings)))
                case .content(let width, let height):
                    let ink = try builder.ink(ofPage: request.page).get()
                    var content = InkContentWriter.content(for: ink.drawings, width: width, height: height)
                        .compressed(with: &compressors.content)
                    content.text = ink.text
                    guard let spool else { return .success(Item(page: request.page, ink: .content(content))) }
                    try spool.append(content, page: request.page)
                    return .success(Item(page: request.page, ink: .spooled))
                case .annotations(let frame, let grouping, let author):
                    let layers = try builder.strokes(ofPage: request.page).get()
                    do {
                        let annotations = try InkAnnotationBuilder.annotations(page: request.page, layers: layers, frame: frame,
                                                                               grouping: grouping, author: author,
                                                                               withText: builder.handwritingText,
                                                                               minimumConfidence: builder.minimumConfidence,
                                                                               compressors: &compressors)
                        return .success(Item(page: request.page, ink: .annotations(annotations)))
                    } catch {
                        return .failure(Flattener.exportError(from: error, path: builder.displayName))
                    }
                }
            } catch {
                return .failure(error)
            }
        }
    }

    /// Producer threads for `processors` cores: the ink is the larger share of a page's
    /// work, and the drawing thread mostly waits for it.
    static func threadCount(processors: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        min(max(processors, 1), 4)
    }

    private let work: Work
    private let name: String
    private let requests: [PageInkFeed.Request]
    private let channel: PageInkChannel
    private let threads: Int
    private let belowDrawing: Bool
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var next = 0
    private var running = 0
    /// The error of the earliest request that failed, and its place.
    private var failed: (index: Int, error: ExportError)?

    /// Makes `requests` (ascending, each with ink) on `threads` threads, each taking the next one;
    /// `belowDrawing`: at a lower priority than the thread that draws the pages.
    init(work: Work, name: String, requests: [PageInkFeed.Request], channel: PageInkChannel, threads: Int,
         belowDrawing: Bool = false) {
        self.belowDrawing = belowDrawing
        self.work = work
        self.name = name
        self.requests = requests
        self.channel = channel
        self.threads = max(threads, 1)
    }

    /// Starts the threads; fails only if not even one starts.
    func start() throws(ExportError) {
        // Counted before any starts, so that a quick first thread cannot finish the lot.
        lock.withLock { running = threads }
        for index in 0..<threads {
            do {
                try WorkThread.start(for: name) { [self] in
                    // Flatten's drawing thread is the critical path while it has pages (a real
                    // manual's pages cost poppler about what their ink costs here): it runs first,
                    // these take the rest of the cores, and all of them once it waits or is done.
                    // Export draws little itself: there the ink keeps its priority against other work.
                    if belowDrawing { WorkThread.yieldToForegroundWork() }
                    produce()
                    finishedThread(count: 1)
                }
            } catch {
                if index == 0 { throw error }
                finishedThread(count: threads - index)
                return
            }
        }
    }

    /// Whether a request has failed (more may still fail; `failure` says which counts, once all stopped).
    var hasFailed: Bool { lock.withLock { failed != nil } }

    /// The earliest request's error, once every thread has stopped.
    var failure: ExportError? {
        waitUntilDone()
        return lock.withLock { failed?.error }
    }

    /// The builder, once every page has been made.
    var finishedBuilder: PageInkBuilder { waitUntilDone(); return work.builder }

    private var finished = false
    func waitUntilDone() {
        if !finished { done.wait(); finished = true }
    }

    /// Takes requests in order until none is left, one fails, or the drawing side stops.
    /// Requests before a failed one are all taken before it, and so are all made: the
    /// failure reported is the one a single thread would have met first.
    private func produce() {
        var compressors = Work.Compressors()
        while true {
            let index: Int? = lock.withLock {
                guard failed == nil, next < requests.count else { return nil }
                next += 1
                return next - 1
            }
            guard let index else { return }
            // Cancelled by a later request's failure while this one was taken: it must still be
            // made, or a thread that failed on a later page first would name that page, not this one.
            if channel.isCancelled, !lock.withLock({ failed.map { index < $0.index } ?? false }) { return }
            switch work.make(requests[index], compressors: &compressors) {
            case .failure(let error):
                lock.withLock { if failed == nil || index < failed!.index { failed = (index, error) } }
                // Threads waiting to hand over later pages would wait for ever: the drawing
                // side stops at this page (or an earlier failing one) and takes nothing past it.
                channel.cancel()
                return
            case .success(let made):
                if case .spooled = made.ink { continue }
                guard channel.put(made) else { return }
            }
        }
    }

    /// `count` threads have stopped (or will never start).
    private func finishedThread(count: Int) {
        let (last, failure) = lock.withLock { () -> (Bool, ExportError?) in
            running -= count
            return (running == 0, failed?.error)
        }
        guard last else { return }
        channel.close(failure: failure)
        done.signal()
    }
}
