import Foundation
import InkModel

/// A page's paper as an SVG document, drawn as the page's background image: rnote's
/// background (`document/background.rs`: the colour, then the pattern in
/// `userSpaceOnUse` cells anchored at the canvas origin, lines 0.5 px wide, dots 1.5 px
/// squares with rounded corners, isometric hexagons 2 px high), then the images on
/// rnote's document and image layers (a PDF's pages as rnote imported them), which lie
/// under all ink. The SVG's user space is the canvas, its view box the page's tile.
enum RNoteBackgroundSVG {
    static let lineWidth = 0.5, dotsWidth = 1.5, hexagonHeight = 2.0
    /// The most pattern cells one page draws; a finer pattern is drawn coarser, with a note.
    static let maximumCells = 250_000.0

    /// The pattern cell of `background` on a `width` × `height` px page, enlarged when finer
    /// than `maximumCells` allows (second value: whether it was).
    static func cell(_ background: RNoteItems.Background, width: Double, height: Double) -> (Double, Double, Bool) {
        var cellWidth = background.patternWidth, cellHeight = background.patternHeight
        switch background.pattern {
        case .lines: cellWidth = max(width, 1)
        case .isometricGrid, .isometricDots: cellWidth = cellHeight * 3.0.squareRoot()
        default: break
        }
        let cells = (width / cellWidth + 1) * (height / cellHeight + 1)
        guard cells > maximumCells else { return (cellWidth, cellHeight, false) }
        var factor = (cells / maximumCells).squareRoot()
        while (width / (cellWidth * factor) + 1) * (height / (cellHeight * factor) + 1) > maximumCells { factor *= 1.01 }
        return (cellWidth * factor, cellHeight * factor, true)
    }

    static func css(_ color: RGBAColor) -> String {
        func channel(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        return "rgb(\(channel(color.red)),\(channel(color.green)),\(channel(color.blue)))\" fill-opacity=\"\(number(color.alpha))"
    }

    static func strokeCSS(_ color: RGBAColor) -> String {
        func channel(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        return "rgb(\(channel(color.red)),\(channel(color.green)),\(channel(color.blue)))\" stroke-opacity=\"\(number(color.alpha))"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The SVG of the page whose tile is `x`, `y`, `width`, `height` on the canvas, with `images`
    /// (bytes, SVG or PNG, and their canvas rectangles) over the pattern. `coarser` is set when
    /// the pattern had to be drawn coarser than the file asks.
    static func page(x: Double, y: Double, width: Double, height: Double, background: RNoteItems.Background,
                     images: [RNoteItems.ImageItem], coarser: inout Bool) -> [UInt8] {
        let n = number
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
            + "width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"\(n(x)) \(n(y)) \(n(width)) \(n(height))\" preserveAspectRatio=\"none\">"
        let area = "x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\""
        svg += "<rect \(area) fill=\"\(css(background.color))\"/>"
        let (cw, ch, enlarged) = cell(background, width: width, height: height)
        if enlarged { coarser = true }
        let color = background.patternColor
        let offset = lineWidth / 2
        var cellContent = ""
        switch background.pattern {
        case .none: break
        case .lines:
            cellContent = "<line x1=\"0\" y1=\"\(n(offset))\" x2=\"\(n(cw))\" y2=\"\(n(offset))\" stroke-width=\"\(n(lineWidth))\" stroke=\"\(strokeCSS(color))\"/>"
        case .grid:
            cellContent = "<line x1=\"0\" y1=\"\(n(offset))\" x2=\"\(n(cw))\" y2=\"\(n(offset))\" stroke-width=\"\(n(lineWidth))\" stroke=\"\(strokeCSS(color))\"/>"
                + "<line x1=\"\(n(offset))\" y1=\"0\" x2=\"\(n(offset))\" y2=\"\(n(ch))\" stroke-width=\"\(n(lineWidth))\" stroke=\"\(strokeCSS(color))\"/>"
        case .dots:
            cellContent = "<rect x=\"0\" y=\"0\" width=\"\(n(dotsWidth))\" height=\"\(n(dotsWidth))\" rx=\"\(n(dotsWidth / 3))\" ry=\"\(n(dotsWidth / 3))\" fill=\"\(css(color))\"/>"
        case .isometricGrid:
            let line = { (x1: Double, y1: Double, x2: Double, y2: Double) in
                "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke-width=\"\(n(lineWidth))\" stroke=\"\(strokeCSS(color))\"/>"
            }
            cellContent = line(offset, 0, offset + cw, ch) + line(offset, ch, offset + cw, 0)
                + line(offset + cw / 2, 0, offset + cw / 2, ch) + line(offset, 0, offset, ch)
        case .isometricDots:
            let h = hexagonHeight, q = 3.0.squareRoot() / 4, half = 3.0.squareRoot() / 2
            let hexagon = { (dx: Double, dy: Double) in
                "<path fill=\"\(css(color))\" d=\"M \(n(dx + q * h)) \(n(dy + h)) L \(n(dx + half * h)) \(n(dy + 0.75 * h)) L \(n(dx + half * h)) \(n(dy + 0.25 * h)) "
                    + "L \(n(dx + q * h)) \(n(dy)) L \(n(dx)) \(n(dy + 0.25 * h)) L \(n(dx)) \(n(dy + 0.75 * h)) Z\"/>"
            }
            cellContent = hexagon(0, 0) + hexagon(cw / 2, ch / 2)
        }
        if !cellContent.isEmpty {
            svg += "<defs><pattern id=\"inkpdf-rnote-pattern\" x=\"0\" y=\"0\" width=\"\(n(cw))\" height=\"\(n(ch))\" "
                + "patternUnits=\"userSpaceOnUse\" patternContentUnits=\"userSpaceOnUse\">\(cellContent)</pattern></defs>"
                + "<rect \(area) fill=\"url(#inkpdf-rnote-pattern)\"/>"
        }
        var bytes = Array(svg.utf8)
        for image in images {
            let b = image.bounds
            let type = image.isSVG ? "image/svg+xml" : "image/png"
            bytes += Array("<image x=\"\(n(b.minX))\" y=\"\(n(b.minY))\" width=\"\(n(b.maxX - b.minX))\" height=\"\(n(b.maxY - b.minY))\" preserveAspectRatio=\"none\" xlink:href=\"data:\(type);base64,".utf8)
            bytes += Array(Data(image.bytes).base64EncodedData())
            bytes += Array("\"/>".utf8)
        }
        bytes += Array("</svg>".utf8)
        return bytes
    }
}
