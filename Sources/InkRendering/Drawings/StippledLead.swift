import InkModel

/// A stippled lead (`Ink.isStippled`): the stroke cut into stretches over which
/// the share of the paper it covers stays within `coverageBand`, each the sweep
/// of the lead along it filled with dots at the nearest of `Grain.stippleLevels`
/// levels.
///
/// Consecutive stretches share a sample and are cut straight across there, in
/// the direction the stroke passes through it, so that they meet edge to edge:
/// had they overlapped (round ends), a renderer that lays each fill's pattern
/// with its own rounding of the tile's place (poppler's Splash, as Okular and
/// pdftoppm show PDFs) would show the dots of both, shifted, as a darker bead
/// at every join; and a translucent colour would darken there in any renderer.
/// The stroke's own ends are round. Stretches that cover less than half a
/// level draw nothing, as the tablet's pencil leaves nothing at no pressure.
enum StippledLead {
    /// The widest spread of coverage drawn at one level: just over a level, so that no
    /// sample is drawn much more than a level off its own share and a pressure ramp shows
    /// no steps. Measured on a page of 2,000 pencil strokes: 0.1 wrote 6 % fewer bytes,
    /// with steps of up to 0.14 along a ramp.
    static let coverageBand = 0.07

    /// The stretches of `centre` (nib `nibs[i]` and coverage `coverage[i]`, 0 … 1, at sample `i`).
    static func drawings(centre: [Point], nibs: [Nib], coverage: [Double], color: RGBAColor, clip: InkPath?,
                         fitted: Bool) -> [StrokeDrawing] {
        precondition(centre.count == nibs.count && centre.count == coverage.count)
        guard !centre.isEmpty else { return [] }
        var color = color
        color.alpha = min(max(color.alpha, 0), 1)
        var drawings: [StrokeDrawing] = []
        let last = centre.count - 1
        /// The direction the stroke passes through sample `i` (as the outline offsets it there).
        func through(_ i: Int) -> Point { VariableWidthOutline.direction(centre[i - 1], centre[i + 1]) }
        for run in runs(coverage) where run.level > 0 {
            let range = run.start...run.end
            let path = VariableWidthOutline.outline(centre: Array(centre[range]), nibs: Array(nibs[range]), fitted: fitted,
                                                    startCut: run.start > 0 ? through(run.start) : nil,
                                                    endCut: run.end < last ? through(run.end) : nil)
            drawings.append(StrokeDrawing(path: path, paint: Paint(color: color, style: .fill, grain: .stipple(level: run.level)), clip: clip))
        }
        return drawings
    }

    /// The level (0 … `Grain.stippleLevels`) nearest `share`.
    static func level(_ share: Double) -> Int {
        guard share.isFinite else { return 0 }
        return Int((min(max(share, 0), 1) * Double(Grain.stippleLevels)).rounded())
    }

    /// The stretches: first and last sample (the last shared with the next stretch) and the
    /// level (0 … `Grain.stippleLevels`) of the middle of their coverage; neighbours of one level joined.
    static func runs(_ coverage: [Double]) -> [(start: Int, end: Int, level: Int)] {
        func level(_ low: Double, _ high: Double) -> Int { Self.level((low + high) / 2) }
        var runs: [(start: Int, end: Int, level: Int)] = []
        func close(_ start: Int, _ end: Int, _ level: Int) {
            if let last = runs.last, last.level == level {
                runs[runs.count - 1].end = end
            } else {
                runs.append((start, end, level))
            }
        }
        var start = 0
        var low = coverage[0], high = coverage[0]
        for i in 1..<max(coverage.count, 1) {
            let c = coverage[i]
            // A stretch keeps at least one segment, however steeply the coverage changes along it.
            if max(high, c) - min(low, c) > coverageBand && i - 1 > start {
                close(start, i - 1, level(low, high))
                start = i - 1
                low = min(coverage[i - 1], c)
                high = max(coverage[i - 1], c)
            } else {
                low = min(low, c)
                high = max(high, c)
            }
        }
        close(start, coverage.count - 1, level(low, high))
        return runs
    }
}
