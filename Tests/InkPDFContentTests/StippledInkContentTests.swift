import Foundation
import InkModel
import InkPDFContent
import InkPDFContentTestSupport
import InkRendering
import Testing

/// Stippled ink (`Ink.isStippled`: a pencil's dots) as the content writer writes it: each
/// level's uncoloured tiling pattern filled in the ink's colour through the union of its
/// stretches, the same picture as cairo's own raster of the drawings.
@Suite struct StippledInkContentTests {
    static let size = (width: 300.0, height: 160.0)

    /// Pencil strokes pressed lighter to harder, in black, blue and translucent red, crossing,
    /// one of them clipped by a mask, and a pen stroke between them (which ends a batch).
    static func strokes() -> [Stroke] {
        func pencil(_ color: String, _ y: Double, from low: Double, to high: Double, mask: String? = nil) -> Stroke {
            var stroke = makeStroke(.pencil, color: color, size: 6, mask: mask, [(20, y), (150, y + 10), (280, y)])
            stroke.ink.setStippled()
            for index in stroke.points.indices { stroke.points[index].opacity = low + (high - low) * Double(index) / 2 }
            return stroke
        }
        return [pencil("#000000FF", 25, from: 0.1, to: 1),
                pencil("#000000FF", 35, from: 1, to: 0.3),
                pencil("#2050C0FF", 60, from: 0.2, to: 0.9),
                makeStroke(.pen, color: "#000000FF", size: 2, [(20, 80), (280, 80)]),
                pencil("#C0202080", 100, from: 0.5, to: 1),
                pencil("#000000FF", 130, from: 0.4, to: 1, mask: "M 60 110 L 200 110 L 200 150 L 60 150 Z")]
    }

    @Test func stippledPencilMatchesCairosRaster() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = drawings(Self.strokes())
        let pdf = directory.appendingPathComponent("stippled.pdf").path
        let contents = try writeInkPDF([page], size: Self.size, to: pdf)
        #expect(Set(contents[0].grains.map(\.isStipple)) == [true], "only the stipple's patterns: \(contents[0].grains)")
        #expect(contents[0].grains.count >= 10, "the levels of the ramps: \(contents[0].grains.count)")

        // poppler (cairo inside) against cairo's own raster, at the dots' own size (3 px a point) and above.
        for scale in [3.0, 4.0] {
            let rendered = try GreyRaster.poppler(pdf, page: 1, scale: scale)
            let reference = GreyRaster.cairo(page, width: Self.size.width, height: Self.size.height, scale: scale)
            let result = GreyRaster.compare(rendered, reference)
            let strays = rendered.countDifferences(from: reference, above: 85)
            print("stippled pencil at \(scale) px/pt: SSIM near ink \(result.ssim), \(result.pixels) pixels, \(strays) beyond 85 levels")
            #expect(result.pixels > 10000, "ink was drawn")
            #expect(result.ssim >= 0.97, "SSIM near ink \(result.ssim) at \(scale) px/pt")
            #expect(strays <= result.pixels / 50, "\(strays) pixels differ by more than a third of full contrast")
        }

        // Splash, a second renderer, lays as many dots in each part of the strokes as cairo does.
        // (Dot for dot they need not agree: Splash samples a pattern's tile with its own phase
        // and filter, even in cairo's own PDF of the drawings, whose dots it shows blurred.)
        let splash = try GreyRaster.splash(pdf, page: 1, scale: 3)
        let reference = GreyRaster.cairo(page, width: Self.size.width, height: Self.size.height, scale: 3)
        try #require(splash.width == reference.width && splash.height == reference.height)
        let a = Self.blockDarkness(splash), b = Self.blockDarkness(reference)
        let inked = a.indices.filter { a[$0] > 0.02 || b[$0] > 0.02 }
        let differences = inked.map { abs(a[$0] - b[$0]) }
        let mean = differences.reduce(0, +) / Double(differences.count), worst = differences.max() ?? 0
        print("stippled pencil, Splash: darkness of 4 pt blocks off cairo's by \(mean) on average, \(worst) at most, \(inked.count) blocks")
        #expect(inked.count > 300, "ink was drawn")
        #expect(mean < 0.03 && worst < 0.12, "Splash's darkness off cairo's by \(mean) on average, \(worst) at most")

