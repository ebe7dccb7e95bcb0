import LibPoppler
import LibCairo
import Foundation
import InkPipeline
import InkRendering

/// A grey image (0 black … 255 white, luma of RGB) to compare renderings of ink.
public struct GreyRaster: Sendable {
    public let width: Int
    public let height: Int
    public var values: [Double]

    public init(width: Int, height: Int, values: [Double]) {
        self.width = width
        self.height = height
        self.values = values
    }

    /// The pixels of an RGB24/ARGB32 image surface.
    ///
    /// The corresponding C functions are `cairo_image_surface_get_data` and `cairo_image_surface_get_stride`.
    public init(surface: CairoImageSurface) {
        surface.flush()
        let width = surface.width
        let height = surface.height
        let stride = surface.stride
        var values = [Double](repeating: 255, count: width * height)
        surface.withUnsafeMutableData { data in
            let data = data!
            for y in 0..<height {
                // The rebound row is used inside the closure only.
                data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { row in
                    for x in 0..<width {
                        let word = row[x]
                        values[y * width + x] = 0.299 * Double((word >> 16) & 0xFF) + 0.587 * Double((word >> 8) & 0xFF)
                            + 0.114 * Double(word & 0xFF)
                    }
                }
            }
        }
        self.width = width
        self.height = height
        self.values = values
    }

    /// A white page `width` × `height` points at `scale` pixels per point, `draw` drawing on it in points (y down).
    static func rendered(width: Double, height: Double, scale: Double, _ draw: (borrowing CairoContext) -> Void) -> GreyRaster {
        let surface = CairoImageSurface(format: .rgb24, width: Int((width * scale).rounded(.up)),
                                        height: Int((height * scale).rounded(.up)))
        let context = CairoContext(drawingOn: surface)
        context.setSourceRGB(1, 1, 1)
        context.paint()
        context.scale(scale, scale)
        draw(context)
        _ = consume context
        let raster = GreyRaster(surface: surface)
        return raster
    }

    /// cairo's own raster of `drawings` (`CairoInkPainter.draw`), on white.
    public static func cairo(_ drawings: [StrokeDrawing], width: Double, height: Double, scale: Double,
                             snapping: Bool = true) -> GreyRaster {
        rendered(width: width, height: height, scale: scale) { context in
            CairoInkPainter.draw(drawings, on: context, textures: InkTextures(), snapping: snapping)
        }
    }

    /// Page `page` (1-based) of the PDF at `path` as poppler renders it (`PDFPage.render`, as a viewer shows it), on white.
    public static func poppler(_ path: String, page: Int, scale: Double) throws -> GreyRaster {
        let document: PDFDocument
        do throws(ExportError) { document = try PDFDocument.open(path: path) } catch {
            throw RasterError.cannotOpen(path: path, reason: error.description)
        }
        guard page >= 1, page <= document.pageCount, let popplerPage = try? document.page(page) else {
            throw RasterError.cannotOpen(path: path, reason: "no page \(page)")
        }
        let (width, height) = popplerPage.displayedSize
        return rendered(width: width, height: height, scale: scale) { popplerPage.render(on: $0) }
    }

    /// SSIM (Gaussian window σ = 1.5 px) averaged over the pixels near ink (not
    /// white in either image, dilated by 3 px), how many those are, and the
    /// largest difference of one pixel's grey level.
    public static func compare(_ a: GreyRaster, _ b: GreyRaster) -> (ssim: Double, pixels: Int, maxDifference: Double) {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        let w = a.width, h = a.height
        var near = [Bool](repeating: false, count: w * h)
        var maxDifference = 0.0
        for y in 0..<h {
            for x in 0..<w where a.values[y * w + x] < 250 || b.values[y * w + x] < 250 {
                for yy in max(0, y - 3)...min(h - 1, y + 3) { for xx in max(0, x - 3)...min(w - 1, x + 3) { near[yy * w + xx] = true } }
            }
        }
        for i in 0..<(w * h) { maxDifference = max(maxDifference, abs(a.values[i] - b.values[i])) }
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
        return (count > 0 ? sum / Double(count) : 1, count, maxDifference)
    }

    /// Separable Gaussian blur, σ = 1.5 px, radius 5 (SSIM's window).
    static func blur(_ v: [Double], _ width: Int, _ height: Int) -> [Double] {
        let weights: [Double] = (-5...5).map { exp(-Double($0 * $0) / (2 * 1.5 * 1.5)) }
        let norm = weights.reduce(0, +)
        let k = weights.map { $0 / norm }
        var tmp = [Double](repeating: 0, count: v.count), out = tmp
        for y in 0..<height {
            for x in 0..<width {
                var s = 0.0
                for i in -5...5 { s += k[i + 5] * v[y * width + min(max(x + i, 0), width - 1)] }
                tmp[y * width + x] = s
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                var s = 0.0
                for i in -5...5 { s += k[i + 5] * tmp[min(max(y + i, 0), height - 1) * width + x] }
                out[y * width + x] = s
            }
        }
        return out
    }
}

extension GreyRaster {
    /// The part `x, y, width, height` (pixels) of the image.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> GreyRaster {
        let x0 = max(0, min(x, width)), y0 = max(0, min(y, height))
        let x1 = max(x0, min(x + w, width)), y1 = max(y0, min(y + h, height))
        var values: [Double] = []
        values.reserveCapacity((x1 - x0) * (y1 - y0))
        for row in y0..<y1 { values += self.values[(row * width + x0)..<(row * width + x1)] }
        return GreyRaster(width: x1 - x0, height: y1 - y0, values: values)
    }

    /// The grey level at column x, row y.
    public subscript(x: Int, y: Int) -> Double { values[y * width + x] }

    /// How many pixels differ from `other`'s by more than `levels`.
    public func countDifferences(from other: GreyRaster, above levels: Double) -> Int {
        zip(values, other.values).reduce(0) { $0 + (abs($1.0 - $1.1) > levels ? 1 : 0) }
    }
}

extension GreyRaster {
    /// Page `page` of `path` as poppler's other renderer, Splash, draws it
    /// (`pdftoppm -gray`), at `scale` pixels per point: a second reader of the PDF.
    public static func splash(_ path: String, page: Int, scale: Double) throws -> GreyRaster {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-splash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output + ".pgm") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        process.arguments = ["-gray", "-r", String(72 * scale), "-f", String(page), "-l", String(page), "-singlefile", path, output]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: output + ".pgm") else {
            throw RasterError.cannotOpen(path: path, reason: "pdftoppm failed")
        }
        // Binary PGM: "P5" width height maxval, one whitespace, then the bytes.
        let bytes = [UInt8](data)
        var fields: [Int] = [], index = 2
        while fields.count < 3 {
            while index < bytes.count, bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 9 { index += 1 }
            var value = 0
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { value = value * 10 + Int(bytes[index] - 48); index += 1 }
            fields.append(value)
        }
        index += 1
        let width = fields[0], height = fields[1]
        guard bytes.count - index >= width * height else { throw RasterError.cannotOpen(path: path, reason: "short PGM") }
        return GreyRaster(width: width, height: height, values: bytes[index..<(index + width * height)].map(Double.init))
    }
}
