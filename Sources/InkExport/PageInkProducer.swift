import Foundation
import InkModel
import InkRendering

/// The drawings of one inked page, ready for cairo.
struct PageInk: Sendable {
    var page: Int
    var drawings: [StrokeDrawing]
}

/// A bounded hand-over of pages' ink from the reading thread to the drawing
/// thread: the reader waits when `capacity` pages are ready and undrawn.
final class PageInkChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var ready: [Result<PageInk, ExportError>] = []
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Waits for room; false once the drawing side has stopped.
    func put(_ item: Result<PageInk, ExportError>) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while ready.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        ready.append(item)
        condition.broadcast()
        return true
    }

    func take() throws(ExportError) -> PageInk {
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

/// Turns each page's strokes into drawings, keeping count of strokes,
/// warnings and the latest ink time. Used from one thread at a time.
final class PageInkBuilder: @unchecked Sendable {
    private let layers: PageOrderedLayers
    private(set) var strokes = 0
    private(set) var warnings: [String] = []
    /// When the last stroke drawn ended (`created` + its last point's `t`), in seconds since 1970.
    private(set) var latestInkTime: Double?
    private var warnedInks: Set<String> = []

    init(layers: PageOrderedLayers) { self.layers = layers }

    func ink(ofPage page: Int) -> Result<PageInk, ExportError> {
        do {
            var drawings: [StrokeDrawing] = []
            for layer in try LayersRevision.namingLastGoodRevision({ try layers.layers(forPage: page) }) {
                for (index, stroke) in layer.strokes.enumerated() {
                    let ended = stroke.created + (stroke.points.last?.t ?? 0)
                    if ended.isFinite, ended > latestInkTime ?? -.infinity { latestInkTime = ended }
                    let (strokeDrawings, warning) = InkStyle.drawings(for: stroke)
                    drawings.append(contentsOf: strokeDrawings)
                    if let warning {
                        // An unknown ink is named once per document; other warnings say where.
                        if case .unknown(let name) = stroke.ink.type {
                            if warnedInks.insert(name).inserted { warnings.append(warning) }
                        } else {
                            warnings.append("page \(page), stroke \(index + 1): \(warning)")
                        }
                    }
                }
                strokes += layer.strokes.count
            }
            return .success(PageInk(page: page, drawings: drawings))
        } catch {
            return .failure(Flattener.exportError(from: error, path: layers.displayName))
        }
    }
}

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

/// Writes the sidecar on its own thread: the ink's header with the PDF's
/// SHA-256 and page count, then every layer line exactly as it was read.
final class SidecarJob: @unchecked Sendable {
    private let inkPath: String
    private let header: InkLayersHeader
    private let output: AtomicOutput
    private let done = DispatchSemaphore(value: 0)
    private var failure: ExportError?

    init(ink: String, header: InkLayersHeader, output: AtomicOutput) {
        inkPath = ink
        self.header = header
        self.output = output
    }

    private var started = false

    func start() throws(ExportError) {
        try WorkThread.start(for: inkPath) { [self] in
            // A copy that is only needed when the last page is drawn: it takes the idle core time.
            WorkThread.yieldToForegroundWork()
            write()
            done.signal()
        }
        started = true
    }

    /// Waits for the thread `start()` began, or writes the sidecar here when none was started.
    func wait() throws(ExportError) {
        if started { done.wait() } else { write() }
        if let failure { throw failure }
    }

    private func write() {
        do {
            let reader = try InkLayersReader(path: inkPath)
            let writer = try InkLayersWriter(path: output.writablePath, compressionLevel: Flattener.sidecarCompressionLevel)
            try writer.write(header: header)
            while let line = try reader.nextLine() {
                try writer.writeRawLine(line.bytes)
            }
            try writer.close()
        } catch {
            failure = Flattener.exportError(from: error, path: output.destination)
        }
    }
}

/// The ink side of a page loop, shared by flatten and export: draws each
/// page's ink when the loop reaches it (pages ascending, each with ink), with
/// grain tiles shared by the whole document (embedded once). `concurrent`:
/// the ink of the next pages is read and turned into paths on a producer
/// thread meanwhile; otherwise each page's ink is made on the calling thread
/// when it is drawn (one core).
final class PageInkFeed {
    private let channel = PageInkChannel(capacity: Flattener.lookahead)
    private let producer: PageInkProducer?
    private let inline: PageInkBuilder?
    private var pending: ArraySlice<Int>
    private let textures = InkTextures()

    init(layers: PageOrderedLayers, pages: [Int], concurrent: Bool = true) throws(ExportError) {
        pending = pages[...]
        guard concurrent else {
            producer = nil
            inline = PageInkBuilder(layers: layers)
            return
        }
        let producer = PageInkProducer(layers: layers, pages: pages, channel: channel)
        self.producer = producer
        inline = nil
        do {
            try producer.start()
        } catch {
            channel.cancel()
            throw error
        }
    }

    deinit { channel.cancel() }

    /// Draws page `number`'s ink on `context` if it has any; pages come in ascending order.
    func drawInk(ofPage number: Int, on context: OpaquePointer) throws(ExportError) {
        guard pending.first == number else { return }
        pending.removeFirst()
        let ink = if let inline { try inline.ink(ofPage: number).get() } else { try channel.take() }
        precondition(ink.page == number, "ink arrived for page \(ink.page) while drawing page \(number)")
        CairoInkPainter.draw(ink.drawings, on: context, textures: textures)
    }

    /// Valid once every page's ink was drawn.
    private var builder: PageInkBuilder { inline ?? producer!.finishedBuilder }
    var strokeCount: Int { builder.strokes }
    var warnings: [String] { builder.warnings }
    var latestInkTime: Double? { builder.latestInkTime }
}