        // cairo drawing the same into a PDF (the ink of a page whose text boxes lie over it) lays
        // the dots all along the strokes too, read by poppler and by Splash.
        let cairoPDF = directory.appendingPathComponent("cairo.pdf").path
        try SamplePDFs.cairoPDF(path: cairoPDF, pages: [Self.size], drawings: { _ in page })
        for (name, raster) in [("poppler", try GreyRaster.poppler(cairoPDF, page: 1, scale: 3)), ("Splash", try GreyRaster.splash(cairoPDF, page: 1, scale: 3))] {
            let c = Self.blockDarkness(raster)
            let off = inked.map { abs(c[$0] - b[$0]) }
            let mean = off.reduce(0, +) / Double(off.count)
            #expect(mean < 0.03 && (off.max() ?? 0) < 0.12, "cairo's PDF in \(name): darkness off by \(mean) on average, \(off.max() ?? 0) at most")
        }
    }

    /// The mean darkness (0 white … 1 black) of each 12 × 12 pixel block (4 pt at 3 px/pt).
    static func blockDarkness(_ raster: GreyRaster) -> [Double] {
        let side = 12
        var out: [Double] = []
        for by in stride(from: 0, to: raster.height - side + 1, by: side) {
            for bx in stride(from: 0, to: raster.width - side + 1, by: side) {
                var sum = 0.0
                for y in by..<(by + side) { for x in bx..<(bx + side) { sum += raster.values[y * raster.width + x] } }
                out.append(1 - sum / Double(side * side) / 255)
            }
        }
        return out
    }

    @Test func eachLevelIsPaintedOnceForABatchOfStrokesAndItsDotsTakeTheInksColour() throws {
        let strokes = Self.strokes()
        let content = InkContentWriter.content(for: drawings(strokes), width: Self.size.width, height: Self.size.height)
        let text = String(decoding: content.operators, as: UTF8.self)
        // One `scn` a level for the two black strokes together, then the blue's, the red's, the masked one's.
        let fills = text.components(separatedBy: "/InkDots cs ").dropFirst().map { String($0.prefix { $0 != "\n" }) }
        let black = fills.filter { $0.hasPrefix("0 0 0 /Dots") }
        #expect(fills.contains { $0.hasPrefix("0.125 0.314 0.753 /Dots") }, "blue dots: \(fills)")
        #expect(fills.contains { $0.hasPrefix("0.753 0.125 0.125 /Dots") }, "red dots: \(fills)")
        // The first two strokes (black, one after the other) are one batch: each level once.
        let firstBatch = Array(fills.prefix { $0.hasPrefix("0 0 0 /Dots") })
        #expect(firstBatch.count >= 8 && Set(firstBatch).count == firstBatch.count, "a level's dots filled once a batch: \(firstBatch)")
        #expect(black.count > firstBatch.count, "the masked black stroke is painted apart")
        // The red's colour alpha, as an ExtGState.
        #expect(content.graphicsStates.contains { $0.alphaThousandths == 502 && $0.blend == .over })
        // The resources ask for the colour space once any stipple is used.
        #expect(InkResourceObjects.colorSpaces(for: content.grains) == "/ColorSpace<</InkDots[/Pattern/DeviceRGB]>>")
        #expect(InkResourceObjects.colorSpaces(for: [.pencil, .crayon]) == nil)
        let pattern = InkResourceObjects.patternKeys(.stipple(level: 5), height: Self.size.height)
        #expect(pattern.keys.contains("/PaintType 2"), "uncoloured: \(pattern.keys)")
        let image = InkResourceObjects.tileImage(.stipple(level: 5))
        #expect(image.dictionary.contains("/ImageMask true/BitsPerComponent 1"))
        #expect(ZlibInflate.inflate(image.data)?.count == 15 * 120, "120 rows of 120 bits")
    }
}
