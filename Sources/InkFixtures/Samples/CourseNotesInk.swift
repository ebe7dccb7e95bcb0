import InkModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The handwriting for the course notes, placed on what ``CourseNotes`` drew.
/// Coordinates are the displayed page's (after `/Rotate`, inside the CropBox).
public enum CourseNotesInk {
    /// The page layers in file order: not page order, page 4 split into two
    /// layers, page 2 without ink.
    public static func layers(for pages: [PageLayout]) -> [PageLayer] {
        // 2024-09-17 12:00:00 UTC: the afternoon after the lecture.
        var hand = Handwriter(seed: 0x1EC7_0003, start: 1_726_574_400)
        return [
            titlePage(pages[0], &hand),
            section1(pages[2], &hand),
            table(pages[4], &hand),
            section2Notes(pages[3], &hand),
            properties(pages[5], &hand),
            example(pages[6], &hand),
            section2Highlights(pages[3], &hand),
            summary(pages[7], &hand),
        ]
    }

    private static func titlePage(_ page: PageLayout, _ hand: inout Handwriter) -> PageLayer {
        var strokes: [Stroke] = []
        strokes.append(hand.underline(page["title"], tool: .fountainPen, offset: 6))
        strokes.append(hand.highlight(page["about.line3"]))
        let course = page["link.course"]
        let noteOrigin = Point(page.width - 128, page["where"].maxY + 2)
        strokes += hand.note([[4, 3], [6]], at: noteOrigin, xHeight: 5.5, lineGap: 15, tool: .bluePen)
        strokes += hand.arrow(from: Point(noteOrigin.x + 12, noteOrigin.y + 22), to: Point(course.maxX + 6, course.midY),
                              bend: 0.2, tool: .bluePen)
        return PageLayer(page: page.number, layer: "Notes", strokes: strokes)
    }

    private static func section1(_ page: PageLayout, _ hand: inout Handwriter) -> PageLayer {
        var strokes: [Stroke] = []
        strokes.append(hand.underline(page["sec1"], tool: .redPen))
        let margin = page["p2"].maxX + 14
        var random = hand.random.fork(1)
        strokes += hand.note([[5, 2], [4, 3], [7]], at: Point(margin + 4, page["p2.line1"].maxY - 2), xHeight: 5,
                             lineGap: 14, tool: .bluePen, firstID: random.uuidString())
        let sampling = page["eq.sampling"]
        strokes += hand.arrow(from: Point(margin + 20, page["p2.line1"].maxY + 38),
                              to: Point(sampling.maxX + 6, sampling.midY - 2), bend: 0.2, tool: .bluePen)
        strokes.append(hand.circle(page["sec1.2"], tool: .pencil, padding: 6))
        let list = page["list"]
        strokes.append(hand.stroke(Scribble.bracket(x: list.minX - 26, top: list.minY, bottom: list.maxY, depth: 5,
                                                    facingRight: true), tool: .pencil))
        strokes += hand.note([[3], [5]], at: Point(page["p5"].maxX + 16, page["p5.line1"].maxY), xHeight: 5,
                             lineGap: 14, tool: .pencil)
        return PageLayer(page: page.number, layer: "Notes", strokes: strokes)
    }

    private static func section2Notes(_ page: PageLayout, _ hand: inout Handwriter) -> PageLayer {
        var strokes: [Stroke] = []
        strokes.append(hand.circle(page["sec2.3"], tool: .monoline, padding: 6))
        let equation = page["eq.conv"]
        strokes.append(hand.stroke(Scribble.star(center: Point(equation.minX - 24, equation.midY), radius: 9),
                                   tool: .crayon))
        let margin = page["p2"].maxX + 14
        strokes += hand.note([[3, 6], [4]], at: Point(margin, page["p2.line2"].maxY), xHeight: 5, lineGap: 14,
                             tool: .blackPen)
        strokes += hand.arrow(from: Point(margin - 2, page["p2.line2"].maxY - 3),
                              to: Point(page["p2.line2"].maxX + 2, page["p2.line2"].midY), bend: 0.1, tool: .blackPen)
        strokes.append(hand.underline(page["link.table"], tool: .monoline, offset: 4))
        return PageLayer(page: page.number, layer: "Notes", strokes: strokes)
    }

    private static func section2Highlights(_ page: PageLayout, _ hand: inout Handwriter) -> PageLayer {
        var strokes: [Stroke] = []
        strokes.append(hand.highlight(page["eq.conv"]))
        strokes.append(hand.highlight(page["p5.line1"], tool: .greenHighlighter))
        strokes.append(hand.highlight(page["p5.line2"], tool: .greenHighlighter))
        let invariance = page["p3"]
        strokes.append(hand.stroke(Scribble.bracket(x: invariance.maxX + 12, top: invariance.minY,
                                                    bottom: invariance.maxY, depth: 6, facingRight: false),
                                   tool: .watercolor))
        return PageLayer(page: page.number, layer: "Highlights", strokes: strokes)
    }

