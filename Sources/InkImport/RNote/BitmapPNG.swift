import LibCairo

/// A PNG of an rnote `bitmapimage` (premultiplied 8-bit RGBA rows), written by cairo,
/// so that it is drawn like any other image decoration.
enum BitmapPNG {
    /// The PNG's bytes; empty when cairo cannot make the surface or write it (the image is then counted as omitted).
    ///
    /// The corresponding C functions are `cairo_image_surface_create` and `cairo_surface_write_to_png_stream`.
    static func encode(premultipliedRGBA pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return [] }
        let surface = CairoImageSurface(format: .argb32, width: width, height: height)
        guard surface.status == nil else { return [] }
        let stride = surface.stride
        let filled: Bool = surface.withUnsafeMutableData { data in
            guard let data else { return false }
            surface.flush()
            // Cairo's ARGB32 is premultiplied too, one native-endian 32-bit word a pixel.
            for row in 0..<height {
                let words = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width {
                    let source = (row * width + column) * 4
                    words[column] = UInt32(pixels[source + 3]) << 24 | UInt32(pixels[source]) << 16
                        | UInt32(pixels[source + 1]) << 8 | UInt32(pixels[source + 2])
                }
            }
            return true
        }
        guard filled else { return [] }
        surface.markDirty()
        return (try? surface.pngData()) ?? []
    }
}
