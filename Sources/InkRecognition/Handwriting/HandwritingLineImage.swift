import LibCairo

/// A line of handwriting as `HandwritingModel` reads it: every stroke redrawn with one round pen
/// on a band `height` pixels high, scaled so that the line's core (where most of its ink lies
/// between the 15th and 85th percentiles of height, by length) fills a fixed share of the band.
/// The same drawing as scripts/handwriting/synth.py's `normalise_line`, which made the training data.
struct HandwritingLineImage {
    struct Normalisation: Equatable {
        var lowQuantile = 0.15, highQuantile = 0.85
        var coreFraction = 0.30
        var pad = 0.25
        var penWidth = 0.06
        var maximumWidth = 2048

        init(_ header: [String: Any]?) {
            guard let header else { return }
            if let q = header["core_quantiles"] as? [Double], q.count == 2 { lowQuantile = q[0]; highQuantile = q[1] }
            if let v = header["core_fraction"] as? Double { coreFraction = v }
            if let v = header["pad"] as? Double { pad = v }
            if let v = header["pen_width"] as? Double { penWidth = v }
            if let v = header["max_width"] as? Int { maximumWidth = v }
        }
    }

    /// Ink coverage `[height][width]`, 1 ink, 0 paper.
    var pixels: [Float]
    var width: Int
    var height: Int
    /// Page x = `pageX(imageX)`.
    var minX: Double
    var scale: Double
    var pad: Double

    func pageX(_ imageX: Double) -> Double { minX + (imageX - pad) / scale }

    /// `strokes`: each a polyline in page points (y down).
    init?(strokes: [[(x: Double, y: Double)]], height: Int, normalisation: Normalisation) {
        var segments: [(y: Double, length: Double)] = []
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for stroke in strokes {
            for (i, p) in stroke.enumerated() {
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
                if i > 0 {
                    let q = stroke[i - 1]
                    let length = ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
                    segments.append(((p.y + q.y) / 2, length))
                }
            }
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        let total = segments.reduce(0) { $0 + $1.length }
        var low: Double, high: Double
        if total > 0 {
            segments.sort { $0.y < $1.y }
            func quantile(_ q: Double) -> Double {
                var running = 0.0
                for segment in segments {
                    running += segment.length
                    if running >= q * total { return segment.y }
                }
                return segments.last!.y
            }
            low = quantile(normalisation.lowQuantile); high = quantile(normalisation.highQuantile)
        } else {
            // Every point weighs one: the first whose running count reaches the share.
            let ys = strokes.flatMap { $0.map(\.y) }.sorted()
            func quantile(_ q: Double) -> Double { ys[min(max(Int((q * Double(ys.count)).rounded(.up)) - 1, 0), ys.count - 1)] }
            low = quantile(normalisation.lowQuantile); high = quantile(normalisation.highQuantile)
        }
        var core = high - low
        if core < 1e-6 * (maxY - minY + 1e-9) || core <= 0 { core = max(maxY - minY, 1e-3) / 2 }
        let middle = (low + high) / 2
        let h = Double(height)
        let scale = normalisation.coreFraction * h / core
        let pad = normalisation.pad * h
        guard scale.isFinite, scale > 0 else { return nil }
        let width = min(max(Int(((maxX - minX) * scale + 2 * pad).rounded(.up)), height / 2), normalisation.maximumWidth)
        let surface = CairoImageSurface(format: .a8, width: width, height: height)
        guard surface.status == nil else { return nil }
        let context = CairoContext(drawingOn: surface)
        // The training images were drawn with Pillow at 4× (scripts/handwriting/synth.py): a line of a
        // whole number of those pixels, whose filling takes in the pixels its edge touches, about half a pixel more.
        context.setLineWidth(((normalisation.penWidth * h * 4).rounded() + 0.5) / 4)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        context.setSourceRGBA(0, 0, 0, 1)
        for stroke in strokes where !stroke.isEmpty {
            // What the image can show (a quarter of a pixel), and a bounded number of points whatever the stroke does.
            let kept = StrokeSimplifier.keptIndices(stroke, maximumPoints: LineRaster.pointsPerStroke, tolerance: 0.25 / scale)
            let points = kept.map { stroke[$0] }.map { (x: ($0.x - minX) * scale + pad, y: ($0.y - middle) * scale + h / 2) }
            context.moveTo(points[0].x, points[0].y)
            if points.count == 1 {
                context.lineTo(points[0].x, points[0].y)   // a dot: a round cap at each end
            } else {
                for p in points.dropFirst() { context.lineTo(p.x, p.y) }
            }
            context.stroke()
        }
        let status = context.status
        _ = consume context
        guard status == nil else { return nil }
        let pixels = surface.a8Pixels { Float($0) / 255 }
        guard let pixels else { return nil }
        self.pixels = pixels
        self.width = width
        self.height = height
        self.minX = minX
        self.scale = scale
        self.pad = pad
    }
}
