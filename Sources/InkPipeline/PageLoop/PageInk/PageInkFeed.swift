import Foundation
import InkModel
import InkPDFContent
import InkRendering
import LibCairo

/// The ink side of a page loop, shared by flatten and export. Each requested
/// page's strokes become drawings, and (for `.content` pages) the drawings
/// become PDF content written by `InkContentWriter` and compressed, on the
/// producer's threads (`concurrent`: one a core, each making the next page) or,
/// one core, on the calling thread when the loop asks for the page.
///
/// - `.content` pages go to the `spool` when there is one (flatten: taken
///   after cairo has finished the file, `finish()`), else through the
///   bounded channel (export: `content(ofPage:)`, pages ascending).
/// - `.drawings` pages come through the channel for cairo (`drawInk`): ink
///   that must lie under what cairo draws after it (an imported page's text
///   boxes and images over its ink). Their words (`handwritingText`) go to the
///   spool, when there is one, as text-only content (`CompressedInkContent.textOnly`):
///   invisible, the text's place in the stacking order does not matter.
///
/// Only `.drawings` pages and unspooled content pause the producer (at most
/// `Flattener.lookahead` waiting); spooled pages it makes as fast as it can.
final class PageInkFeed {
    enum Form: Equatable {
        /// PDF content for an ink page `width` × `height` points (the frame the ink's coordinates are in).
        case content(width: Double, height: Double)
        /// Drawings, for cairo, of ink whose frame is `width` × `height` points (the frame of its words).
        case drawings(width: Double, height: Double)
        /// `/Ink` annotations (`InkAnnotationBuilder`) in `frame`, grouped so; `author` the header's.
        case annotations(frame: InkAnnotationBuilder.Frame, grouping: InkAnnotationBuilder.Grouping, author: String?)
    }

    struct Request {
        var page: Int
        var form: Form

        /// Whether the page's ink is drawn by cairo (`.drawings`).
        var isDrawings: Bool {
            if case .drawings = form { return true }
            return false
        }
    }

    private let channel: PageInkChannel
    private let producer: PageInkProducer?
    private let inline: PageInkProducer.Work?
    private var pending: ArraySlice<Request>
    private let spool: PageInkSpool?
    private let textures = InkTextures()
    /// The inline loop's compressors (unused when the producer's threads make the pages).
    private var compressors = PageInkProducer.Work.Compressors()

    /// `requests` ascending by page, each with ink. `belowDrawing`: the producer's threads run
    /// at a lower priority than the caller's, whose own drawing is the critical path (flatten).
    /// `handwritingText`: content pages carry the words of the layers' `text` entries, and annotations theirs.
    init(layers: any PageLayerSource, requests: [Request], spool: PageInkSpool? = nil, concurrent: Bool = true,
         belowDrawing: Bool = false, handwritingText: Bool = false, handwritingMinimumConfidence: Double = 0,
         handwritingTextNote: String? = nil) throws(ExportError) {
        // Concurrent, only what comes through the channel is waited for here.
        pending = (concurrent ? requests.filter { spool == nil || $0.isDrawings } : requests)[...]
        channel = PageInkChannel(pages: concurrent ? pending.map(\.page) : [], capacity: Flattener.lookahead)
        self.spool = spool
        let work = PageInkProducer.Work(builder: PageInkBuilder(layers: layers, handwritingText: handwritingText, minimumConfidence: handwritingMinimumConfidence,
                                                                         leftOutNote: handwritingTextNote), spool: spool)
        guard concurrent else {
            producer = nil
            inline = work
            return
        }
        let producer = PageInkProducer(work: work, name: layers.displayName, requests: requests, channel: channel,
                                       threads: PageInkProducer.threadCount(), belowDrawing: belowDrawing)
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

    /// Page `number`'s item if it has one that comes to this side (inline: made now,
    /// with the spooled pages before it).
    private func take(_ number: Int) throws(ExportError) -> PageInkProducer.Item? {
        if let inline {
            while let request = pending.first, request.page <= number {
                pending.removeFirst()
                let item = try inline.make(request, compressors: &compressors).get()
                if request.page == number { return item }
            }
            return nil
        }
        guard let request = pending.first, request.page == number else { return nil }
        pending.removeFirst()
        return try channel.take(page: number)
    }

    /// Draws page `number`'s ink on `context` if it is a `.drawings` page; pages come in ascending order.
    func drawInk(ofPage number: Int, on context: borrowing CairoContext) throws(ExportError) {
        guard let drawings = try drawings(ofPage: number) else { return }
        CairoInkPainter.draw(drawings, on: context, textures: textures)
    }

    /// Page `number`'s drawings if it is a `.drawings` page; pages come in ascending order.
    func drawings(ofPage number: Int) throws(ExportError) -> [StrokeDrawing]? {
        // A spooled page failed: stop now rather than draw the rest.
        if let producer, producer.hasFailed, let failure = producer.failure { throw failure }
        guard case .drawings(let drawings)? = try take(number)?.ink else { return nil }
        return drawings
    }

    /// Page `number`'s compressed content if it is a `.content` page (without a spool); pages ascending.
    func content(ofPage number: Int) throws(ExportError) -> CompressedInkContent? {
        guard case .content(let content)? = try take(number)?.ink else { return nil }
        return content
    }

    /// What page `number` was made into, if it comes to this side; pages ascending.
    func made(ofPage number: Int) throws(ExportError) -> PageInkProducer.Item.Ink? { try take(number)?.ink }

    /// Page `number`'s annotations if it is an `.annotations` page; pages ascending.
    func annotations(ofPage number: Int) throws(ExportError) -> InkAnnotationPage? {
        guard case .annotations(let annotations)? = try take(number)?.ink else { return nil }
        return annotations
    }

    /// Waits until every page is made (inline: makes the rest) and returns the spool's entries.
    func finish() throws(ExportError) -> [PageInkSpool.Entry] {
        if let inline {
            while let request = pending.popFirst() { _ = try inline.make(request, compressors: &compressors).get() }
        } else if let producer {
            if let failure = producer.failure { throw failure }
        }
        return spool?.entries ?? []
    }

    /// Valid once `finish()` returned.
    private var builder: PageInkBuilder { inline?.builder ?? producer!.finishedBuilder }
    var strokeCount: Int { builder.strokes }
    var warnings: [String] { builder.warnings }
    var latestInkTime: Double? { builder.latestInkTime }
}
