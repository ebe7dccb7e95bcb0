import InkFileSystem
import LibCairo
import Foundation
import InkPipeline
import InkModel

/// A sample sheet of every ink type: one row per ink, written light, firm and
/// tilted, plus a loop that crosses itself (translucent inks must not darken
/// there); the marker row runs over text. The README's picture is this sheet
/// as `inkpdf render` draws it.
public enum InkSheet {
    public static let size = (width: 595.0, height: 560.0)
    public static let rowHeight = 60.0
    public static let top = 62.0
    public static let columns: [(title: String, x: Double)] = [("light", 148), ("firm", 260), ("tilted", 372), ("crossing itself", 484)]

    /// The rows: a label and the tool (PenTool's stock tools, with their colours).
    public static let rows: [(label: String, tool: PenTool)] = [
        ("pen", .bluePen), ("monoline", .monoline), ("marker", .highlighter), ("pencil", .pencil),
        ("crayon", .crayon), ("watercolor", .watercolor), ("fountainPen", .fountainPen), ("reed", .reed),
    ]

    /// Writes `ink-sheet.pdf`, `ink-sheet.ink.jsonl` and, rendered at `scale`, `ink-sheet-1.png` into `directory`.
    public static func write(directory: URL, scale: Double = 1.5) throws -> [URL] {
        let pdf = directory.appendingPathComponent("ink-sheet.pdf")
        let ink = directory.appendingPathComponent("ink-sheet.ink.jsonl")
        try AtomicOutput.write(to: pdf.path) { try drawPDF(path: $0) }
        try AtomicOutput.write(to: ink.path) { temporary in
            let writer = try InkLayersWriter(path: temporary, compressionLevel: nil)
            try writer.write(header: InkLayersHeader(pdfPageCount: 1, pdfSHA256: try FileDigest.sha256Hex(ofFileAt: pdf.path),
                                                     extra: JSONObject([(key: "title", value: .string("Ink types"))])))
            try writer.write(layer: layer())
            try writer.close()
        }
        let report = try PageRenderer.render(pdf: pdf.path, ink: ink.path, outputDirectory: directory.path,
                                             options: RenderOptions(scale: scale))
        return [pdf, ink] + report.images.map { URL(fileURLWithPath: $0) }
    }

    private static func drawPDF(path: String) throws {
        let writer = try PDFDocumentWriter(path: path, firstPageWidth: size.width, firstPageHeight: size.height)
        writer.setMetadata(.title, "inkpdf ink types")
        writer.setMetadata(.creator, "inkpdf-samples")
        writer.setMetadata(.createDate, "2024-01-01T00:00:00Z")
        writer.beginPage(PageGeometry(mediaWidth: size.width, mediaHeight: size.height, rotate: 0, crop: nil))
        writer.setColor(0, 0, 0)
        writer.setFont(.sans(13, bold: true))
        _ = writer.show("Every ink type, drawn by inkpdf", x: 24, baseline: 30)
        writer.setFont(.sans(9))
        writer.setColor(0.35, 0.35, 0.4)
        for column in columns { _ = writer.show(column.title, x: column.x - 40, baseline: 50) }
        for (index, row) in rows.enumerated() {
            let middle = top + rowHeight * (Double(index) + 0.5)
            writer.setColor(0, 0, 0)
            writer.setFont(.sans(10))
            _ = writer.show(row.label, x: 24, baseline: middle + 3.5)
            if row.label == "marker" {
                writer.setFont(.serif(10))
                for column in columns { _ = writer.show("text stays black", x: column.x - 42, baseline: middle + 3.5) }
            }
            writer.setColor(0.88, 0.88, 0.9)
            writer.strokeLine(from: Point(24, middle + rowHeight / 2), to: Point(size.width - 24, middle + rowHeight / 2), lineWidth: 0.5)
        }
        writer.endPage()
        try writer.finish()
    }

    /// A coil: loops along 90 pt, each crossing the stroke's own path.
    private static func coil(at centre: Point) -> [Point] {
        (0...180).map { k in
            let t = Double(k) / 180
            let a = 2 * Double.pi * 2.5 * t
            return Point(centre.x - 45 + 90 * t - 13 * sin(a), centre.y + 11 * cos(a))
        }
    }

    /// A shallow wave along 90 pt.
    private static func wave(at centre: Point) -> [Point] {
        (0...90).map { k in
            let t = Double(k) / 90
            return Point(centre.x - 45 + 90 * t, centre.y + 7 * sin(2 * .pi * 1.25 * t))
        }
    }

    public static func layer() -> PageLayer {
        var hand = Handwriter(seed: 0x1_2345, start: 1_704_067_200)
        var strokes: [Stroke] = []
        for (index, row) in rows.enumerated() {
            let middle = top + rowHeight * (Double(index) + 0.5)
            for (c, column) in columns.enumerated() {
                var tool = row.tool
                let isMarker = tool.ink.type == .marker
                // Tools are shown about three times their writing size, markers as they are.
                let enlarge = isMarker ? 1.0 : (tool.ink.type == .watercolor ? 1.6 : tool.ink.type == .crayon ? 2.0 : 3.0)
                tool.minSize *= enlarge
                tool.maxSize *= enlarge
                switch c {
                case 0: tool.maxSize = tool.minSize + (tool.maxSize - tool.minSize) * 0.35; tool.pressure = 0.4
                case 2: tool.altitude = 0.35
                default: break
                }
                tool.spacing = min(tool.spacing, 3)
                let centre = Point(column.x, middle)
                var path = c == 3 ? coil(at: centre) : wave(at: centre)
                if isMarker { path = path.map { Point($0.x, centre.y + ($0.y - centre.y) * 0.15) } }
                if c == 3, tool.ink.type != .marker {
                    // Translucent, to show the crossings stay even.
                    var color = tool.ink.color
                    color.alpha = min(color.alpha, 0.6)
                    tool.ink = Ink(type: tool.ink.type, color: color, width: tool.ink.width)
                }
                strokes.append(hand.stroke(path, tool: tool))
            }
        }
        return PageLayer(page: 1, layer: "Ink types", strokes: strokes)
    }
}
