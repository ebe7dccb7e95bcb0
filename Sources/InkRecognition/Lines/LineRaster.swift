import LibCairo
import InkModel
import InkRendering

/// A line's ink drawn alone (no page under it) into an 8-bit grey image, dark on white,
/// at a scale that gives its letters `letterPixels` pixels, each stroke drawn by
/// InkRendering's own drawing as a black pen of `strokePixels` pixels.
struct LineRaster {
    var grey: [UInt8]
    var width: Int
    var height: Int
    /// Pixels per point, and the page point at pixel (0, 0).
    var scale: Double
    var originX: Double
    var originY: Double

    /// The widest image drawn; a longer line is drawn at a smaller scale (bounded memory).
    static let maximumWidth = 6_000
    /// The most points of one stroke drawn for tesseract (`StrokeSimplifier`).
    static let pointsPerStroke = 1_024
    static let maximumHeight = 600

    /// The page x of an image column.
    func pageX(_ pixel: Int) -> Double { originX + Double(pixel) / scale }

    init?(line: InkLine, layer: PageLayer, letterPixels: Double, strokePixels: Double, deslant: Bool, marginLetters: Double = 0.6) {
        let margin = line.letterHeight * marginLetters + (deslant ? line.box.height / 2 : 0)
        var scale = letterPixels / line.letterHeight
        let pageWidth = line.box.width + 2 * margin, pageHeight = line.box.height + 2 * margin
        scale = min(scale, Double(Self.maximumWidth) / pageWidth, Double(Self.maximumHeight) / pageHeight)
        guard scale.isFinite, scale > 0 else { return nil }
        let width = max(Int((pageWidth * scale).rounded(.up)), 1), height = max(Int((pageHeight * scale).rounded(.up)), 1)
        originX = line.box.x - margin
        originY = line.box.y - margin
        self.scale = scale
        self.width = width
        self.height = height
        let surface = CairoImageSurface(format: .a8, width: width, height: height)
        guard surface.status == nil else { return nil }
        let context = CairoContext(drawingOn: surface)
        context.scale(scale, scale)
        context.translate(-originX, -originY)
        let textures = InkTextures()
        let nib = strokePixels / scale
        // Upright: the line's slant sheared away about its middle (where page x is kept).
        let middle = (line.box.y + line.box.maxY) / 2
        let slant = deslant ? Self.slant(of: line, in: layer) : 0
        var drawings: [StrokeDrawing] = []
        for index in line.strokes {
            var stroke = layer.strokes[index]
            // One plain pen of one width: what a recogniser trained on print reads best (measured).
            let transform = stroke.transform ?? .identity
            stroke.transform = nil
            stroke.ink = Ink(type: .pen, color: RGBAColor(red: 0, green: 0, blue: 0))
            stroke.mask = nil
            for p in stroke.points.indices {
                let (x, y) = transform.apply(x: stroke.points[p].x, y: stroke.points[p].y)
                stroke.points[p].x = x + slant * (y - middle)
                stroke.points[p].y = y
                stroke.points[p].w = nib; stroke.points[p].h = nib
                stroke.points[p].opacity = 1; stroke.points[p].force = 1
            }
            // Only what the image can show: within a third of a pixel, at most `pointsPerStroke` points (a stroke
            // zigzagging 100,000 times along a line made cairo fill a self-crossing outline for minutes, issue 52).
            let kept = StrokeSimplifier.keptIndices(stroke.points.map { (x: $0.x, y: $0.y) }, maximumPoints: Self.pointsPerStroke,
                                                    tolerance: 0.33 / scale)
            if kept.count < stroke.points.count { stroke.points = kept.map { stroke.points[$0] } }
            drawings += InkStyle.drawings(for: stroke).drawings
        }
        CairoInkPainter.draw(drawings, on: context, textures: textures, snapping: false)
        let status = context.status
        _ = consume context
        guard status == nil else { return nil }
        let grey = surface.a8Pixels { 255 &- $0 }
        guard let grey else { return nil }
        self.grey = grey
    }

    /// The line's slant, dx per dy of its strokes' steep stretches (positive leans right).
    static func slant(of line: InkLine, in layer: PageLayer) -> Double {
        var across = 0.0, down = 0.0
        for index in line.strokes {
            let stroke = layer.strokes[index]
            let transform = stroke.transform ?? .identity
            var previous: (x: Double, y: Double)?
            for point in stroke.points {
                let (x, y) = transform.apply(x: point.x, y: point.y)
                if let previous {
                    let dx = x - previous.x, dy = y - previous.y
                    if abs(dy) > 2 * abs(dx) {
                        // Up strokes and down strokes lean the same way: dx against the drawn direction of y.
                        across += dy > 0 ? -dx : dx
                        down += abs(dy)
                    }
                }
                previous = (x, y)
            }
        }
        guard down > 0 else { return 0 }
        return min(max(across / down, -1), 1)
    }
}
