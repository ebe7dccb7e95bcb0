/// The grey levels of a grain tile (255 leaves the colour below as it is,
/// lower darkens it when multiplied), made from a fixed hash so that the
/// same inkpdf writes the same bytes. Public so that the PDF content writer
/// embeds the very tile the cairo painter paints.
///
/// A stipple's tile is the dots alone: 0 where the lead marks the paper (in
/// the ink's colour), 255 where the paper shows.
public struct GrainTile: Sendable {
    /// Pixels along each side (the tile is square).
    public let size: Int
    public let pixelsPerPoint: Double
    /// `size` rows of `size` levels, top row first.
    public let levels: [UInt8]

    public init(_ grain: Grain) {
        switch grain {
        case .pencil:
            // 32 px at 4 px/pt: an 8 pt tile of fine tooth, slightly streaked along x.
            self.init(size: 32, pixelsPerPoint: 4, cell: 1, threshold: 0.4, strength: 0.45, seed: 0x9E37)
        case .crayon:
            // 48 px at 4 px/pt: a 12 pt tile of coarser, stronger wax specks.
            self.init(size: 48, pixelsPerPoint: 4, cell: 2, threshold: 0.45, strength: 0.45, seed: 0x7F4A)
        case .stipple(let level):
            self.init(stippleLevel: level)
        }
    }

    /// Wraps at the tile's edge (`cells` a side) so that repeats join without a seam.
    private static func noise(_ x: Int, _ y: Int, cells: Int, seed: UInt32) -> UInt32 {
        var h = UInt32((x + cells) % cells) &* 0x27D4_EB2D ^ UInt32((y + cells) % cells) &* 0x1656_67B1 ^ seed
        h ^= h >> 15; h = h &* 0x85EB_CA6B; h ^= h >> 13; h = h &* 0xC2B2_AE35; h ^= h >> 16
        return h
    }

    private init(size: Int, pixelsPerPoint: Double, cell: Int, threshold: Double, strength: Double, seed: UInt32) {
        self.size = size
        self.pixelsPerPoint = pixelsPerPoint
        let cells = size / cell
        func noise(_ x: Int, _ y: Int) -> Double {
            Double(Self.noise(x, y, cells: cells, seed: seed) & 0xFFFF) / 65535
        }
        var levels = [UInt8](repeating: 255, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let cx = x / cell, cy = y / cell
                // Neighbours along x soften the speck into a short streak.
                let n = (2 * noise(cx, cy) + noise(cx - 1, cy) + noise(cx + 1, cy)) / 4
                let speck = max(0, (n - threshold) / (1 - threshold))
                levels[y * size + x] = UInt8((255 * (1 - strength * speck)).rounded())
            }
        }
        self.levels = levels
    }

    /// 120 px at 3 px/pt (a 40 pt tile): dots a third of a point across, about the
    /// tablet's own pixel (226 per inch). Each pixel is marked independently of its
    /// neighbours, as in the textures the tablet draws its pencils with (white noise);
    /// ranked once in a fixed order, the level's share of pixels with the lowest ranks
    /// are dots, exactly `level / stippleLevels` of the tile, and every lower level's dots among them.
    /// Noise repeats visibly along a straight line: a tile of 16 pt showed its pattern
    /// again and again along a ruled stroke; at 40 pt a line of handwriting barely does.
    private init(stippleLevel level: Int) {
        size = Self.stippleSize
        pixelsPerPoint = 3
        let count = size * size
        let dots = count * min(max(level, 0), Grain.stippleLevels) / Grain.stippleLevels
        var levels = [UInt8](repeating: 255, count: count)
        for pixel in Self.stippleRanking.prefix(dots) { levels[Int(pixel)] = 0 }
        self.levels = levels
    }

    private static let stippleSize = 120

    /// The stipple tile's pixels in the order they become dots (by a hash of their place), worked out once.
    private static let stippleRanking: [Int32] = {
        let count = stippleSize * stippleSize
        let keys = (0..<count).map { noise($0 % stippleSize, $0 / stippleSize, cells: stippleSize, seed: 0x51F1) }
        return (0..<count).sorted { a, b in keys[a] != keys[b] ? keys[a] < keys[b] : a < b }.map { Int32($0) }
    }()
}
