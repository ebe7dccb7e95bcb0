import Foundation
import InkFixtures
import InkImport
import InkModel
import InkPipeline
import LibCairo
import Testing

/// The tablet's pencils as the tablet shows them: graphite dots on the paper, as many as the
/// pen's pressure gives, the paper showing between them; not a flat grey.
///
/// The expectation is drawn here from the format's public descriptions alone, not from
/// inkpdf's code: the pencil textures taken from the tablet (rschroll/rmrl,
/// `rmrl/pens/pencil_textures_log`, `textures.py`: texture `⌊0.25·(100·p)^1.21⌋` of a
/// series whose share of dark pixels was measured for this table), rmc's lightening of a
/// fast pencil (`writing_tools.py`, `Pencil`: 0.1 for each 35 units of speed), and rmrl's
/// mechanical pencil (textures of 10 … 90 % dots chosen in eleven steps of pressure,
/// `mechanicalpencil.py`). Each segment of a stroke is drawn as a line of its nib's width
/// (`width / 4` units) and of that share of grey, where the tablet puts it (x from the
/// page's centre, y from its top, 226 units an inch); the flattened page's pixels are
/// then compared with it segment by segment.
@Suite struct ReMarkablePencilTests {
    static let layer: (UInt8, UInt64) = (0, 11)
    static let pointsPerUnit = 72.0 / 226
    static let pageUnits = (width: 1404.0, height: 1872.0)
    /// Pixels per point the pages are rendered at: the dots are a third of a point.
    static let scale = 4.0

    /// The share of dark pixels in the tablet's log pencil textures number 0, 5, 10, … 65
    /// (measured on rmrl's copies; from number 65 on they are all but solid).
    static let logTextureShare: [Double] = [0, 0.056, 0.123, 0.201, 0.284, 0.381, 0.484, 0.593,
                                            0.695, 0.789, 0.869, 0.932, 0.969, 0.988, 1]

    /// The share of the paper a pencil covers at `pressure` (0 … 1) and `speed` (the lines file's float).
    static func pencilCoverage(pressure: Double, speed: Double) -> Double {
        let index = min(max(Int(0.25 * pow(100 * pressure, 1.21)), 0), 70)
        let lower = index / 5, t = Double(index % 5) / 5
        let share = logTextureShare[lower] + (logTextureShare[min(lower + 1, logTextureShare.count - 1)] - logTextureShare[lower]) * t
        return max(share - 0.1 * speed / 35, 0)
    }

    /// The share of the paper a mechanical pencil covers at `pressure`: rmrl's eleven steps.
    static func mechanicalPencilCoverage(pressure: Double) -> Double {
        let steps = [0.10, 0.15, 0.20, 0.25, 0.30, 0.40, 0.50, 0.60, 0.70, 0.80, 0.90]
        return steps[min(max(Int(pressure * 11), 0), 10)]
    }

    struct Line {
        var tool: UInt32
        var points: [LinesV6Builder.Point]
        /// Packed speed over 4: the float the tablet stores.
        func coverage(_ index: Int) -> Double {
            let p = points[index]
            return tool == 13 ? ReMarkablePencilTests.mechanicalPencilCoverage(pressure: Double(p.pressure) / 255)
                : ReMarkablePencilTests.pencilCoverage(pressure: Double(p.pressure) / 255, speed: Double(p.speed) / 4)
        }
    }

    /// Straight strokes across the page, 40 units a segment, 12 units wide (3.8 pt):
    /// pencils pressed harder and harder, then lighter and lighter, one at an even half
    /// pressure, and a mechanical pencil at the pressures the tablet records for it (0.7 … 1).
    static let lines: [Line] = {
        func line(tool: UInt32, y: Float, pressure: (Double) -> Double) -> Line {
            Line(tool: tool, points: (0...28).map { i in
                let t = Double(i) / 28
                return LinesV6Builder.Point(x: Float(-560 + 40 * i), y: y, speed: 20, width: 48, direction: 0,
                                            pressure: UInt8((pressure(t) * 255).rounded()))
            })
        }
        return [line(tool: 14, y: 300) { 0.08 + 0.92 * $0 },
                line(tool: 14, y: 550) { 1 - 0.92 * $0 },
                line(tool: 14, y: 800) { _ in 0.5 },
                line(tool: 13, y: 1050) { 0.7 + 0.3 * $0 }]
    }()

    static func page(_ lines: [Line]) -> [UInt8] {
        var b = LinesV6Builder()
        b.layer(layer, name: "Layer 1", item: (0, 12))
        var item: UInt64 = 20
        for line in lines {
            b.line(parent: layer, item: (1, item), left: (1, item - 1), tool: line.tool, color: 0, thickness: 2, points: line.points)
            item += 1
        }
        return b.bytes
    }

    /// A notebook of one page of `lines`, as the desktop app exports it.
    static func notebook(in folder: TestFolder, lines: [Line]) throws -> String {
        let tablet = TabletFolderWriter(folder: folder.path("xochitl"))
        let id = TabletFolderWriter.id(7)
        try tablet.document(id: id, name: "Pencils", pages: [.init(lines: page(lines))])
        let archive = folder.path("Pencils.rmdoc")
        try tablet.archive(id: id, to: archive)
        return archive
    }

