import Foundation
import InkModel
import InkPDFContent
import InkRendering

/// Turns each page's strokes into drawings, keeping count of strokes,
/// warnings and the latest ink time. Several threads may make pages at once
/// (the layers are safe to read so): the counts are kept per page and summed
/// in page order, so they come out as one thread would make them.
final class PageInkBuilder: @unchecked Sendable {
    private let layers: any PageLayerSource
    private let lock = NSLock()
    private var tallies: [Int: Tally] = [:]

    /// One page's counts.
    private struct Tally {
        var strokes = 0
        /// Each warning, with the name of the unknown ink it is about (those are named once per document).
        var warnings: [(text: String, unknownInk: String?)] = []
        var latestInkTime: Double?
        /// A layer had text entries that were not written.
        var textLeftOut = false
    }

    /// Whether `ink(ofPage:)` gives the words of the layers' `text` entries.
    let handwritingText: Bool
    /// Said once (a warning) when the text is not written and some layer has text entries.
    let leftOutNote: String?

    /// The least confidence of the words written (`InkDrawingOptions.handwritingMinimumConfidence`).
    let minimumConfidence: Double

    init(layers: any PageLayerSource, handwritingText: Bool = false, minimumConfidence: Double = 0, leftOutNote: String? = nil) {
        self.layers = layers
        self.handwritingText = handwritingText
        self.minimumConfidence = minimumConfidence
        self.leftOutNote = leftOutNote
    }

    /// The ink file's name, as errors name it.
    var displayName: String { layers.displayName }

    func ink(ofPage page: Int) -> Result<PageInk, ExportError> {
        var drawings: [StrokeDrawing] = []
        var words: [HandwritingWord] = []
        let text: ((PageLayer, inout [(text: String, unknownInk: String?)]) -> Void)? = handwritingText ? { layer, warnings in
            words += HandwritingWords.words(of: layer, page: page, minimumConfidence: self.minimumConfidence) { warnings.append(($0, nil)) }
        } : nil
        return visit(page, text: text) { _, _, strokeDrawings in drawings.append(contentsOf: strokeDrawings) }
            .map { PageInk(page: page, drawings: drawings, text: words) }
    }

    /// Page `page`'s layers, each stroke with its drawings, counted as `ink(ofPage:)` counts them.
    func strokes(ofPage page: Int) -> Result<[(layer: PageLayer, drawings: [[StrokeDrawing]])], ExportError> {
        var result: [(layer: PageLayer, drawings: [[StrokeDrawing]])] = []
        return visit(page) { layer, index, strokeDrawings in
            if index == 0 { result.append((layer, [])) }
            result[result.count - 1].drawings.append(strokeDrawings)
        }.map { result }
    }

    /// Calls `body` with each stroke's layer, index in it and drawings, in order, keeping the page's tally,
    /// and `text` (when given) with each layer that says what it reads.
    private func visit(_ page: Int, text: ((PageLayer, inout [(text: String, unknownInk: String?)]) -> Void)? = nil,
                       _ body: (PageLayer, Int, [StrokeDrawing]) -> Void) -> Result<Void, ExportError> {
        do {
            let pageLayers = try LayersRevision.namingLastGoodRevision { try layers.layers(forPage: page) }
            var tally = Tally()
            for layer in pageLayers {
                for (index, stroke) in layer.strokes.enumerated() {
                    let ended = stroke.created + (stroke.points.last?.t ?? 0)
                    if ended.isFinite, ended > tally.latestInkTime ?? -.infinity { tally.latestInkTime = ended }
                    let (strokeDrawings, warning) = InkStyle.drawings(for: stroke)
                    body(layer, index, strokeDrawings)
                    if let warning {
                        if case .unknown(let name) = stroke.ink.type {
                            tally.warnings.append((warning, name))
                        } else {
                            tally.warnings.append(("page \(page), stroke \(index + 1): \(warning)", nil))
                        }
                    }
                }
                tally.strokes += layer.strokes.count
                if layer.hasRecognisedText {
                    if let text { text(layer, &tally.warnings) } else if !handwritingText { tally.textLeftOut = true }
                }
            }
            lock.withLock { tallies[page] = tally }
            return .success(())
        } catch {
            return .failure(Flattener.exportError(from: error, path: layers.displayName))
        }
    }

    private var pagesInOrder: [Tally] { lock.withLock { tallies.sorted { $0.key < $1.key }.map(\.value) } }

    var strokes: Int { pagesInOrder.reduce(0) { $0 + $1.strokes } }

    /// Page by page; an unknown ink is named once per document, other warnings say where.
    var warnings: [String] {
        var named: Set<String> = []
        let pages = pagesInOrder
        let note = leftOutNote.flatMap { note in pages.contains(where: \.textLeftOut) ? [note] : nil } ?? []
        return note + pages.flatMap(\.warnings).compactMap { warning in
            guard let ink = warning.unknownInk else { return warning.text }
            return named.insert(ink).inserted ? warning.text : nil
        }
    }

    /// When the last stroke drawn ended (`created` + its last point's `t`), in seconds since 1970.
    var latestInkTime: Double? { pagesInOrder.compactMap(\.latestInkTime).max() }
}
