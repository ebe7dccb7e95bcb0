import Foundation
import InkModel
import InkRendering

/// Writes strokes as Xournal++ records them (plain XML, which Xournal++ and
/// inkpdf both read): polylines through the centreline every 1.5 pt, pens with
/// a width per segment (pressure), pencils as constant-width pens, markers as
/// highlighters. For the samples and the benchmark against Xournal++.
public enum XournalWriter {
    /// A `<stroke>` element for `stroke`, or "" when it is too short to draw.
    public static func element(_ stroke: Stroke) -> String {
        let samples = CentrelineSampler.samples(of: stroke, spacing: 1.5)
        guard samples.count >= 2 else { return "" }
        let color = stroke.ink.color
        let rgb = String(format: "#%02x%02x%02x", Int((color.red * 255).rounded()), Int((color.green * 255).rounded()),
                         Int((color.blue * 255).rounded()))
        let nominal = samples.reduce(0) { $0 + $1.width } / Double(samples.count)
        let tool: String, width: String
        switch stroke.ink.type {
        case .marker:
            tool = "highlighter"
            width = format(nominal)
        case .pencil, .crayon:
            tool = "pen"
            width = format(nominal)
        default:
            tool = "pen"
            width = ([nominal] + samples.dropLast().map(\.width)).map(format).joined(separator: " ")
        }
        let alpha = tool == "highlighter" ? "7f" : "ff"
        let points = samples.map { "\(format($0.position.x)) \(format($0.position.y))" }.joined(separator: " ")
        return "<stroke tool=\"\(tool)\" color=\"\(rgb)\(alpha)\" width=\"\(width)\" capStyle=\"round\">\(points)</stroke>\n"
    }

    /// The document's opening, with its title.
    public static func header(title: String) -> String {
        """
        <?xml version="1.0" standalone="no"?>
        <xournal creator="inkpdf-samples" fileversion="4">
        <title>\(escaped(title))</title>

        """
    }

    public static func format(_ value: Double) -> String { String(format: "%.3f", value) }

    public static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
