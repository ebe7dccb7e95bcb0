import LibCairo
import Foundation
import InkModel
import InkPDFContent
import InkPDFContentTestSupport
import InkRendering
import Testing

/// A fresh directory for one test's files.
func temporaryDirectory(_ name: String = #function) throws -> URL {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-content-\(safe)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func drawings(_ strokes: [Stroke]) -> [StrokeDrawing] {
    strokes.flatMap { InkStyle.drawings(for: $0).drawings }
}

/// Writes each page's drawings with the content writer over blank cairo pages
/// (or `background`), appended as an incremental update; checks it with `qpdf --check`.
@discardableResult
func writeInkPDF(_ pages: [[StrokeDrawing]], size: (width: Double, height: Double), to path: String,
                 background: ((borrowing CairoContext, Int) -> Void)? = nil) throws -> [CompressedInkContent] {
    try SamplePDFs.cairoPDF(path: path, pages: Array(repeating: size, count: pages.count), background: background)
    var update = try IncrementalUpdate(appendingTo: path)
    var contents: [CompressedInkContent] = []
    for (index, page) in pages.enumerated() {
        let content = InkContentWriter.content(for: page, width: size.width, height: size.height).compressed()
        contents.append(content)
        try update.addInk(content, toPage: index + 1)
    }
    try update.finish()
    expectQPDFCheckPasses(path)
    return contents
}

func expectQPDFCheckPasses(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let check = SamplePDFs.qpdfCheck(path)
    #expect(check.passed, "qpdf --check \(path):\n\(check.output)", sourceLocation: sourceLocation)
}

func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

/// A stroke of round-nib points of one size along `path`.
func makeStroke(_ type: InkType = .pen, color: String = "#000000FF", size: Double = 4,
                interpolation: Stroke.Interpolation? = .linear, mask: String? = nil,
                _ path: [(Double, Double)]) -> Stroke {
    let points = path.enumerated().map { index, p in
        StrokePoint(x: p.0, y: p.1, t: Double(index) * 0.01, w: size, h: size, opacity: 1,
                    force: 1, azimuth: 0, altitude: .pi / 2)
    }
    return Stroke(ink: Ink(type: type, colorText: color, color: RGBAColor(hex: color)!),
                  created: 1_764_460_000, mask: mask, interpolation: interpolation, points: points)
}
