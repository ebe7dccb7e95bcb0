import LibCairo
import InkModel

/// The grain tiles of one document: each made on first use and reused for
/// every stroke after, so that a PDF embeds each tile image once (cairo
/// writes a surface once per document however often it is painted).
///
/// Not thread-safe: use it on the thread that draws.
public final class InkTextures {
    /// Each pattern is released with the textures (`CairoPattern` owns its handle).
    private var patterns: [Grain: CairoPattern] = [:]

    public init() {}

    /// How many tiles have been made.
    public var tileCount: Int { patterns.count + stipples.count }

    /// A repeating pattern of the grain's tile, in page points.
    ///
    /// The corresponding C functions are `cairo_image_surface_create`,
    /// `cairo_pattern_create_for_surface` and `cairo_pattern_set_extend`.
    func pattern(for grain: Grain) -> CairoPattern {
        if let pattern = patterns[grain] { return pattern }
        let pattern = Self.pattern(GrainTile(grain), format: .rgb24) { level in
            let v = UInt32(level)
            return (v << 16) | (v << 8) | v
        }
        patterns[grain] = pattern
        return pattern
    }

    /// The stipple's dots of `level` in `color`, the paper clear between them: painted as the
    /// source (OVER), not as a mask, because cairo's PDF output draws a repeating mask's tile
    /// only once (Splash and poppler's cairo both showed one 40 pt tile of dots).
    func stipplePattern(level: Int, color: RGBAColor) -> CairoPattern {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let a = byte(color.alpha)
        // Premultiplied, as cairo's ARGB32 is.
        let dot = a << 24 | byte(color.red * color.alpha) << 16 | byte(color.green * color.alpha) << 8 | byte(color.blue * color.alpha)
        let key = StippleKey(level: level, argb: dot)
        if let pattern = stipples[key] { return pattern }
        let pattern = Self.pattern(GrainTile(.stipple(level: level)), format: .argb32) { $0 == 0 ? dot : 0 }
        stipples[key] = pattern
        return pattern
    }

    private struct StippleKey: Hashable {
        var level: Int
        var argb: UInt32
    }
    private var stipples: [StippleKey: CairoPattern] = [:]

    /// A repeating pattern of `tile` in page points, each level made a pixel by `pixel`.
    private static func pattern(_ tile: GrainTile, format: CairoImageSurface.Format, pixel: (UInt8) -> UInt32) -> CairoPattern {
        let surface = CairoImageSurface(format: format, width: tile.size, height: tile.size)
        surface.flush()
        let stride = surface.stride
        surface.withUnsafeMutableData { data in
            guard let data else { return }
            for y in 0..<tile.size {
                // The row is used only inside the rebinding: a pointer taken out of it would be undefined behaviour.
                data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: tile.size) { row in
                    for x in 0..<tile.size { row[x] = pixel(tile.levels[y * tile.size + x]) }
                }
            }
        }
        surface.markDirty()
        let pattern = CairoPattern(surface: surface)   // which holds the surface
        pattern.setExtend(.repeat)
        pattern.setFilter(.good)
        pattern.setMatrix(.scale(tile.pixelsPerPoint, tile.pixelsPerPoint))
        return pattern
    }
}
