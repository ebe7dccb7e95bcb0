import InkModel

/// The drawings of a stroke whose ink asks to be drawn as stroked lines
/// (`LineStyle`): centreline strokes with the style's caps and round joins.
enum LineDrawings {
    static func drawings(_ stroke: Stroke, style: LineStyle, samples: [StrokeSample], clip: InkPath?,
                         fitted: Bool) -> [StrokeDrawing] {
        let count = Double(samples.count)
        let meanOpacity = samples.reduce(0) { $0 + $1.opacity } / count
        var color = stroke.ink.color
        color.alpha = min(max(color.alpha * meanOpacity, 0), 1)
        let blend: Paint.Blend = stroke.ink.type == .marker ? .multiply : .over
        func paint(_ width: Double) -> Paint {
            Paint(color: color, style: .stroke(width: width), blend: blend, cap: style.cap)
        }

        switch style.width {
        case .constant:
            let width = samples.reduce(0) { $0 + $1.width } / count
            let path = fitted ? ConstantWidthRuns.centreline(samples.map(\.position)) : CentrelineSampler.centrelinePath(of: stroke)
            return [StrokeDrawing(path: path, paint: paint(width), clip: clip)]
        case .perSegment:
            // One subpath per segment, gathered into one path per width (rounded to
            // `ConstantWidthRuns.widthStep` when compact): a path of several subpaths is
            // stroked as each on its own, caps at both ends, as separate lines would be.
            // Width order is kept by first appearance. With round caps, a segment of the
            // width of the one before it continues that one's subpath: round joins cover
            // what the two round caps would (fewer elements, bytes and memory, the same picture).
            let transform = stroke.transform ?? .identity
            let scale = transform.isIdentity ? 1 : transform.meanScale
            let positions = stroke.points.map { p -> Point in
                let q = transform.apply(x: p.x, y: p.y)
                return Point(q.x, q.y)
            }
            // Opaque round-capped segments (Xournal++'s and rnote's pressure pens): stretches whose
            // widths stay within `ConstantWidthRuns.widthBand` are one fitted centreline stroke each,
            // as a native pen's are: each edge within half the band of its segment's, round joins
            // where segments met with round caps, and the bytes and time of native ink.
            if fitted, style.cap == .round, color.alpha >= 1, blend == .over,
               stroke.effectiveInterpolation == .linear, positions.count > 1,
               let runs = ConstantWidthRuns.drawings(positions: positions,
                                                     widths: stroke.points.lazy.map { $0.w * scale }, color: color, clip: clip) {
                return runs
            }
            guard positions.count > 1 else {
                let width = (stroke.points.first?.w ?? 0) * scale
                var dot = InkPath()
                dot.move(to: positions[0])
                dot.line(to: positions[0])
                return [StrokeDrawing(path: dot, paint: paint(fitted ? ConstantWidthRuns.quantized(width) : width), clip: clip)]
            }
            var widths: [Double] = []
            var paths: [InkPath] = []
            var previousWidth: Double?
            for i in 0..<(positions.count - 1) {
                let raw = stroke.points[i].w * scale
                let width = fitted ? ConstantWidthRuns.quantized(raw) : raw
                let index: Int
                if let found = widths.lastIndex(of: width) {
                    index = found
                } else {
                    widths.append(width)
                    paths.append(InkPath())
                    index = widths.count - 1
                }
                // Segment i starts where segment i − 1 ends (the same arithmetic, so the same bits).
                let continues = style.cap == .round && previousWidth == width
                previousWidth = width
                switch stroke.effectiveInterpolation {
                case .linear:
                    if !continues { paths[index].move(to: positions[i]) }
                    paths[index].line(to: positions[i + 1])
                case .bspline:
                    let bezier = CentrelineSampler.bezierSegment(positions, segment: i)
                    if !continues { paths[index].move(to: bezier.start) }
                    paths[index].curve(to: bezier.end, control1: bezier.control1, control2: bezier.control2)
                }
            }
            return zip(paths, widths).map { StrokeDrawing(path: $0, paint: paint($1), clip: clip) }
        }
    }
}
