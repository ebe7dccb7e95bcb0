import LibCairo
import InkImport

/// Draws the visible borders of a page's links (`LinkBorder`) over the page poppler drew for printing,
/// which draws no link at all: those `--annotations` took by their flags (by default the links that
/// print, as `pdftocairo -pdf` draws them; `screen` adds those a viewer shows, hyperref's boxes).
enum LinkBorderPainter {
    /// The most dash pieces one border is drawn with; a pattern that would make more is drawn solid
    /// (a dash of a thousandth of a point round a page would make millions).
    static let maximumDashPieces = 10_000

    /// Draws `borders` (in the displayed page's frame, which is `context`'s user space).
    static func draw(_ borders: [LinkBorder], on context: borrowing CairoContext) {
        for border in borders where border.points.count >= 2 {
            context.save()
            context.setSourceRGBA(border.color.red, border.color.green, border.color.blue, border.color.alpha)
            context.setLineWidth(border.width)
            // What poppler's drawing of a border leaves as it finds it: butt ends, mitred corners.
            context.setLineCap(.butt)
            context.setLineJoin(.miter)
            if let dashes = border.dashes {
                let pattern = dashes.count % 2 == 0 ? dashes : dashes + dashes
                let period = pattern.reduce(0, +)
                if period > 0, border.length / period * Double(pattern.count) / 2 <= Double(maximumDashPieces) {
                    context.setDash(pattern, offset: 0)
                }
            }
            context.newPath()
            context.moveTo(border.points[0].x, border.points[0].y)
            for point in border.points.dropFirst() { context.lineTo(point.x, point.y) }
            if border.closed { context.closePath() }
            context.stroke()
            context.restore()
        }
    }
}
