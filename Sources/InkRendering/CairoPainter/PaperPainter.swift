import CCairo
import InkModel

/// Draws paper without a PDF under it: its colour, then its ruling, sized
/// as Xournal++ draws its own backgrounds (lines every 24 pt below an 80 pt
/// header, a margin line at 1 in, 5 mm squares and dots).
public enum PaperPainter {
    static let lineSpacing = 24.0, header = 80.0, footer = 60.0, margin = 72.0, square = 14.17
    static let lineBlue = RGBAColor(red: 0x40 / 255.0, green: 0xA0 / 255.0, blue: 1)
    static let marginRed = RGBAColor(red: 1, green: 0, blue: 0x80 / 255.0)
    static let grid = RGBAColor(red: 0xBD / 255.0, green: 0xBD / 255.0, blue: 0xBD / 255.0)

    /// Fills a `width` × `height` page on `context` with `paper`'s colour and ruling.
    /// An image background is drawn by the caller (it may need more than cairo).
    public static func draw(_ paper: Paper, width: Double, height: Double, on context: OpaquePointer) {
        cairo_save(context)
        defer { cairo_restore(context) }
        set(paper.color, on: context)
        cairo_rectangle(context, 0, 0, width, height)
        cairo_fill(context)
        cairo_set_line_width(context, 0.5)
        switch paper.ruling {
        case .plain: break
        case .ruled, .lined:
            set(lineBlue, on: context)
            var y = header
            while y <= height - footer {
                cairo_move_to(context, 0, y)
                cairo_line_to(context, width, y)
                y += lineSpacing
            }
            cairo_stroke(context)
            if paper.ruling == .lined {
                set(marginRed, on: context)
                cairo_move_to(context, margin, 0)
                cairo_line_to(context, margin, height)
                cairo_stroke(context)
            }
        case .graph:
            set(grid, on: context)
            var x = square
            while x < width { cairo_move_to(context, x, 0); cairo_line_to(context, x, height); x += square }
            var y = square
            while y < height { cairo_move_to(context, 0, y); cairo_line_to(context, width, y); y += square }
            cairo_stroke(context)
        case .dotted:
            set(grid, on: context)
            var y = square
            while y < height {
                var x = square
                while x < width {
                    cairo_new_sub_path(context)
                    cairo_arc(context, x, y, 0.75, 0, 2 * .pi)
                    x += square
                }
                y += square
            }
            cairo_fill(context)
        case .isometricGraph, .isometricDotted:
            set(grid, on: context)
            let rowHeight = square * 3.0.squareRoot() / 2
            var row = 0
            var y = rowHeight
            while y < height {
                var x = row % 2 == 0 ? square : square / 2
                while x < width {
                    if paper.ruling == .isometricDotted {
                        cairo_new_sub_path(context)
                        cairo_arc(context, x, y, 0.75, 0, 2 * .pi)
                    }
                    x += square
                }
                row += 1
                y += rowHeight
            }
            if paper.ruling == .isometricDotted {
                cairo_fill(context)
            } else {
                // Horizontal lines, and the two diagonals at ±60°.
                y = rowHeight
                while y < height { cairo_move_to(context, 0, y); cairo_line_to(context, width, y); y += rowHeight }
                let run = height / 3.0.squareRoot()
                var x = -run
                while x < width + run {
                    cairo_move_to(context, x, 0); cairo_line_to(context, x + run, height)
                    cairo_move_to(context, x, 0); cairo_line_to(context, x - run, height)
                    x += square
                }
                cairo_stroke(context)
            }
        case .staves:
            cairo_set_source_rgb(context, 0, 0, 0)
            var top = header
            while top + 4 * 5 <= height - footer {
                for line in 0..<5 {
                    let y = top + Double(line) * 5
                    cairo_move_to(context, 50, y)
                    cairo_line_to(context, width - 50, y)
                }
                top += 4 * 5 + 40
            }
            cairo_stroke(context)
        }
    }

    static func set(_ color: RGBAColor, on context: OpaquePointer) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }
}
