import CCairo

/// A PNG of an rnote `bitmapimage` (premultiplied 8-bit RGBA rows), written by cairo,
/// so that it is drawn like any other image decoration.
enum BitmapPNG {
    /// The PNG's bytes; empty when cairo cannot make the surface or write it (the image is then counted as omitted).
    ///
    /// The corresponding C functions are `cairo_image_surface_create` and `cairo_surface_write_to_png_stream`.
    static func encode(premultipliedRGBA pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0, pixels.count == width * height * 4,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return [] }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        cairo_surface_flush(surface)
        // Cairo's ARGB32 is premultiplied too, one native-endian 32-bit word a pixel.
        for row in 0..<height {
            let words = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                let source = (row * width + column) * 4
                words[column] = UInt32(pixels[source + 3]) << 24 | UInt32(pixels[source]) << 16
                    | UInt32(pixels[source + 1]) << 8 | UInt32(pixels[source + 2])
            }
        }
        cairo_surface_mark_dirty(surface)
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes : []
    }

    private final class Sink {
        var bytes: [UInt8] = []
    }
}
