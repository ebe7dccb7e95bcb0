import Foundation
import InkModel
import InkPDFContent
import InkRendering

/// Reads the ink page by page on its own thread, turns strokes into drawings
/// and, for content pages, the drawings into compressed PDF content.
final class PageInkProducer: @unchecked Sendable {
    /// One page's ink as the drawing side takes it.
    struct Item: Sendable {
        enum Ink: Sendable {
            case content(CompressedInkContent)
            case drawings([StrokeDrawing])
            /// Written to the spool.
            case spooled
        }
        var page: Int
        var ink: Ink
    }

    /// Makes one page's item: the same work on the producer thread or inline.
    final class Work: @unchecked Sendable {
        let builder: PageInkBuilder
        let spool: PageInkSpool?

        init(builder: PageInkBuilder, spool: PageInkSpool?) {
            self.builder = builder
            self.spool = spool
        }

        func make(_ request: PageInkFeed.Request) -> Result<Item, ExportError> {
            do {
                let drawings = try builder.ink(ofPage: request.page).get().drawings
                switch request.form {
                case .drawings:
                    return .success(Item(page: request.page, ink: .drawings(drawings)))
                case .content(let width, let height):
                    let content = InkContentWriter.content(for: drawings, width: width, height: height).compressed()
                    guard let spool else { return .success(Item(page: request.page, ink: .content(content))) }
                    try spool.append(content, page: request.page)
                    return .success(Item(page: request.page, ink: .spooled))
                }
            } catch {
                return .failure(error)
            }
        }
    }

    private let work: Work
    private let name: String
    private let requests: [PageInkFeed.Request]
    private let channel: PageInkChannel
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var storedFailure: ExportError?

    /// Makes `requests` (ascending, each with ink) in that order.
    init(work: Work, name: String, requests: [PageInkFeed.Request], channel: PageInkChannel) {
        self.work = work
        self.name = name
        self.requests = requests
        self.channel = channel
    }

    func start() throws(ExportError) {
        try WorkThread.start(for: name) { [self] in
            produce()
            done.signal()
        }
    }

    /// The first error the producer met, if any (it stops there).
    var failure: ExportError? { lock.withLock { storedFailure } }

    /// The builder, once every page has been made.
    var finishedBuilder: PageInkBuilder { waitUntilDone(); return work.builder }

    private var finished = false
    func waitUntilDone() {
        if !finished { done.wait(); finished = true }
    }

    private func produce() {
        for request in requests {
            if channel.isCancelled { return }
            let item = work.make(request)
            switch item {
            case .failure(let error):
                lock.withLock { storedFailure = error }
                _ = channel.put(item)
                return
            case .success(let made):
                if case .spooled = made.ink { continue }
                guard channel.put(item) else { return }
            }
        }
    }
}
