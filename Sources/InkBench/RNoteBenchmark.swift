import Foundation
import InkFixtures
import InkModel

/// The dense benchmark's handwriting (`Benchmark.layer(for:)`, about 150 strokes a page) as an
/// rnote notebook: A4 pages (793.7 × 1122.5 px at 96 dpi) one under another on rnote's canvas,
/// each stroke a smooth brush stroke through the benchmark's points (a `lineto` per point,
/// pressure = the point's width over the stroke's widest), in rnote 0.9's layout. Also a blank
/// PDF of as many A4 pages, to flatten the same strokes over as ink-layers (`inkpdf convert`
/// of the notebook), the peer the benchmark compares with.
public enum RNoteBenchmark {
    static let scale = 0.75  // points per px at 96 dpi
    static let pageWidth = 595.2755905511812, pageHeight = 841.8897637795276

    /// Writes the notebook's JSON (gzip it for a real `.rnote`) with `pages` pages, and a blank PDF.
    public static func write(pages: Int, notebook path: String, blankPDF: String) throws {
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: blankPDF), pages: (0..<pages).map { _ in TestPage() })
        guard let output = FileHandle(forWritingAtPath: path) ?? {
            FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
        }() else { throw XournalBenchmark.OutputDirectoryError(path: path, page: 0) }
        defer { try? output.close() }
        let height = pageHeight / scale
        output.write(Data(#"{"version":"0.9.4","data":{"engine_snapshot":{"document":{"x":0.0,"y":0.0,"width":793.7007874015749,"height":\#(height * Double(pages)),"format":{"width":793.7007874015749,"height":\#(height),"dpi":96.0},"background":{"color":{"r":1.0,"g":1.0,"b":1.0,"a":1.0},"pattern":"none","pattern_size":[32.0,32.0],"pattern_color":{"r":0.8,"g":0.9,"b":1.0,"a":1.0}},"layout":"continuous_vertical"},"camera":{},"stroke_components":["#.utf8))
        var chrono = ""
        var slot = 0
        func f(_ value: Double) -> String { String(format: "%.3f", value) }
        for page in 0..<pages {
            var text = ""
            let layer = Benchmark.layer(for: XournalBenchmark.layout(number: page + 1, width: pageWidth, height: pageHeight))
            for stroke in layer.strokes where !stroke.points.isEmpty {
                let widest = stroke.points.map(\.w).max() ?? 1
                let c = stroke.ink.color
                func element(_ point: StrokePoint) -> String {
                    #"{"pos":[\#(f(point.x / scale)),\#(f(point.y / scale + Double(page) * height))],"pressure":\#(f(min(point.w / widest, 1)))}"#
                }
                let segments = stroke.points.dropFirst().map { #"{"lineto":{"end":\#(element($0))}}"# }.joined(separator: ",")
                text += (slot == 0 ? "" : ",")
                    + #"{"value":{"brushstroke":{"path":{"start":\#(element(stroke.points[0])),"segments":[\#(segments)]},"style":{"smooth":{"stroke_width":\#(f(widest / scale)),"stroke_color":{"r":\#(f(c.red)),"g":\#(f(c.green)),"b":\#(f(c.blue)),"a":\#(f(c.alpha))},"fill_color":null,"pressure_curve":"linear"}}}},"version":1}"#
                chrono += (slot == 0 ? "" : ",") + #"{"value":{"t":\#(slot + 1),"layer":{"user_layer":0}},"version":1}"#
                slot += 1
            }
            output.write(Data(text.utf8))
        }
        output.write(Data(#"],"chrono_components":[\#(chrono)],"chrono_counter":\#(slot + 1)}}}"#.utf8))
    }
}
