import LibCairo
import Foundation
import InkImport
import InkModel
import InkPipeline
import InkFixtures
import Testing

/// A reMarkable document flattened must look exactly like the same strokes
/// given as ink-layers and flattened over the same PDF (or the same blank
/// page): on a portrait and a landscape PDF page, and on a notebook page
/// inserted among them. And the ink sits where the tablet put it: version 6
/// keeps x from the page's centre and y from its top, at 226 units per inch.
@Suite struct ReMarkableFidelityTests {
    static let layer: (UInt8, UInt64) = (0, 11)
    static let unitsPerPoint = 226.0 / 72

    /// Strokes of several tools across the page, and a short red mark at (0, 600) units.
    static func page(mark: Bool = true) -> [UInt8] {
        var b = LinesV6Builder()
        b.layer(layer, name: "Layer 1", item: (0, 12))
        let tools: [(tool: UInt32, color: UInt32)] = [(15, 0), (17, 6), (18, 3), (16, 4), (14, 0), (21, 5)]
        var item: UInt64 = 20
        for (index, tool) in tools.enumerated() {
            let y = Float(150 + 110 * index)
            let points = (0..<24).map { i -> LinesV6Builder.Point in
                let x = Float(-500 + 42 * i)
                return .init(x: x, y: y + 30 * sin(Float(i) / 3), speed: 20, width: UInt16(10 + i % 7), direction: 64, pressure: UInt8(90 + 6 * i))
            }
            b.line(parent: layer, item: (1, item), left: (1, item - 1), tool: tool.tool, color: tool.color, thickness: 2, points: points)
            item += 1
        }
        if mark {
            b.line(parent: layer, item: (1, item), left: (1, item - 1), tool: 17, color: 7, thickness: 2,
                   points: [.init(x: -3, y: 597, width: 24), .init(x: 3, y: 603, width: 24)], rgba: (230, 10, 10, 255))
        }
        return b.bytes
    }

    static let portrait = TestPage(lines: [.init("A portrait page under the ink", x: 60, y: 80)])
    static let landscape = TestPage(width: TestPage.a4Size.height, height: TestPage.a4Size.width,
                                    lines: [.init("A landscape page under the ink", x: 60, y: 80)])