    private static func table(_ page: PageLayout, _ hand: inout Handwriter) -> PageLayer {
        var strokes: [Stroke] = []
        strokes.append(hand.underline(page["table3.1"], tool: .reed, offset: 4))
        strokes.append(hand.circle(page["cell.7.2"], tool: .bluePen, padding: 5))
        // A box drawn around one row as a polyline: the one stroke with linear interpolation.
        let row = page["row.4"].insetBy(-3)
        let corners = [Point(row.minX, row.minY), Point(row.maxX, row.minY + 1), Point(row.maxX - 1, row.maxY),
                       Point(row.minX + 1, row.maxY + 1), Point(row.minX, row.minY - 1)]
        strokes.append(hand.stroke(Scribble.densify(corners, step: 24), tool: .redPen, interpolation: .linear,
                                   resample: false))
        let note = Point(page["note"].maxX - 150, page["note"].maxY + 34)
        strokes += hand.note([[3, 2, 3]], at: note, xHeight: 6, lineGap: 16, tool: .bluePen)
        let target = page["cell.7.3"]
        strokes += hand.arrow(from: Point(note.x + 30, note.y - 12), to: Point(target.midX, target.maxY + 6),
                              bend: 0.18, tool: .bluePen)
        return PageLayer(page: page.number, layer: "Notes", strokes: strokes)
    }

    private static func properties(_ page: PageLayout, _ hand: inout Handwriter) -> PageLayer {
        var strokes: [Stroke] = []
        strokes.append(hand.underline(page["sec4"], tool: .fountainPen, offset: 4))
        for index in 1...4 {
            let rule = page["rule\(index)"]
            strokes.append(hand.check(at: Point(rule.minX - 16, rule.midY), size: 9, tool: .blackPen))
        }
        strokes.append(hand.highlight(page["rule2"]))
        // A margin note written at an angle: the points are in the note's own
        // frame, and the stroke transform turns and places them.
        let anchor = page["rule3"]
        let angle = -0.21
        let (cosine, sine) = (Handwriter.round(cos(angle), 10_000), Handwriter.round(sin(angle), 10_000))
        let transform = StrokeTransform(a: cosine, b: sine, c: -sine, d: cosine,
                                        tx: Handwriter.round(page.width - 104, 100), ty: Handwriter.round(anchor.midY, 100))
        let local = hand.note([[4, 3], [5]], at: Point(0, 0), xHeight: 5.5, lineGap: 15, tool: .pencil)
        strokes += local.map { stroke in
            var turned = stroke
            turned.transform = transform
            return turned
        }
        let rule2 = page["rule2"]
        strokes += hand.arrow(from: Point(page.width - 110, anchor.midY - 4), to: Point(rule2.maxX + 6, rule2.midY),
                              bend: 0.15, tool: .pencil)
        return PageLayer(page: page.number, layer: "Notes", strokes: strokes)
    }

    private static func example(_ page: PageLayout, _ hand: inout Handwriter) -> PageLayer {
        var strokes: [Stroke] = []
        strokes.append(hand.circle(page["eq.answer"], tool: .redPen, padding: 6))
        let origin = page["plot.origin"]
        let unit = origin.width
        let sketch = Scribble.densify([Point(origin.x - unit - 4, origin.y - 2), Point(origin.x + 2, origin.y - unit - 3),
                                       Point(origin.x + unit + 5, origin.y - 1)], step: 1.5)
        strokes.append(hand.stroke(sketch, tool: .pencil))
        strokes += hand.note([[2, 4], [3, 5]], at: Point(origin.x + 1.7 * unit, origin.y - 0.9 * unit), xHeight: 5,
                             lineGap: 14, tool: .pencil)
        strokes.append(hand.check(at: Point(page["ex.item1"].minX - 34, page["ex.item1.line1"].midY), size: 10,
                                  tool: .crayon))
        strokes += hand.note([[3, 2], [6]], at: Point(page["ex.item3"].maxX + 14, page["ex.item3.line1"].maxY),
                             xHeight: 5, lineGap: 14, tool: .bluePen)
        return PageLayer(page: page.number, layer: "Notes", strokes: strokes)
    }

    private static func summary(_ page: PageLayout, _ hand: inout Handwriter) -> PageLayer {
        var strokes: [Stroke] = []
        let heading = page["sec6"]
        strokes.append(hand.stroke(Scribble.star(center: Point(heading.maxX + 24, heading.midY), radius: 11),
                                   tool: .watercolor))
        strokes.append(hand.highlight(page["summary.item2.line1"]))
        strokes += hand.note([[5, 3], [4]], at: Point(page["greek"].maxX + 14, page["greek.line1"].maxY), xHeight: 5,
                             lineGap: 14, tool: .reed)
        return PageLayer(page: page.number, layer: "Notes", strokes: strokes)
    }
}