    /// Darkness (0 white … 1 black) of every pixel, row by row.
    static func darkness(_ raster: Raster) -> [Double] {
        var out = [Double](repeating: 0, count: raster.width * raster.height)
        let stride = raster.surface.stride
        raster.surface.withUnsafeMutableData { data in
            guard let data else { return }
            for y in 0..<raster.height {
                data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: raster.width) { row in
                    for x in 0..<raster.width {
                        let w = row[x]
                        let grey = (Double((w >> 16) & 0xFF) + Double((w >> 8) & 0xFF) + Double(w & 0xFF)) / 3
                        out[y * raster.width + x] = 1 - grey / 255
                    }
                }
            }
        }
        return out
    }

    /// Where the tablet puts unit x on a page `pageWidth` points wide: from its centre.
    static func pageX(_ x: Float, pageWidth: Double) -> Double { Double(x) * pointsPerUnit + pageWidth / 2 }

    /// The expected page: each segment a round-capped line of its nib's width in its share of grey.
    static func reference(_ lines: [Line], width: Int, height: Int) -> Raster {
        let raster = Raster(width: width, height: height)
        let cr = CairoContext(drawingOn: raster.surface)
        cr.setSourceRGB(1, 1, 1)
        cr.paint()
        cr.scale(scale, scale)
        cr.setLineCap(.round)
        for line in lines {
            for i in 0..<(line.points.count - 1) {
                let a = line.points[i], b = line.points[i + 1]
                let grey = 1 - line.coverage(i)
                cr.setSourceRGB(grey, grey, grey)
                cr.setLineWidth(Double(a.width) / 4 * pointsPerUnit)
                let notebook = pageUnits.width * pointsPerUnit
                cr.moveTo(pageX(a.x, pageWidth: notebook), Double(a.y) * pointsPerUnit)
                cr.lineTo(pageX(b.x, pageWidth: notebook), Double(b.y) * pointsPerUnit)
                cr.stroke()
            }
        }
        _ = consume cr
        raster.surface.flush()
        return raster
    }

    /// One segment's core: the middle 60 % of its length, the middle 60 % of its width (away from
    /// the caps where neighbours overlap and from the anti-aliased edges), as pixel indices.
    static func core(of line: Line, segment i: Int, width: Int, pageWidth: Double = pageUnits.width * pointsPerUnit) -> [Int] {
        let a = line.points[i], b = line.points[i + 1]
        let x0 = pageX(a.x, pageWidth: pageWidth) * scale, x1 = pageX(b.x, pageWidth: pageWidth) * scale
        let y = Double(a.y) * pointsPerUnit * scale
        let half = Double(a.width) / 4 * pointsPerUnit * scale / 2
        let length = x1 - x0
        var pixels: [Int] = []
        for py in Int((y - 0.6 * half).rounded(.up))...Int((y + 0.6 * half).rounded(.down)) {
            for px in Int((x0 + 0.2 * length).rounded(.up))...Int((x1 - 0.2 * length).rounded(.down)) {
                pixels.append(py * width + px)
            }
        }
        return pixels
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
    static func deviation(_ values: [Double]) -> Double {
        let m = mean(values)
        return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count)).squareRoot()
    }
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let ma = mean(a), mb = mean(b)
        var ab = 0.0, aa = 0.0, bb = 0.0
        for (x, y) in zip(a, b) { ab += (x - ma) * (y - mb); aa += (x - ma) * (x - ma); bb += (y - mb) * (y - mb) }
        return ab / (aa * bb).squareRoot()
    }

    @Test func pencilStrokesAreGrainedAndShadedByPressureAsTheTabletShowsThem() throws {
        let folder = TestFolder()
        let notebook = try Self.notebook(in: folder, lines: Self.lines)
        let flattened = folder.path("pencils.pdf")
        let report = try Flattener.flatten(pdf: nil, ink: notebook, output: flattened, options: FlattenOptions(writeSidecar: false))
        #expect(report.inkedPageCount == 1)
        let page = try PopplerReader(path: flattened).render(page: 1, scale: Self.scale)
        let reference = Self.reference(Self.lines, width: page.width, height: page.height)
        let drawn = Self.darkness(page), expected = Self.darkness(reference)

        var drawnMeans: [Double] = [], expectedMeans: [Double] = []
        var worst = 0.0
        for (index, line) in Self.lines.enumerated() {
            var grains: [Double] = []
            for i in 0..<(line.points.count - 1) {
                let core = Self.core(of: line, segment: i, width: page.width)
                let d = core.map { drawn[$0] }, e = Self.mean(core.map { expected[$0] })
                drawnMeans.append(Self.mean(d))
                expectedMeans.append(e)
                worst = max(worst, abs(Self.mean(d) - e))
                // Grain: between a third and two thirds of the paper covered, dots and paper
                // alternate (a flat grey would have no spread at all).
                if e > 0.3 && e < 0.7 { grains.append(Self.deviation(d)) }
            }
            if !grains.isEmpty {
                #expect(Self.mean(grains) > 0.25, "stroke \(index + 1): pixel spread \(Self.mean(grains)) in its half-covered segments")
            }
        }
        let error = Self.mean(zip(drawnMeans, expectedMeans).map { abs($0 - $1) })
        let r = Self.correlation(drawnMeans, expectedMeans)
        #expect(error < 0.05, "mean darkness off the tablet's by \(error) on average")
        #expect(worst < 0.15, "mean darkness off the tablet's by \(worst) in the worst segment")
        #expect(r > 0.97, "darkness follows the tablet's pressure shading with r = \(r)")

        // The even half-pressure pencil: lighter than a solid grey stroke, as light as the tablet's.
        let even = Array(drawnMeans[56..<84]), evenExpected = Array(expectedMeans[56..<84])
        #expect(Self.mean(even) < 0.55 && abs(Self.mean(even) - Self.mean(evenExpected)) < 0.05,
                "half pressure: darkness \(Self.mean(even)), the tablet's \(Self.mean(evenExpected))")

        // Nothing beyond the strokes: every pixel darker than the paper lies within 1 pt of a segment's line.
        let reach = Int(Self.scale)
        var band = [Bool](repeating: false, count: expected.count)
        for y in 0..<page.height {
            for x in 0..<page.width where expected[y * page.width + x] > 0.004 {
                for dy in -reach...reach where y + dy >= 0 && y + dy < page.height {
                    for dx in -reach...reach where x + dx >= 0 && x + dx < page.width { band[(y + dy) * page.width + x + dx] = true }
                }
            }
        }
        let stray = drawn.indices.filter { drawn[$0] > 0.1 && !band[$0] }.count
        #expect(stray == 0, "\(stray) pixels inked beyond every stroke's band")
        print("pencil darkness: mean error \(error), worst \(worst), r \(r), half pressure \(Self.mean(even)) against \(Self.mean(evenExpected))")
    }

    /// How an export lays the ink over the PDF.
    enum ExportRoute: String, CaseIterable, CustomTestStringConvertible {
        /// Content of an encrypted PDF: spooled as forms that qpdf lays over the pages (`InkOverlay`).
        case encryptedContent
        /// `/Ink` annotations, each with its appearance.
        case annotations
        var testDescription: String { rawValue }
    }

    /// Exported, the dots are the same whichever way the ink goes into the PDF.
    @Test(arguments: ExportRoute.allCases)
    func anExportedPencilKeepsItsDots(route: ExportRoute) async throws {
        let folder = TestFolder()
        let even = [Self.lines[2]]
        // The tablet's strokes as ink-layers (what the importer reads), over a notebook-sized PDF page.
        let notebook = try Self.notebook(in: folder, lines: even)
        var importOptions = ImportOptions()
        importOptions.temporaryDirectory = folder.path("")
        let imported = try ReMarkableImporter.read(path: notebook, options: importOptions)
        let layers = try InkLayersReader(path: imported.layersPath)
        var pages: [PageLayer] = []
        while let layer = try layers.nextLayer() { pages.append(layer) }
        #expect(pages.flatMap(\.strokes).allSatisfy { $0.ink.type == .pencil && $0.ink.isStippled })
        let ink = folder.writeInk("pencils.ink.jsonl", layers: pages)
        let size = (width: Self.pageUnits.width * Self.pointsPerUnit, height: Self.pageUnits.height * Self.pointsPerUnit)
        var pdf = folder.path("paper.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage(width: size.width, height: size.height)])
        var options = ExportOptions(writeSidecar: false)
        switch route {
        case .encryptedContent:
            let locked = folder.path("locked.pdf")
            try await runQPDF(["--encrypt", "pencil", "owner-pencil", "256", "--", pdf, locked], allowingWarnings: false)
            pdf = locked
            options = ExportOptions(password: "pencil", writeSidecar: false)
        case .annotations:
            options.inkAs = .annotations
        }
        let output = folder.path("exported.pdf")
        try await exportChecked(pdf: pdf, ink: ink, output: output, options: options)
        let page = try PopplerReader(path: output, password: route == .encryptedContent ? "pencil" : nil).render(page: 1, scale: Self.scale)
        let drawn = Self.darkness(page)
        let cores = (0..<(even[0].points.count - 1)).map { Self.core(of: even[0], segment: $0, width: page.width) }
        let means = cores.map { Self.mean($0.map { drawn[$0] }) }
        let spread = Self.mean(cores.map { Self.deviation($0.map { drawn[$0] }) })
        let expected = Self.mean((0..<(even[0].points.count - 1)).map { even[0].coverage($0) })
        #expect(abs(Self.mean(means) - expected) < 0.05, "\(route): darkness \(Self.mean(means)), the tablet's \(expected)")
        #expect(spread > 0.25, "\(route): pixel spread \(spread): dots, not a flat grey")
    }
}