    /// The document's output pages: PDF page 1 (portrait), PDF page 2 (landscape), an inserted notebook page.
    static func tabletDocument(in folder: TestFolder) throws -> (content: String, pdf: String) {
        let pdf = folder.path("paper.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [portrait, landscape])
        let tablet = TabletFolderWriter(folder: folder.path("xochitl"))
        let id = TabletFolderWriter.id(42)
        try tablet.document(id: id, name: "Paper", pdf: pdf,
                            pages: [.init(lines: page(), pdfPage: 0), .init(lines: page(), pdfPage: 1), .init(lines: page(), pdfPage: nil)])
        return (folder.path("xochitl/\(id).content"), pdf)
    }

    /// The importer's layers of output page `page`, renumbered as page 1.
    static func layers(of content: String, page: Int, pdf: String) throws -> (layers: [PageLayer], size: (Double, Double)) {
        // The page sizes as flatten gives them to the importer: the PDF's pages as displayed.
        let sizes: ReMarkableImporter.PDFPageSize = { _, number in
            let reader = try? PopplerReader(path: pdf)
            return reader.flatMap { number <= $0.pageCount ? $0.size(ofPage: number) : nil }
        }
        let document = try ReMarkableImporter.read(path: content, options: ImportOptions(), pdfPageSize: sizes)
        defer {
            try? FileManager.default.removeItem(atPath: document.layersPath)
            if let background = document.backgroundPDF, background.isTemporary, let file = background.resolved {
                try? FileManager.default.removeItem(atPath: file)
            }
        }
        let layers = try InkLayersReader(path: document.layersPath)
        var out: [PageLayer] = []
        while var layer = try layers.nextLayer() {
            guard layer.page == page else { continue }
            layer.page = 1
            out.append(layer)
        }
        let planned = document.pages[page - 1]
        return (out, (planned.width, planned.height))
    }

    /// Pixels that differ by more than anti-aliasing could (> 24 in a channel), and the mean difference.
    static func difference(_ a: Raster, _ b: Raster) -> (pixels: Int, mean: Double) {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x, y), q = b.pixel(x, y)
                if max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b)) > 24 { count += 1 }
            }
        }
        return (count, a.meanDifference(from: b))
    }

    static func inkedPixels(_ page: Raster, over blank: Raster) -> Int {
        difference(page, blank).pixels
    }

    /// The centre of the pixels `matches` picks, in points (the raster is at `scale`).
    static func centre(of raster: Raster, scale: Double, where matches: (Int, Int) -> Bool) -> (x: Double, y: Double)? {
        var sx = 0.0, sy = 0.0, n = 0.0
        for y in 0..<raster.height { for x in 0..<raster.width where matches(x, y) { sx += Double(x); sy += Double(y); n += 1 } }
        return n > 0 ? ((sx / n + 0.5) / scale, (sy / n + 0.5) / scale) : nil
    }

    /// The centre of the strongly red pixels, in points.
    static func redCentre(_ raster: Raster, scale: Double) -> (x: Double, y: Double)? {
        centre(of: raster, scale: scale, where: raster.isRed)
    }

    @Test(arguments: [(1, "portrait"), (2, "landscape"), (3, "notebook")])
    func aFlattenedPageLooksLikeTheSameStrokesAsInkLayers(page: Int, kind: String) throws {
        let folder = TestFolder()
        let (content, pdf) = try Self.tabletDocument(in: folder)
        let flattened = folder.path("tablet.pdf")
        let report = try Flattener.flatten(pdf: nil, ink: content, output: flattened, options: FlattenOptions(writeSidecar: false))
        #expect(report.pageCount == 3 && report.inkedPageCount == 3)

        // The same strokes as ink-layers over the same page: the PDF's, or a blank page of the notebook's size.
        let (layers, size) = try Self.layers(of: content, page: page, pdf: pdf)
        #expect(layers.flatMap(\.strokes).count == 7)
        var base = pdf
        var basePage = page
        if kind == "notebook" {
            base = folder.path("blank.pdf")
            try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: base), pages: [TestPage(width: size.0, height: size.1)])
            basePage = 1
        }
        let ink = folder.path("strokes.ink.jsonl")
        let writer = try InkLayersWriter(path: ink, compressionLevel: nil)
        try writer.write(header: InkLayersHeader())
        for var layer in layers {
            layer.page = basePage
            try writer.write(layer: layer)
        }
        try writer.close()
        let reference = folder.path("reference.pdf")
        _ = try Flattener.flatten(pdf: base, ink: ink, output: reference,
                                  options: FlattenOptions(writeSidecar: false, pages: try PageSelection.parse("\(basePage)").get()))

        let scale = 2.0
        let tablet = try PopplerReader(path: flattened).render(page: page, scale: scale)
        let expected = try PopplerReader(path: reference).render(page: 1, scale: scale)
        let blank = try PopplerReader(path: base).render(page: basePage, scale: scale)
        try #require(tablet.width == expected.width && tablet.height == expected.height)
        let (pixels, mean) = Self.difference(tablet, expected)
        #expect(pixels <= tablet.width * tablet.height / 2000, "\(kind): \(pixels) pixels differ")
        #expect(mean < 0.2, "\(kind): mean difference \(mean)")
        // And there is ink to compare: thousands of pixels differ from the page without it.
        #expect(Self.inkedPixels(tablet, over: blank) > 5000)

        // The red mark at (0, 600) units: the page's centre line (the notebook's paper centre), 600 units down.
        let centre = try #require(Self.redCentre(tablet, scale: scale))
        let width = kind == "notebook" ? 1404 / Self.unitsPerPoint : (kind == "portrait" ? TestPage.a4Size.width : TestPage.a4Size.height)
        #expect(abs(centre.x - width / 2) < 1, "\(kind): mark at x \(centre.x), page centre \(width / 2)")
        #expect(abs(centre.y - 600 / Self.unitsPerPoint) < 1, "\(kind): mark at y \(centre.y)")
    }

    /// The centre of the blue pixels (the tablet's blue: 78, 105, 201), in points; the page's own text is black.
    static func blueCentre(_ raster: Raster, scale: Double) -> (x: Double, y: Double)? {
        centre(of: raster, scale: scale) { x, y in
            let p = raster.pixel(x, y)
            return p.b > 150 && p.r < 130 && p.b - p.r > 60
        }
    }

    /// Firmware before 3.0 (lines version 5) kept ink in the screen's own 1404 × 1872 frame: a portrait
    /// page fitted into it top-left, a landscape page turned a quarter turn with its width along the long
    /// side, and a landscape notebook turned likewise. A dot at screen (300, 500) lands on each page there.
    @Test func oldFirmwareInkLandsWhereTheTabletShowedItOnTurnedPages() throws {
        let folder = TestFolder()
        let pdf = folder.path("paper.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [Self.portrait, Self.landscape])
        var dot = LinesV5Builder()
        dot.line(tool: 17, color: 6, points: [.init(x: 297, y: 497, width: 24), .init(x: 303, y: 503, width: 24)])
        let tablet = TabletFolderWriter(folder: folder.path("xochitl"))
        try tablet.document(id: TabletFolderWriter.id(5), name: "Paper", pdf: pdf,
                            pages: [.init(lines: dot.bytes, pdfPage: 0), .init(lines: dot.bytes, pdfPage: 1)])
        try tablet.document(id: TabletFolderWriter.id(6), name: "Wide notes", pages: [.init(lines: dot.bytes)], orientation: "landscape")
        let a4 = TestPage.a4Size
        let fit = max(a4.width / 1404, a4.height / 1872)   // points a unit: A4's height fills the 1872 units
        let unit = 72.0 / 226
        let cases: [(document: Int, page: Int, size: (Double, Double), at: (Double, Double))] = [
            (5, 1, (a4.width, a4.height), (300 * fit, 500 * fit)),
            (5, 2, (a4.height, a4.width), (a4.height - 500 * fit, 300 * fit)),
            (6, 1, (1872 * unit, 1404 * unit), ((1872 - 500) * unit, 300 * unit)),
        ]
        let scale = 2.0
        for (document, page, size, at) in cases {
            let flattened = folder.path("out-\(document).pdf")
            _ = try Flattener.flatten(pdf: nil, ink: folder.path("xochitl/\(TabletFolderWriter.id(document)).content"),
                                      output: flattened, options: FlattenOptions(writeSidecar: false))
            let reader = try PopplerReader(path: flattened)
            let displayed = reader.size(ofPage: page)
            #expect(abs(displayed.width - size.0) < 0.01 && abs(displayed.height - size.1) < 0.01,
                    "document \(document) page \(page): \(displayed)")
            let centre = try #require(Self.blueCentre(reader.render(page: page, scale: scale), scale: scale))
            #expect(abs(centre.x - at.0) < 1 && abs(centre.y - at.1) < 1,
                    "document \(document) page \(page): ink at \(centre), the tablet showed it at \(at)")
        }
    }

    @Test func renderDrawsADocumentAsFlattenDoes() throws {
        let folder = TestFolder()
        let (content, _) = try Self.tabletDocument(in: folder)
        let images = folder.path("images")
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        let report = try PageRenderer.render(pdf: nil, ink: content, outputDirectory: images, options: RenderOptions(scale: 1))
        #expect(report.images.count == 3)
        #expect(report.strokeCount == 21)
        let flattened = folder.path("tablet.pdf")
        _ = try Flattener.flatten(pdf: nil, ink: content, output: flattened, options: FlattenOptions(writeSidecar: false))
        let reader = try PopplerReader(path: flattened)
        for (index, image) in report.images.enumerated() {
            let png = CairoImageSurface(contentsOfPNGFile: image)
            let page = reader.render(page: index + 1, scale: 1)
            #expect(png.width == page.width && png.height == page.height,
                    "page \(index + 1)")
            guard png.width == page.width, png.height == page.height else { continue }
            let rendered = Raster(width: page.width, height: page.height)
            let cr = CairoContext(drawingOn: rendered.surface)
            cr.setSourceRGB(1, 1, 1)
            cr.paint()
            cr.setSourceSurface(png, x: 0, y: 0)
            cr.paint()
            _ = consume cr
            rendered.surface.flush()
            let (pixels, mean) = Self.difference(rendered, page)
            // Two rasterizers (cairo straight to pixels; cairo to PDF, then poppler): edges may differ, nothing else.
            #expect(pixels <= page.width * page.height / 200, "page \(index + 1): \(pixels) pixels differ")
            #expect(mean < 1.5, "page \(index + 1): mean difference \(mean)")
        }
    }
}
