import InkFixtures
import InkPDFContentTestSupport
import CCairo
import Foundation
import InkPipeline

/// How closely the ink inkpdf writes (fitted outlines on a 1/16 pt grid)
/// matches an unfitted, finely sampled reference of the same strokes: both
/// rendered alone on white, compared by SSIM (Gaussian window, σ = 1.5 px)
/// averaged over the pixels near ink only (ink in either image, dilated by
/// 3 px), since white paper would read as a perfect match.
public enum InkFidelity {
    public struct Result: Sendable {
        public var ssim: Double
        public var minimumPageSSIM: Double
        public var pixels: Int
    }

    public static func measure(pdf: String, ink: String, pages: PageSelection, scale: Double, directory: URL) throws -> Result {
        let fitted = try PageRenderer.render(pdf: pdf, ink: ink, outputDirectory: directory.appendingPathComponent("fitted").path,
                                             options: RenderOptions(scale: scale, pages: pages, ignoreDocumentMismatch: true, drawsPage: false))
        let reference = try PageRenderer.render(pdf: pdf, ink: ink, outputDirectory: directory.appendingPathComponent("reference").path,
                                                options: RenderOptions(scale: scale, pages: pages, ignoreDocumentMismatch: true,
                                                                       drawsPage: false, referenceInk: true))
        var total = 0.0, count = 0, worst = 1.0
        for (a, b) in zip(fitted.images, reference.images) {
            let (sum, n) = try maskedSSIM(a, b)
            total += sum
            count += n
            if n > 0 { worst = min(worst, sum / Double(n)) }
        }
        return Result(ssim: count > 0 ? total / Double(count) : 1, minimumPageSSIM: worst, pixels: count)
    }

    /// Grey levels 0…255 of a PNG.
    public static func grey(_ path: String) throws -> (width: Int, height: Int, values: [Double]) {
        let surface = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw SampleError.cairo(path: path, status: "cannot read PNG") }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var values = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { row in
                for x in 0..<width {
                    let word = row[x]
                    values[y * width + x] = 0.299 * Double((word >> 16) & 0xFF) + 0.587 * Double((word >> 8) & 0xFF) + 0.114 * Double(word & 0xFF)
                }
            }
        }
        return (width, height, values)
    }

    /// Separable Gaussian blur, σ = 1.5 px, radius 5: the same window as the content writer's tests.
    public static func blur(_ v: [Double], _ width: Int, _ height: Int) -> [Double] {
        GreyRaster.blur(v, width, height)
    }

    /// The sum of SSIM over the pixels near ink, and how many there are.
    public static func maskedSSIM(_ pathA: String, _ pathB: String) throws -> (Double, Int) {
        let a = try grey(pathA), b = try grey(pathB)
        guard a.width == b.width, a.height == b.height else { throw SampleError.cairo(path: pathA, status: "sizes differ") }
        let w = a.width, h = a.height
        // Near ink: within 3 px of a pixel that is not white in either image.
        var ink = [Bool](repeating: false, count: w * h)
        for i in 0..<(w * h) where a.values[i] < 250 || b.values[i] < 250 { ink[i] = true }
        var near = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w where ink[y * w + x] {
                for yy in max(0, y - 3)...min(h - 1, y + 3) { for xx in max(0, x - 3)...min(w - 1, x + 3) { near[yy * w + xx] = true } }
            }
        }
        let muA = blur(a.values, w, h), muB = blur(b.values, w, h)
        let aa = blur(a.values.map { $0 * $0 }, w, h), bb = blur(b.values.map { $0 * $0 }, w, h)
        let ab = blur(zip(a.values, b.values).map { $0 * $1 }, w, h)
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        var sum = 0.0, count = 0
        for i in 0..<(w * h) where near[i] {
            let va = aa[i] - muA[i] * muA[i], vb = bb[i] - muB[i] * muB[i], cov = ab[i] - muA[i] * muB[i]
            sum += ((2 * muA[i] * muB[i] + c1) * (2 * cov + c2)) / ((muA[i] * muA[i] + muB[i] * muB[i] + c1) * (va + vb + c2))
            count += 1
        }
        return (sum, count)
    }
}
