@testable import InkImport
import InkModel

/// The reMarkable lines-file reader (versions 3, 5 and 6): every input is read as a `.rm` page, and
/// every line and highlight it yields is turned into strokes as an import would (on the paper,
/// turned, and over a PDF page, whose geometry depends on nothing but the page's paper). A point
/// outside InkRange is refused (thrown); a stroke that is built keeps to it, with an azimuth in 0 … 2π.
enum ReMarkableCheck {
    static func problem(with bytes: UnsafeRawBufferPointer) -> String? {
        guard let page = try? LinesFileReader.read(bytes: Array(bytes), path: "fuzz.rm") else { return nil }
        let onPaper = ReMarkablePageGeometry.notebook(version: page.version, paperSize: page.paperSize, farthest: (nil, nil)).geometry
        let turned = ReMarkablePageGeometry.notebook(version: page.version, paperSize: page.paperSize, farthest: (nil, nil),
                                                     landscape: true).geometry
        let onPDF = ReMarkablePageGeometry.pdf(version: page.version, pdfSize: (width: 842, height: 595))
        for layer in page.layers {
            for item in layer.items {
                for geometry in [onPaper, turned, onPDF] {
                    switch item {
                    case .line(let line):
                        guard let stroke = try? ReMarkableStrokeBuilder.stroke(from: line, geometry: geometry, version: page.version) else { continue }
                        for point in stroke.points where !(InkRange.isCoordinate(point.x) && InkRange.isCoordinate(point.y)
                                                           && InkRange.isWidth(point.w)
                                                           && point.azimuth >= 0 && point.azimuth <= 2 * .pi) {
                            return "a point outside InkRange or an azimuth outside 0 … 2π in a built stroke: \(point)"
                        }
                    case .highlight(let glyph):
                        _ = try? ReMarkableStrokeBuilder.strokes(from: glyph, geometry: geometry)
                    }
                }
            }
        }
        return nil
    }
}
