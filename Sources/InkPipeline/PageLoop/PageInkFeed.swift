import Foundation
import InkModel
import InkRendering

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
