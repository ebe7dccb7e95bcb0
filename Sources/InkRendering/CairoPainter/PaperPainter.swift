import LibCairo
import InkModel

/// Draws paper without a PDF under it: its colour, then its ruling, sized
/// as Xournal++ draws its own backgrounds (lines every 24 pt below an 80 pt
/// header, a margin line at 1 in, 5 mm squares and dots).
///
/// The work is bounded whatever the caller passes: the page is taken at most
/// `InkRange.maximumPageSide` on a side, and a page that would draw more than
/// `maximumMarks` lines or dots gets a wider spacing, so that it draws at most that
/// many (real paper, up to about 7,000 pt square for dots, is drawn as Xournal++ draws it).
/// Dots are filled a row at a time, so that cairo never holds more than a row's path.
public enum PaperPainter {
    static let lineSpacing = 24.0, header = 80.0, footer = 60.0, margin = 72.0, square = 14.17
    /// The most lines or dots one page's ruling draws.
    public static let maximumMarks = 250_000
    static let lineBlue = RGBAColor(red: 0x40 / 255.0, green: 0xA0 / 255.0, blue: 1)
    static let marginRed = RGBAColor(red: 1, green: 0, blue: 0x80 / 255.0)
    static let grid = RGBAColor(red: 0xBD / 255.0, green: 0xBD / 255.0, blue: 0xBD / 255.0)

    /// Fills a `width` × `height` page on `context` with `paper`'s colour and ruling, and
    /// returns how many lines or dots the ruling drew (at most `maximumMarks`).
    /// An image background is drawn by the caller (it may need more than cairo).
    @discardableResult
    public static func draw(_ paper: Paper, width: Double, height: Double, on context: borrowing CairoContext) -> Int {
        let width = pageSide(width), height = pageSide(height)
        let square = spacing(for: paper.ruling, width: width, height: height)
        var marks = 0
        context.save()
        defer { context.restore() }
        set(paper.color, on: context)
        context.rectangle(0, 0, width, height)
        context.fill()
        context.setLineWidth(0.5)
        switch paper.ruling {
        case .plain: break
        case .ruled, .lined:
            set(lineBlue, on: context)
            var y = header
            while y <= height - footer {
                context.moveTo(0, y)
                context.lineTo(width, y)
                marks += 1
                y += lineSpacing
            }
            context.stroke()
            if paper.ruling == .lined {
                set(marginRed, on: context)
                context.moveTo(margin, 0)
                context.lineTo(margin, height)
                marks += 1
                context.stroke()
            }
        case .graph:
            set(grid, on: context)
            var x = square
            while x < width { context.moveTo(x, 0); context.lineTo(x, height); marks += 1; x += square }
            var y = square
            while y < height { context.moveTo(0, y); context.lineTo(width, y); marks += 1; y += square }
            context.stroke()
        case .dotted:
            set(grid, on: context)
            var y = square
            while y < height {
                var x = square
                while x < width {
                    context.newSubPath()
                    context.arc(x, y, radius: 0.75, from: 0, to: 2 * .pi)
                    marks += 1
                    x += square
                }
                context.fill()
                y += square
            }
        case .isometricGraph, .isometricDotted:
            set(grid, on: context)
            let rowHeight = square * 3.0.squareRoot() / 2
            if paper.ruling == .isometricDotted {
                var row = 0
                var y = rowHeight
                while y < height {
                    var x = row % 2 == 0 ? square : square / 2
                    while x < width {
                        context.newSubPath()
                        context.arc(x, y, radius: 0.75, from: 0, to: 2 * .pi)
                        marks += 1
                        x += square
                    }
                    context.fill()
                    row += 1
                    y += rowHeight
                }
            } else {
                // Horizontal lines, and the two diagonals at ±60°.
                var y = rowHeight
                while y < height { context.moveTo(0, y); context.lineTo(width, y); marks += 1; y += rowHeight }
                let run = height / 3.0.squareRoot()
                var x = -run
                while x < width + run {
                    context.moveTo(x, 0); context.lineTo(x + run, height)
                    context.moveTo(x, 0); context.lineTo(x - run, height)
                    marks += 2
                    x += square
                }
                context.stroke()
            }
        case .staves:
            context.setSourceRGB(0, 0, 0)
            var top = header
            while top + 4 * 5 <= height - footer {
                for line in 0..<5 {
                    let y = top + Double(line) * 5
                    context.moveTo(50, y)
                    context.lineTo(width - 50, y)
                    marks += 1
                }
                top += 4 * 5 + 40
            }
            context.stroke()
        }
        return marks
    }

    /// A page side as the painter takes it: 0 … `InkRange.maximumPageSide` (NaN as 0).
    static func pageSide(_ value: Double) -> Double { max(InkRange.clamped(value, to: InkRange.maximumPageSide), 0) }

    /// The spacing of the squares, dots and isometric rows on a `width` × `height` page:
    /// Xournal++'s 5 mm, or wider so that the page draws at most `maximumMarks` marks.
    public static func spacing(for ruling: Paper.Ruling, width: Double, height: Double) -> Double {
        let width = pageSide(width), height = pageSide(height)
        let marks: Double
        switch ruling {
        case .plain, .ruled, .lined, .staves: return square
        case .graph: marks = (width + height) / square
        case .dotted: marks = (width / square) * (height / square)
        case .isometricDotted: marks = (width / square) * (height / (square * 3.0.squareRoot() / 2))
        case .isometricGraph: marks = (height / (square * 3.0.squareRoot() / 2)) + 2 * (width + 2 * height / 3.0.squareRoot()) / square
        }
        guard marks > Double(maximumMarks) else { return square }
        // Dots grow with the square of the spacing's inverse, lines with the inverse.
        let ratio = marks / Double(maximumMarks)
        return square * (ruling == .dotted || ruling == .isometricDotted ? ratio.squareRoot() : ratio) * 1.001
    }

    static func set(_ color: RGBAColor, on context: borrowing CairoContext) {
        context.setSourceRGBA(color.red, color.green, color.blue, color.alpha)
    }
}
