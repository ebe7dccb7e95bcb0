import Foundation
import InkModel
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
    }

    init(layers: any PageLayerSource) { self.layers = layers }

    func ink(ofPage page: Int) -> Result<PageInk, ExportError> {
        do {
            let pageLayers = try LayersRevision.namingLastGoodRevision { try layers.layers(forPage: page) }
            var drawings: [StrokeDrawing] = []
            var tally = Tally()
            for layer in pageLayers {
                for (index, stroke) in layer.strokes.enumerated() {
                    let ended = stroke.created + (stroke.points.last?.t ?? 0)
                    if ended.isFinite, ended > tally.latestInkTime ?? -.infinity { tally.latestInkTime = ended }
                    let (strokeDrawings, warning) = InkStyle.drawings(for: stroke)
                    drawings.append(contentsOf: strokeDrawings)
                    if let warning {
                        if case .unknown(let name) = stroke.ink.type {
                            tally.warnings.append((warning, name))
                        } else {
                            tally.warnings.append(("page \(page), stroke \(index + 1): \(warning)", nil))
                        }
                    }
                }
                tally.strokes += layer.strokes.count
            }
            lock.withLock { tallies[page] = tally }
            return .success(PageInk(page: page, drawings: drawings))
        } catch {
            return .failure(Flattener.exportError(from: error, path: layers.displayName))
        }
    }

    private var pagesInOrder: [Tally] { lock.withLock { tallies.sorted { $0.key < $1.key }.map(\.value) } }

    var strokes: Int { pagesInOrder.reduce(0) { $0 + $1.strokes } }

    /// Page by page; an unknown ink is named once per document, other warnings say where.
    var warnings: [String] {
        var named: Set<String> = []
        return pagesInOrder.flatMap(\.warnings).compactMap { warning in
            guard let ink = warning.unknownInk else { return warning.text }
            return named.insert(ink).inserted ? warning.text : nil
        }
    }

    /// When the last stroke drawn ended (`created` + its last point's `t`), in seconds since 1970.
    var latestInkTime: Double? { pagesInOrder.compactMap(\.latestInkTime).max() }
}
