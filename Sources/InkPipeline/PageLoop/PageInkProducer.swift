import Foundation
import InkModel
import InkRendering

/// Reads the ink page by page on its own thread and turns strokes into drawings.
final class PageInkProducer: @unchecked Sendable {
    private let builder: PageInkBuilder
    private let name: String
    private let pages: [Int]
    private let channel: PageInkChannel
    private let done = DispatchSemaphore(value: 0)

    /// Reads the ink of `pages` (ascending, each with ink) in that order.
    init(layers: PageOrderedLayers, pages: [Int], channel: PageInkChannel) {
        builder = PageInkBuilder(layers: layers)
        name = layers.displayName
        self.pages = pages
        self.channel = channel
    }

    func start() throws(ExportError) {
        try WorkThread.start(for: name) { [self] in
            produce()
            done.signal()
        }
    }

    /// The builder, once every page has been taken (the drawing side read them all).
    var finishedBuilder: PageInkBuilder { waitUntilDone(); return builder }

    private var finished = false
    private func waitUntilDone() {
        if !finished { done.wait(); finished = true }
    }

    private func produce() {
        for page in pages {
            if channel.isCancelled { return }
            let item = builder.ink(ofPage: page)
            let isFailure = if case .failure = item { true } else { false }
            guard channel.put(item), !isFailure else { return }
        }
    }
}
