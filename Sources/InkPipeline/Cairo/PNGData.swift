import LibCairo

/// PNG bytes in memory as a cairo image surface.
enum PNGData {
    /// The decoded image, or nil when cairo cannot read it (`CairoImageSurface.decodingPNG`).
    static func surface(_ bytes: [UInt8]) -> CairoImageSurface? {
        CairoImageSurface.decodingPNG(bytes)
    }
}
