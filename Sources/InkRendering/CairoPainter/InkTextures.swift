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
    public var tileCount: Int { patterns.count }

    /// A repeating pattern of the grain's tile, in page points.
    ///
    /// The corresponding C functions are `cairo_image_surface_create`,
    /// `cairo_pattern_create_for_surface` and `cairo_pattern_set_extend`.
    func pattern(for grain: Grain) -> CairoPattern {
        if let pattern = patterns[grain] { return pattern }
        let tile = GrainTile(grain)
        let surface = CairoImageSurface(format: .rgb24, width: tile.size, height: tile.size)
        surface.flush()
        let stride = surface.stride
        surface.withUnsafeMutableData { data in
            guard let data else { return }
            for y in 0..<tile.size {
                // The row is used only inside the rebinding: a pointer taken out of it would be undefined behaviour.
                data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: tile.size) { row in
                    for x in 0..<tile.size {
                        let v = UInt32(tile.levels[y * tile.size + x])
                        row[x] = (v << 16) | (v << 8) | v
                    }
                }
            }
        }
        surface.markDirty()
        let pattern = CairoPattern(surface: surface)   // which holds the surface
        pattern.setExtend(.repeat)
        pattern.setFilter(.good)
        pattern.setMatrix(.scale(tile.pixelsPerPoint, tile.pixelsPerPoint))
        patterns[grain] = pattern
        return pattern
    }
}
