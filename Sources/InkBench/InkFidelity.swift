import InkFixtures
import InkPDFContentTestSupport
import LibCairo
import Foundation
import InkPipeline

/// How closely the ink inkpdf writes matches an unfitted, finely sampled
/// reference of the same strokes: the ink as the content writer puts it in a
/// PDF (fitted outlines on its integer grid; an `--ink-only` export, rendered
/// by poppler) against the reference cairo draws, both alone on white,
/// compared by SSIM (Gaussian window, σ = 1.5 px) averaged over the pixels
/// near ink only (ink in either image, dilated by 3 px), since white paper
/// would read as a perfect match.
public enum InkFidelity {
    public struct Result: Sendable {
        public var ssim: Double
        public var minimumPageSSIM: Double
        public var pixels: Int
    }

    public static func measure(pdf: String, ink: String, pages: PageSelection, scale: Double, directory: URL) throws -> Result {
        let written = directory.appendingPathComponent("written.pdf").path
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var options = ExportOptions(ignoreDocumentMismatch: true, writeSidecar: false)
        options.pages = pages
        options.inkOnly = true
        _ = try Exporter.export(pdf: pdf, ink: ink, output: written, options: options)
        let reference = try PageRenderer.render(pdf: pdf, ink: ink, outputDirectory: directory.appendingPathComponent("reference").path,
                                                options: RenderOptions(scale: scale, pages: pages, ignoreDocumentMismatch: true,
                                                                       drawsPage: false, referenceInk: true))
        var total = 0.0, count = 0, worst = 1.0
        for (index, image) in reference.images.enumerated() {
            let (a, b) = (try GreyRaster.poppler(written, page: index + 1, scale: scale), try grey(image))
            guard a.width == b.width, a.height == b.height else { throw SampleError.cairo(path: image, status: "sizes differ") }
            let result = GreyRaster.compare(a, b)
            total += result.ssim * Double(result.pixels)
            count += result.pixels
            if result.pixels > 0 { worst = min(worst, result.ssim) }
        }
        return Result(ssim: count > 0 ? total / Double(count) : 1, minimumPageSSIM: worst, pixels: count)
    }

    /// Grey levels 0…255 of a PNG.
    static func grey(_ path: String) throws -> GreyRaster {
        let surface = CairoImageSurface(contentsOfPNGFile: path)
        guard surface.status == nil else { throw SampleError.cairo(path: path, status: "cannot read PNG") }
        return GreyRaster(surface: surface)
    }
}
