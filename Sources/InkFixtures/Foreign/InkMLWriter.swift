import Foundation
import InkModel

/// Writes W3C InkML for tests and benchmarks: a trace's integer channel values
/// in any of the recommendation's encodings, and whole documents of
/// ink-layers strokes as Microsoft Office stores ink (X and Y in 1/1000 cm,
/// pressure 0 … 1023, brushes in centimetres).
public enum InkMLWriter {
    public static let namespace = "http://www.w3.org/2003/InkML"

    /// How a trace's values are written.
    public enum Encoding: String, CaseIterable, Sendable {
        /// Every value as it is: `10 20 5, 11 22 6`.
        case explicit
        /// `'` first differences after the first point: `10 20 5,'1'2'1,1 2 1`.
        case firstDifference
        /// `"` second differences after the second point.
        case secondDifference
        /// Each channel switching mode every few points (`!`, `'`, `"`), values run together where a
        /// prefix or sign allows (`'3-5"1`).
        case mixed
        /// Explicit values in hex (`#1F`, `-#A`).
        case hex
        /// Explicit values without commas: points told apart by the channel count.
        case noCommas
    }

    /// The text of a trace whose points have these values (one array a point, channel order).
    public static func traceText(_ points: [[Int]], encoding: Encoding) -> String {
        guard let channels = points.first?.count else { return "" }
        var modes = [Character](repeating: "!", count: channels)
        var previous = [Int](repeating: 0, count: channels)
        var velocity = [Int](repeating: 0, count: channels)
        var out = ""
        for (n, point) in points.enumerated() {
            if n > 0 { out += encoding == .noCommas ? " " : "," }
            for (c, value) in point.enumerated() {
                var mode: Character
                switch encoding {
                case .explicit, .hex, .noCommas: mode = "!"
                case .firstDifference: mode = n == 0 ? "!" : "'"
                case .secondDifference: mode = n == 0 ? "!" : n == 1 ? "'" : "\""
                case .mixed: mode = n == 0 ? "!" : ["!", "'", "\"", "'", "\""][((n + c) / 3) % 5]
                }
                let token: String
                switch mode {
                case "'": token = String(value - previous[c])
                case "\"": token = String(value - previous[c] - velocity[c])
                default:
                    token = encoding == .hex ? (value < 0 ? "-#" : "#") + String(abs(value), radix: 16, uppercase: true) : String(value)
                }
                let prefix = modes[c] == mode || (n == 0 && mode == "!") ? "" : String(mode)
                if encoding == .mixed && n > 0 && n % 4 == 0 { modes[c] = "?" }  // force a prefix now and then, even unchanged
                let text = (modes[c] == "?" ? String(mode) : prefix) + token
                modes[c] = mode
                let joined = encoding == .mixed && (text.first == "'" || text.first == "\"" || text.first == "!" || text.first == "-")
                if c > 0 { out += joined ? "" : " " }
                out += text
                velocity[c] = n == 0 ? 0 : value - previous[c]
                previous[c] = value
            }
        }
        return out
    }

    /// Himetric (1/1000 cm) units a point.
    static let unitsPerPoint = 2540.0 / 72

    /// A document whose page k (a top-level trace group annotated as a page) holds `pages[k]`'s
    /// strokes, as Office stores them: X, Y in 1/1000 cm, F of 0 … 1023 (the stroke's force / 2),
    /// traces in `encoding`, one brush per ink (a marker as a `maskPen` highlighter).
    public static func document(pages: [[Stroke]], encoding: Encoding = .secondDifference) -> String {
        var brushes: [String: String] = [:]
        var brushElements = ""
        func brushID(_ ink: Ink) -> String {
            let width = ink.width ?? 1
            let key = "\(ink.type.name) \(ink.color.hexString) \(width)"
            if let id = brushes[key] { return id }
            let id = "b\(brushes.count)"
            brushes[key] = id
            let cm = String(format: "%.4f", width * 2.54 / 72)
            var element = "<brush xml:id=\"\(id)\"><brushProperty name=\"width\" value=\"\(cm)\" units=\"cm\"/>"
            element += "<brushProperty name=\"height\" value=\"\(cm)\" units=\"cm\"/>"
            let hex = ink.color.hexString
            element += "<brushProperty name=\"color\" value=\"\(hex.prefix(7))\"/>"
            let alpha = ink.color.alpha
            if alpha < 1 { element += "<brushProperty name=\"transparency\" value=\"\(Int(((1 - alpha) * 255).rounded()))\"/>" }
            if ink.type == .marker { element += "<brushProperty name=\"tip\" value=\"rectangle\"/><brushProperty name=\"rasterOp\" value=\"maskPen\"/>" }
            element += "</brush>\n"
            brushElements += element
            return id
        }
        var body = ""
        for (index, strokes) in pages.enumerated() {
            body += "<traceGroup><annotation type=\"page\">\(index + 1)</annotation>\n"
            for stroke in strokes {
                let points = stroke.points.map { point in
                    [Int((point.x * unitsPerPoint).rounded()), Int((point.y * unitsPerPoint).rounded()),
                     Int((min(max(point.force / 2, 0), 1) * 1023).rounded())]
                }
                body += "<trace contextRef=\"#ctx0\" brushRef=\"#\(brushID(stroke.ink))\">\(traceText(points, encoding: encoding))</trace>\n"
            }
            body += "</traceGroup>\n"
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <ink xmlns="\(namespace)">
        <definitions>
        <context xml:id="ctx0"><inkSource xml:id="src0"><traceFormat>
        <channel name="X" type="integer" max="32767" units="cm"/>
        <channel name="Y" type="integer" max="32767" units="cm"/>
        <channel name="F" type="integer" max="1023" units="dev"/>
        </traceFormat><channelProperties>
        <channelProperty channel="X" name="resolution" value="1000" units="1/cm"/>
        <channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/>
        </channelProperties></inkSource></context>
        \(brushElements)</definitions>
        \(body)</ink>

        """
    }
}
