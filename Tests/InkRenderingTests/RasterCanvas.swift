import LibCairo
import InkModel
import InkRendering

/// A white cairo image surface to draw strokes on and read pixels back from.
final class RasterCanvas {
    let surface: CairoImageSurface
    let context: CairoContext
    let width: Int, height: Int

    /// `scale` device pixels per point.
    init(width: Int, height: Int, scale: Double = 1) {
        self.width = width
        self.height = height
        surface = CairoImageSurface(format: .rgb24, width: width, height: height)
        context = CairoContext(drawingOn: surface)
        context.setSourceRGB(1, 1, 1)
        context.paint()
        context.scale(scale, scale)
    }

    func draw(_ strokes: [Stroke], textures: InkTextures = InkTextures()) {
        CairoInkPainter.draw(strokes.flatMap { InkStyle.drawings(for: $0).drawings }, on: context, textures: textures)
    }

    func fillRect(x: Double, y: Double, width w: Double, height h: Double, gray: Double) {
        context.setSourceRGB(gray, gray, gray)
        context.rectangle(x, y, w, h)
        context.fill()
    }

    /// (red, green, blue) 0…255 of the device pixel at column x, row y.
    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        surface.flush()
        let offset = y * surface.stride + x * 4
        // RGB24 is a native-endian 32-bit word 0x00RRGGBB.
        let word = surface.withUnsafeMutableData { data in
            data!.advanced(by: offset).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        }
        return (Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF))
    }

    func isInked(_ x: Int, _ y: Int) -> Bool {
        let p = pixel(x, y)
        return p.r < 250 || p.g < 250 || p.b < 250
    }

    /// How many pixels of the canvas are not white.
    var inkedPixelCount: Int {
        var count = 0
        for y in 0..<height { for x in 0..<width where isInked(x, y) { count += 1 } }
        return count
    }
}

/// A stroke of round-nib points of one size along `path`.
func makeStroke(_ type: InkType = .pen, color: String = "#000000FF", size: Double = 4,
                interpolation: Stroke.Interpolation? = .linear, transform: StrokeTransform? = nil,
                mask: String? = nil, altitude: Double = .pi / 2, azimuth: Double = 0,
                opacity: Double = 1, _ path: [(Double, Double)]) -> Stroke {
    let points = path.enumerated().map { index, p in
        StrokePoint(x: p.0, y: p.1, t: Double(index) * 0.01, w: size, h: size, opacity: opacity,
                    force: 1, azimuth: azimuth, altitude: altitude)
    }
    return Stroke(ink: Ink(type: type, colorText: color, color: RGBAColor(hex: color)!),
                  created: 1_764_460_000, transform: transform, mask: mask,
                  interpolation: interpolation, points: points)
}
