import CCairo
import InkModel

/// The grain tiles of one document: each made on first use and reused for
/// every stroke after, so that a PDF embeds each tile image once (cairo
/// writes a surface once per document however often it is painted).
///
/// Not thread-safe: use it on the thread that draws.
public final class InkTextures {
    private var patterns: [Grain: OpaquePointer] = [:]

    public init() {}

    deinit {
        for pattern in patterns.values { cairo_pattern_destroy(pattern) }
    }

    /// How many tiles have been made.
    public var tileCount: Int { patterns.count }

    /// A repeating pattern of the grain's tile, in page points.
    ///
    /// The corresponding C functions are `cairo_image_surface_create`,
    /// `cairo_pattern_create_for_surface` and `cairo_pattern_set_extend`.
    func pattern(for grain: Grain) -> OpaquePointer {
        if let pattern = patterns[grain] { return pattern }
        let tile = GrainTile(grain)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(tile.size), Int32(tile.size))!
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
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
        cairo_surface_mark_dirty(surface)
        let pattern = cairo_pattern_create_for_surface(surface)!
        cairo_surface_destroy(surface)   // the pattern holds it
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, tile.pixelsPerPoint, tile.pixelsPerPoint)
        cairo_pattern_set_matrix(pattern, &matrix)
        patterns[grain] = pattern
        return pattern
    }
}
