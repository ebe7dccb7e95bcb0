import Foundation
import InkModel
import InkRendering

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
