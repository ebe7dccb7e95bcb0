import InkModel

/// Draws an opaque variable-width stroke as a few centreline strokes, each
/// over a stretch where the width stays within `widthBand`: the edge is then
/// never more than half the band from where the full outline would put it.
/// Consecutive stretches share a sample and have round caps and joins, so
/// they meet without a seam; overlaps are invisible because the ink is opaque.
enum ConstantWidthRuns {
    /// The largest spread of widths, in points, drawn with one width: the widest band whose
    /// every page of the benchmark stays above SSIM 0.99 near ink (docs/benchmarks.md,
    /// "The ink's geometry and content").
    static let widthBand = 0.175
    /// How far the fitted centreline may stray from the samples.
    static let tolerance = 0.075
    /// Stretch widths are rounded to this step (at most a 0.0125 pt shift of
    /// each edge), so that stretches of many strokes share a width and are
    /// drawn as one path (`OpaqueStrokeBatching`).
    static let widthStep = 0.025
    /// Shorter stretches cost more than the outline they replace.
    static let minimumSamplesPerRun = 8

    /// The stretches, or nil when there would be more than one per `minimumSamplesPerRun` samples.
    static func drawings(_ samples: [StrokeSample], color: RGBAColor, clip: InkPath?) -> [StrokeDrawing]? {
        drawings(positions: samples.map(\.position), widths: samples.lazy.map(\.width), color: color, clip: clip)
    }

    /// The stretches of a centreline whose point `i` is at `positions[i]` with width `widths[i]`
    /// (widths a view of the samples or of a stroke's points; each run is fitted from a view of
    /// `positions`: nothing is copied).
    static func drawings<Widths: RandomAccessCollection>(
        positions: [Point], widths: Widths, color: RGBAColor, clip: InkPath?
    ) -> [StrokeDrawing]? where Widths.Element == Double, Widths.Index == Int {
        // Each run: first and last sample (shared with the next run) and its width.
        var runs: [(start: Int, end: Int, width: Double)] = []
        var start = 0
        var low = widths[0], high = widths[0]
        for i in 1..<max(widths.count, 1) {
            let width = widths[i]
            if max(high, width) - min(low, width) > widthBand {
                runs.append((start, i - 1, (low + high) / 2))
                start = i - 1
                low = min(widths[i - 1], width)
                high = max(widths[i - 1], width)
            } else {
                low = min(low, width)
                high = max(high, width)
            }
        }
        runs.append((start, widths.count - 1, (low + high) / 2))
        guard runs.count * minimumSamplesPerRun <= widths.count else { return nil }
        return positions.withUnsafeBufferPointer { all in
            runs.map { run in
                StrokeDrawing(path: centreline(UnsafeBufferPointer(rebasing: all[run.start...run.end])),
                              paint: Paint(color: color, style: .stroke(width: quantized(run.width))), clip: clip)
            }
        }
    }

    static func quantized(_ width: Double) -> Double {
        max((width / widthStep).rounded(), 1) * widthStep
    }

    /// The stretch as one subpath of fitted curves, with a corner wherever it
    /// turns back by more than 90° between samples (a round join is drawn there).
    static func centreline(_ points: [Point]) -> InkPath {
        points.withUnsafeBufferPointer { centreline($0) }
    }

    /// The same, of a view of the points.
    static func centreline(_ points: UnsafeBufferPointer<Point>) -> InkPath {
        var path = InkPath()
        path.move(to: points[0])
        guard points.count > 1 else {
            path.line(to: points[0])   // a dot: round caps make it a disc
            return path
        }
        VariableWidthOutline.forEachPiece(points) { chain in
            CurveFitter.appendFit(UnsafeBufferPointer(rebasing: points[chain]), tolerance: tolerance, to: &path)
        }
        return path
    }
}
