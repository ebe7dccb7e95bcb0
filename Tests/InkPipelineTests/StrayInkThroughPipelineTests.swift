import Foundation
import InkFixtures
import InkImport
import InkModel
import InkPDFContentTestSupport
@testable import InkPipeline
import InkRendering
import Testing

/// Ink only where the pen went, as the user gets it: the pages that flatten and export
/// write (content, and `/Ink` annotations with their appearances) rendered by poppler,
/// with every dark pixel outside every stroke's reach counted; and every ink file of the
/// shared corpus, read by its importer, checked stroke by stroke (`StrayInk`). The
/// pixels-near-reference figures (`InkFidelityThroughPipelineTests`) keep their place:
/// this is their twin that sees one thin line across a page.
@Suite struct StrayInkThroughPipelineTests {
    static let scale = 2.0
    static let size = (width: 612.0, height: 792.0)

    enum Path: String, CaseIterable {
        case flatten, export, annotations = "export --ink-as annotations"
    }

    /// One page an ink type of seeded jitter, and the real notebook's zig-zag stroke on the first.
    static func pages() -> [[Stroke]] {
        let strokes = StrayInk.jitterStrokes(seed: 39, perType: 16, within: (x: 60, y: 60, width: 480, height: 660))
        var pages = stride(from: 0, to: strokes.count, by: 16).map { Array(strokes[$0..<min($0 + 16, strokes.count)]) }
        let zigzag = StrayInk.zigzagPoints.enumerated().map { index, p in
            StrokePoint(x: p.0, y: p.1, t: Double(index) * 0.01, w: 1.4, h: 1.4, opacity: 1, force: 1, azimuth: 0, altitude: 1.2)
        }
        for interpolation in [Stroke.Interpolation.linear, .bspline] {
            var stroke = Stroke(ink: Ink(type: .pen, colorText: "#C0392BFF", color: RGBAColor(hex: "#C0392BFF")!, width: 1.4),
                                created: 1_764_460_000, points: zigzag)
            stroke.interpolation = interpolation
            pages[0].append(stroke)
        }
        return pages
    }

    /// Which pixels a page's strokes may ink: each stroke's samples' box, widened by its widest
    /// nib, a hair and a pixel of antialiasing.
    static func allowed(_ strokes: [Stroke], width: Int, height: Int) -> [Bool] {
        var mask = [Bool](repeating: false, count: width * height)
        for stroke in strokes {
            let samples = CentrelineSampler.samples(of: stroke)
            let margin = StrayInk.nibReach(stroke.ink, samples) + StrayInk.hair + 1 / scale
            let xs = samples.map(\.position.x), ys = samples.map(\.position.y)
            let x0 = max(0, Int(((xs.min()! - margin) * scale).rounded(.down)))
            let x1 = min(width - 1, Int(((xs.max()! + margin) * scale).rounded(.up)))
            let y0 = max(0, Int(((ys.min()! - margin) * scale).rounded(.down)))
            let y1 = min(height - 1, Int(((ys.max()! + margin) * scale).rounded(.up)))
            guard x0 <= x1, y0 <= y1 else { continue }
            for y in y0...y1 { for x in x0...x1 { mask[y * width + x] = true } }
        }
        return mask
    }

    @Test(arguments: Path.allCases)
    func noInkOutsideEveryStroke(_ path: Path) async throws {
        let folder = TestFolder()
        let pages = Self.pages()
        let pdf = folder.path("blank.pdf")
        try SamplePDFs.cairoPDF(path: pdf, pages: Array(repeating: Self.size, count: pages.count))
        let ink = folder.writeInk("jitter.ink.jsonl", layers: pages.enumerated().map { PageLayer(page: $0 + 1, layer: "Ink", strokes: $1) })
        let output = folder.path("\(path).pdf")
        switch path {
        case .flatten: try await flattenChecked(pdf: pdf, ink: ink, output: output)
        case .export: try await exportChecked(pdf: pdf, ink: ink, output: output)
        case .annotations:
            var options = ExportOptions()
            options.inkAs = .annotations
            try await exportChecked(pdf: pdf, ink: ink, output: output, options: options)
        }
        for (index, strokes) in pages.enumerated() {
            let raster = try GreyRaster.poppler(output, page: index + 1, scale: Self.scale)
            let mask = Self.allowed(strokes, width: raster.width, height: raster.height)
            var inked = 0, stray = 0
            var first: (x: Int, y: Int)?
            for y in 0..<raster.height {
                for x in 0..<raster.width where raster[x, y] < 250 {
                    inked += 1
                    if !mask[y * raster.width + x] {
                        stray += 1
                        if first == nil { first = (x, y) }
                    }
                }
            }
            #expect(inked > 1000, "\(path), page \(index + 1): the ink was drawn")
            #expect(stray == 0, "\(path), page \(index + 1): \(stray) pixels inked outside every stroke, the first at \(first.map { "(\(Double($0.x) / Self.scale), \(Double($0.y) / Self.scale)) pt" } ?? "")")
        }
    }

    /// The ink files of the shared corpus (Xournal++, reMarkable, rnote, InkML) and the PDFs
    /// annotated by other applications, read as inkpdf reads them, every stroke within its nib.
    @Test(.enabled(if: SharedCorpus.isAvailable, "\(SharedCorpus.missing)"))
    func corpusInkStaysWithinItsNibs() throws {
        let folder = TestFolder()
        var checked = 0
        var strays: [String] = []
        func check(_ layersPath: String, _ name: String) throws {
            let reader = try InkLayersReader(path: layersPath)
            while let layer = try reader.nextLayer() {
                for (index, stroke) in layer.strokes.enumerated() {
                    checked += 1
                    let found = StrayInk.excess(of: stroke)
                    if found.excess > 0 { strays.append("\(name): page \(layer.page), stroke \(index) (\(stroke.ink.type)): \(found)") }
                }
            }
        }
        let root = SharedCorpus.path("ink")
        let files = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []).sorted()
        for relative in files where ["rm", "xopp", "xoj", "rnote", "inkml"].contains((relative as NSString).pathExtension) {
            let path = (root as NSString).appendingPathComponent(relative)
            guard let format = InkImporter.detectFormat(path: path) else { continue }
            let options = ImportOptions(temporaryDirectory: folder.path(""))
            // A file inkpdf refuses (a damaged test file) has nothing drawn to check.
            guard let document = try? InkImporter.read(path: path, format: format, options: options, pdfPageSize: nil) else { continue }
            defer { unlink(document.layersPath) }
            try check(document.layersPath, relative)
        }
        let annotated = SharedCorpus.path("pdfs-annotated")
        for name in (try FileManager.default.contentsOfDirectory(atPath: annotated)).sorted() where name.hasSuffix(".pdf") {
            let path = (annotated as NSString).appendingPathComponent(name)
            guard let read = try? PDFAnnotationReader.read(pdf: path, password: nil, layersForm: .inkLayers) else { continue }
            defer { unlink(read.layersPath) }
            try check(read.layersPath, name)
        }
        #expect(checked > 4_000, "the corpus's strokes were read (\(checked))")
        #expect(strays.isEmpty, "\(strays.count) strokes drawn beyond their nib: \(strays.prefix(8))")
    }
}
