import LibCairo
import Foundation
import InkPipeline
import InkModel
import InkFixtures
import Testing

/// `PageRenderer` (previews) and what the ink puts into a flattened PDF.
@Suite struct RenderTests {
    static func stroke(_ type: InkType, _ color: String, size: Double, _ points: [(Double, Double)],
                       altitude: Double = .pi / 2) -> Stroke {
        Stroke(ink: Ink(type: type, colorText: color, color: RGBAColor(hex: color)!), created: 1_764_460_000,
               interpolation: .linear,
               points: points.enumerated().map { index, p in
                   StrokePoint(x: p.0, y: p.1, t: Double(index) / 60, w: size, h: size, opacity: 1, force: 1,
                               azimuth: 0, altitude: altitude)
               })
    }

    /// Reads a PNG back as pixels.
    final class PNG {
        let surface: CairoImageSurface
        init(_ path: String) { surface = CairoImageSurface(contentsOfPNGFile: path) }
        var width: Int { surface.width }
        var height: Int { surface.height }
        func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let stride = surface.stride
            let word = surface.withUnsafeMutableData { data in
                data!.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
            }
            return (Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF))
        }
    }

    /// Image XObjects in a PDF written by cairo (which writes object dictionaries uncompressed).
    /// Image objects in the file, as cairo writes their dictionaries (`/Subtype /Image`) and as inkpdf does (`/Subtype/Image`).
    static func imageCount(_ path: String) -> Int {
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        var count = 0
        for needle in ["/Subtype /Image", "/Subtype/Image"].map({ Array($0.utf8) }) {
            var i = 0
            while i + needle.count <= bytes.count {
                if bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle { count += 1; i += needle.count } else { i += 1 }
            }
        }
        return count
    }

    static let pages = [TestPage(width: 300, height: 200, lines: [.init("Highlighted words", x: 40, y: 60, fontSize: 20)]),
                        TestPage(width: 300, height: 200), TestPage(width: 300, height: 200)]

    @Test func rendersEachSelectedPageWithItsInkAtTheScale() throws {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Self.pages)
        let ink = folder.writeInk("doc.ink.jsonl", layers: [
            PageLayer(page: 2, strokes: [Self.stroke(.pen, "#FF0000FF", size: 4, [(50, 100), (250, 100)])]),
        ])
        let report = try PageRenderer.render(pdf: pdf, ink: ink, outputDirectory: folder.path("png"),
                                             options: RenderOptions(scale: 144.0 / 72, pages: .parse("2-3").get()))
        #expect(report.images == [folder.path("png/doc-2.png"), folder.path("png/doc-3.png")])
        #expect(report.strokeCount == 1)
        let page2 = PNG(report.images[0])
        #expect(page2.width == 600 && page2.height == 400)
        let onStroke = page2.pixel(300, 200), beside = page2.pixel(300, 215)
        #expect(onStroke.r > 200 && onStroke.g < 40, "the red stroke at (150, 100) pt")
        #expect(beside.r > 250 && beside.g > 250, "paper 7.5 pt away")
        let page3 = PNG(report.images[1])
        #expect(page3.pixel(300, 200) == (255, 255, 255))
        #expect(folder.contents == ["doc.ink.jsonl", "doc.pdf", "png"])
    }

    @Test func markerOverTextInARenderLeavesTheTextBlack() throws {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [Self.pages[0]])
        let ink = folder.writeInk("doc.ink.jsonl", layers: [
            PageLayer(page: 1, strokes: [Self.stroke(.marker, "#FFE500AA", size: 24, [(30, 53), (260, 53)])]),
        ])
        let plain = try PageRenderer.render(pdf: pdf, ink: folder.writeInk("none.ink.jsonl", layers: []),
                                            outputDirectory: folder.path("plain"), options: RenderOptions(scale: 2))
        let marked = try PageRenderer.render(pdf: pdf, ink: ink, outputDirectory: folder.path("marked"), options: RenderOptions(scale: 2))
        let before = PNG(plain.images[0]), after = PNG(marked.images[0])
        var text = 0, paper = 0, greyedText = 0, untintedPaper = 0
        // Inside the marker (y 41 … 65 pt, x 24 … 266 pt), away from its edges.
        for y in 86..<126 {
            for x in 60..<500 {
                let a = before.pixel(x, y), b = after.pixel(x, y)
                if a.r < 20 && a.g < 20 && a.b < 20 {
                    text += 1
                    if !(b.r < 20 && b.g < 20 && b.b < 20) { greyedText += 1 }
                } else if a.r == 255 && a.g == 255 && a.b == 255 {
                    paper += 1
                    if !(b.b < 150 && b.r > 240) { untintedPaper += 1 }
                }
            }
        }
        #expect(greyedText == 0, "black text stays black under the marker")
        #expect(untintedPaper == 0, "paper under the marker turns yellow")
        #expect(text > 200 && paper > 1000)
    }

    @Test(arguments: [
        (RenderOptions(scale: 2), "missing.pdf", "inputMissing"),
        (RenderOptions(scale: 200), "doc.pdf", "renderFailed"),
    ])
    func badInputsAreRefusedAndNothingIsWritten(options: RenderOptions, pdfName: String, code: String) throws {
        let folder = TestFolder()
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: folder.path("doc.pdf")), pages: [Self.pages[0]])
        let ink = folder.writeInk("doc.ink.jsonl", layers: [])
        do {
            _ = try PageRenderer.render(pdf: folder.path(pdfName), ink: ink, outputDirectory: folder.path("png"), options: options)
            Issue.record("rendered anyway")
        } catch {
            #expect(error.caseName == code)
            let missing = ExportError.opening(.inputMissing(path: folder.path("missing.pdf")))
            let sameError = "\(error)" == "\(missing)"
            if pdfName == "missing.pdf" { #expect(sameError) }
        }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("png"))) ?? []
        #expect(written.isEmpty)
    }

    @Test func flattenedInkAddsNoImagesExceptOneSharedTilePerGrain() throws {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Self.pages)
        #expect(Self.imageCount(pdf) == 0)
        // Every ink without grain on every page: no image at all.
        let plainInks: [InkType] = [.pen, .monoline, .marker, .watercolor, .fountainPen, .reed, .unknown("sparkle")]
        let smooth = (1...3).map { page in
            PageLayer(page: page, strokes: plainInks.enumerated().map { i, type -> Stroke in
                let y = 20 + 22 * Double(i)
                return Self.stroke(type, "#2040A080", size: 6, [(20, y), (150, y + 10), (280, y)])
            })
        }
        let smoothInk = folder.writeInk("smooth.ink.jsonl", layers: smooth)
        let smoothReport = try Flattener.flatten(pdf: pdf, ink: smoothInk, output: folder.path("smooth.pdf"),
                                                 options: FlattenOptions(writeSidecar: false))
        #expect(Self.imageCount(folder.path("smooth.pdf")) == 0)
        #expect(smoothReport.warnings == ["ink type 'sparkle' is newer than this inkpdf; drawn as pen"], "named once for three pages")
        // Pencil and crayon strokes on every page: one tile each in the whole document.
        let grained = (1...3).map { page in
            PageLayer(page: page, strokes: (0..<6).map { i -> Stroke in
                let y = 20 + 25 * Double(i)
                let type: InkType = i % 2 == 0 ? .pencil : .crayon
                return Self.stroke(type, "#404040FF", size: 3, [(20, y), (280, y + 10)], altitude: i < 3 ? .pi / 2 : 0.5)
            })
        }
        let grainedInk = folder.writeInk("grained.ink.jsonl", layers: grained)
        _ = try Flattener.flatten(pdf: pdf, ink: grainedInk, output: folder.path("grained.pdf"), options: FlattenOptions(writeSidecar: false))
        #expect(Self.imageCount(folder.path("grained.pdf")) == 2, "one pencil tile and one crayon tile, for 18 strokes on 3 pages")
        // And poppler draws the grained strokes: ink where they are.
        let reader = try PopplerReader(path: folder.path("grained.pdf"))
        let raster = reader.render(page: 2, scale: 1)
        #expect(raster.pixel(150, 25).r < 200, "the first pencil stroke, from (20, 20) to (280, 30)")
    }
}
