import Foundation

/// How well two tools' renderings of the same ink agree on where the ink is:
/// each tool's PDF is rasterised with poppler beside a PDF of the same pages
/// without ink (made by the same tool), a pixel is ink where the two differ,
/// and each ink pixel of one rendering counts as placed when the other has an
/// ink pixel within `radius` pixels (a square neighbourhood).
public enum InkPlacement {
    public struct Result: Sendable, CustomStringConvertible {
        /// Ink pixels of the reference, and how many of them the candidate has within the radius.
        public var referencePixels = 0, referenceCovered = 0
        /// Ink pixels of the candidate, and how many of them the reference has within the radius.
        public var candidatePixels = 0, candidateCovered = 0

        public init() {}

        /// The share of the reference's ink pixels near the candidate's (1 when the reference has none).
        public var referenceShare: Double { referencePixels == 0 ? 1 : Double(referenceCovered) / Double(referencePixels) }
        /// The share of the candidate's ink pixels near the reference's.
        public var candidateShare: Double { candidatePixels == 0 ? 1 : Double(candidateCovered) / Double(candidatePixels) }

        public mutating func add(_ other: Result) {
            referencePixels += other.referencePixels
            referenceCovered += other.referenceCovered
            candidatePixels += other.candidatePixels
            candidateCovered += other.candidateCovered
        }

        public var description: String {
            String(format: "reference %.2f %% of %d ink pixels near the candidate's; candidate %.2f %% of %d near the reference's",
                   100 * referenceShare, referencePixels, 100 * candidateShare, candidatePixels)
        }
    }

    /// Compares page `page` of each PDF (1-based; the same page of each) at `scale` pixels per point.
    public static func compare(reference: String, referenceWithoutInk: String, candidate: String, candidateWithoutInk: String,
                               pages: [Int], scale: Double = 1, radius: Int = 1, threshold: Int = 40) throws -> Result {
        let documents = try [reference, referenceWithoutInk, candidate, candidateWithoutInk].map { try PopplerReader(path: $0) }
        var total = Result()
        for page in pages {
            let rasters = documents.map { $0.render(page: page, scale: scale) }
            let width = rasters.map(\.width).min()!, height = rasters.map(\.height).min()!
            let a = mask(rasters[0], rasters[1], width: width, height: height, threshold: threshold)
            let b = mask(rasters[2], rasters[3], width: width, height: height, threshold: threshold)
            total.add(compare(a, b, width: width, height: height, radius: radius))
        }
        return total
    }

    /// Where `inked` differs from `plain` by more than `threshold` (0…255) in some channel.
    public static func mask(_ inked: Raster, _ plain: Raster, width: Int, height: Int, threshold: Int) -> [Bool] {
        var out = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = inked.pixel(x, y), q = plain.pixel(x, y)
                out[y * width + x] = max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b)) > threshold
            }
        }
        return out
    }

    /// The coverage of two ink masks of one size by each other within `radius`.
    public static func compare(_ reference: [Bool], _ candidate: [Bool], width: Int, height: Int, radius: Int) -> Result {
        func near(_ mask: [Bool], _ x: Int, _ y: Int) -> Bool {
            for v in max(0, y - radius)...min(height - 1, y + radius) {
                for u in max(0, x - radius)...min(width - 1, x + radius) where mask[v * width + u] { return true }
            }
            return false
        }
        var result = Result()
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                if reference[index] {
                    result.referencePixels += 1
                    if near(candidate, x, y) { result.referenceCovered += 1 }
                }
                if candidate[index] {
                    result.candidatePixels += 1
                    if near(reference, x, y) { result.candidateCovered += 1 }
                }
            }
        }
        return result
    }
}
