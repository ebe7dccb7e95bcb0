import Foundation
import InkFixtures

/// A Xournal++ document the reference tests write: six pages, three over
/// pages of a PDF InkFixtures generates (upright, /Rotate 90, cropped) and
/// three on paper (plain, ruled, graph), with pens of several widths and of
/// per-segment widths, highlighters over text, eraser whiteout, dashes,
/// fills, two layers and text boxes.
enum XournalDocuments {
    static let pageCount = 6

    static let pdfPages = [
        TestPage(width: 595.276, height: 841.89, lines: (0..<12).map {
            .init("Line \($0 + 1) of the printed text, to be highlighted and annotated.", x: 72, y: 100 + Double($0) * 40, fontSize: 14)
        }),
        TestPage(width: 595.276, height: 841.89, rotate: 90, lines: (0..<8).map {
            .init("Rotated page, line \($0 + 1)", x: 60, y: 90 + Double($0) * 50, fontSize: 16)
        }),
        TestPage(width: 612, height: 792, cropBox: .init(x: 50, y: 80, width: 480, height: 600), lines: (0..<8).map {
            .init("Cropped page, line \($0 + 1)", x: 40, y: 80 + Double($0) * 60, fontSize: 16)
        }),
    ]

    /// Writes `written.pdf` and `written.xopp` into the folder; returns the document's path.
    static func write(in folder: TestFolder, dashes: Bool = true) async throws -> String {
        let pdf = folder.path("background.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: pdfPages)
        var pages: [String] = []
        for (index, page) in pdfPages.enumerated() {
            let background = index == 0
                ? "<background type=\"pdf\" domain=\"absolute\" filename=\"\(pdf)\" pageno=\"1\"/>"
                : "<background type=\"pdf\" pageno=\"\(index + 1)\"/>"
            pages.append(self.page(width: page.displayedWidth, height: page.displayedHeight, background: background,
                                   layers: layers(page: index, width: page.displayedWidth, height: page.displayedHeight, dashes: dashes)))
        }
        for (index, style) in ["plain", "ruled", "graph"].enumerated() {
            pages.append(self.page(width: 595.276, height: 841.89,
                                   background: "<background type=\"solid\" color=\"#ffffffff\" style=\"\(style)\"/>",
                                   layers: layers(page: 3 + index, width: 595.276, height: 841.89, dashes: dashes)))
        }
        let xml = """
            <?xml version="1.0" standalone="no"?>
            <xournal creator="inkpdf tests" fileversion="4">
            <title>Xournal++ document, Xournal++ 1.1.x format</title>
            \(pages.joined(separator: "\n"))
            </xournal>
            """
        let path = folder.path(dashes ? "written.xopp" : "written-solid.xopp")
        let plain = folder.write(xml, to: "written.xml")
        try await OutsideTool.shell("gzip -c \"$0\" > \"$1\"", plain, path)
        return path
    }

    static func page(width: Double, height: Double, background: String, layers: [String]) -> String {
        "<page width=\"\(width)\" height=\"\(height)\">\n\(background)\n"
            + layers.map { "<layer>\n\($0)\n</layer>" }.joined(separator: "\n") + "\n</page>"
    }

    static func number(_ value: Double) -> String { String(format: "%.4f", value) }

    /// A wavy line from (x, y), `length` long, points `step` apart.
    static func wave(x: Double, y: Double, length: Double, amplitude: Double, period: Double, step: Double = 1.5) -> [(Double, Double)] {
        stride(from: 0.0, through: length, by: step).map { t in (x + t, y + amplitude * sin(t / period * 2 * .pi)) }
    }

    static func stroke(_ points: [(Double, Double)], tool: String = "pen", color: String, width: Double,
                       widths: [Double]? = nil, extra: String = "") -> String {
        let widthText = ([width] + (widths ?? [])).map(number).joined(separator: " ")
        let coordinates = points.map { "\(number($0.0)) \(number($0.1))" }.joined(separator: " ")
        return "<stroke tool=\"\(tool)\" color=\"\(color)\" width=\"\(widthText)\"\(extra.isEmpty ? "" : " " + extra)>\(coordinates)</stroke>"
    }

    /// Two layers of ink for page `page` (0-based), laid out in the page's displayed size.
    static func layers(page: Int, width: Double, height: Double, dashes: Bool) -> [String] {
        var first: [String] = [], second: [String] = []
        let top = 80.0, left = 60.0
        let span = min(width - 2 * left, 420)
        // Pens of several widths.
        let colors = ["#000000ff", "#3333ccff", "#008000ff", "#ff0000ff"]
        for (row, w) in [0.5, 1.41, 2.26, 4.0].enumerated() {
            let line = wave(x: left, y: top + Double(row) * 22, length: span, amplitude: 5 + Double(page), period: 40 + Double(row) * 7)
            first.append(stroke(line, color: colors[row], width: w, extra: "capStyle=\"round\""))
        }
        // Per-segment widths (a pen with pressure).
        let pressured = wave(x: left, y: top + 100, length: span, amplitude: 8, period: 60)
        let widths: [Double] = (0..<(pressured.count - 1)).map { (i: Int) -> Double in 1.0 + 1.2 * (1 + sin(Double(i) / 9)) }
        first.append(stroke(pressured, color: "#1a1a80ff", width: 2, widths: widths, extra: "capStyle=\"round\""))
        // Highlighters over the first text lines (y = baselines of the PDF page's text, or rows on paper).
        let highlights: [Double] = page == 0 ? [95, 135] : [top + 160, top + 200]
        for (index, y) in highlights.enumerated() {
            let line: [(Double, Double)] = [(left + 10, y), (left + 200, y + 1), (left + 330, y)]
            first.append(stroke(line, tool: "highlighter",
                                color: index == 0 ? "#ffff007f" : "#00ff007f", width: 12, extra: "capStyle=\"round\""))
        }
        // Eraser whiteout across a text line.
        let eraseY: Double = page == 0 ? 215 : top + 240
        let erased: [(Double, Double)] = [(left + 40, eraseY), (left + 160, eraseY)]
        first.append(stroke(erased, tool: "eraser", color: "#ffffffff", width: 8.5, extra: "capStyle=\"round\""))
        // Fill: a closed polygon, half transparent.
        let cx = left + span - 60, cy = top + 300
        var polygon: [(Double, Double)] = []
        for i in 0...24 {
            let a: Double = Double(i) / 24 * 2 * Double.pi
            polygon.append((cx + 40 * cos(a), cy + 30 * sin(a)))
        }
        first.append(stroke(polygon, color: "#ff0000ff", width: 1.41, extra: "fill=\"128\" capStyle=\"round\""))
        // Second layer: dashes, a dotted line, more writing and text boxes.
        if dashes {
            second.append(stroke(wave(x: left, y: top + 360, length: span, amplitude: 3, period: 80), color: "#000000ff", width: 1.41,
                                 extra: "style=\"dash\" capStyle=\"round\""))
            second.append(stroke(wave(x: left, y: top + 380, length: span / 2, amplitude: 3, period: 80), color: "#800080ff", width: 2.26,
                                 extra: "style=\"dot\" capStyle=\"round\""))
        }
        second.append(stroke(wave(x: left + 20, y: top + 420, length: span - 40, amplitude: 12, period: 25, step: 1),
                             color: "#c06000ff", width: 1.41, extra: "capStyle=\"round\""))
        second.append("<text font=\"Sans\" size=\"12\" x=\"\(left)\" y=\"\(top + 450)\" color=\"#000000ff\">A text box\nwith two lines</text>")
        second.append("<text font=\"DejaVu Serif\" size=\"16\" x=\"\(left + 180)\" y=\"\(top + 450)\" color=\"#3333ccff\">Serif note</text>")
        return [first.joined(separator: "\n"), second.joined(separator: "\n")]
    }
}
