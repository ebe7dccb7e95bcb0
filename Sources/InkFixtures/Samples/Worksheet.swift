import LibCairo
import InkModel

/// The `letter-worksheet` sample: two US Letter pages of exercises with
/// answer lines and a sketching grid, and a student's handwritten answers
/// plus the tutor's marking in a second layer.
public enum Worksheet {
    public static let title = "Worksheet 3: Convolution practice"
    public static let size = (width: 612.0, height: 792.0)
    public static let left = 72.0
    public static let right = 540.0

    public static func drawPDF(path: String) throws -> [PageLayout] {
        let writer = try PDFDocumentWriter(path: path, firstPageWidth: size.width, firstPageHeight: size.height)
        writer.setMetadata(.title, title)
        writer.setMetadata(.author, "ELEC 2301 course team")
        writer.setMetadata(.subject, "Tutorial exercises for Lecture 3")
        writer.setMetadata(.creator, "inkpdf-samples")
        writer.setMetadata(.createDate, "2024-09-18T08:00:00Z")
        writer.addOutline(title: "Part A: short questions", dest: "partA", open: true)
        writer.addOutline(title: "Part B: sketching", dest: "partB", open: true)
        let geometry = PageGeometry(mediaWidth: size.width, mediaHeight: size.height, rotate: 0)
        var layouts: [PageLayout] = []
        for index in 0..<2 {
            writer.beginPage(geometry)
            var page = PageComposer(writer: writer, layout: PageLayout(number: index + 1, width: size.width, height: size.height),
                                    left: left, width: right - left, top: 72)
            if index == 0 { drawFirstPage(writer, &page) } else { drawSecondPage(writer, &page) }
            writer.setFont(.sans(8.5))
            writer.setColor(0.4, 0.4, 0.45)
            writer.show("ELEC 2301 · Worksheet 3 · page \(index + 1) of 2", x: left, baseline: 760)
            writer.setColor(0, 0, 0)
            writer.endPage()
            layouts.append(page.layout)
        }
        try writer.finish()
        return layouts
    }

    /// Ruled answer lines; recorded as `key.rule1`, `key.rule2`, … (the rule itself, zero height).
    private static func answerLines(_ writer: PDFDocumentWriter, _ page: inout PageComposer, count: Int, key: String) {
        writer.setColor(0.6, 0.65, 0.75)
        for index in 1...count {
            page.y += 22
            writer.strokeLine(from: Point(left + 18, page.y), to: Point(right, page.y), lineWidth: 0.5)
            page.layout.marks["\(key).rule\(index)"] = Rect(x: left + 18, y: page.y, width: right - left - 18, height: 0)
        }
        writer.setColor(0, 0, 0)
        page.y += 14
    }

    private static func drawFirstPage(_ writer: PDFDocumentWriter, _ page: inout PageComposer) {
        writer.setFont(.sans(20, bold: true))
        writer.setColor(0.08, 0.12, 0.3)
        writer.show(title, x: left, baseline: 92)
        writer.setColor(0, 0, 0)
        writer.setFont(.sans(10))
        writer.show("Name", x: left, baseline: 126)
        writer.show("Date", x: 380, baseline: 126)
        writer.setColor(0.3, 0.3, 0.3)
        writer.strokeLine(from: Point(left + 32, 128), to: Point(360, 128), lineWidth: 0.6)
        writer.strokeLine(from: Point(408, 128), to: Point(right, 128), lineWidth: 0.6)
        writer.setColor(0, 0, 0)
        page.layout.marks["name"] = Rect(x: left + 32, y: 128, width: 328 - left, height: 0)
        page.layout.marks["date"] = Rect(x: 408, y: 128, width: right - 408, height: 0)
        page.y = 150
        page.heading("Part A: short questions", dest: "partA", level: 2)
        page.paragraph("1.  State the two properties that make a system LTI, in one line each.", key: "q1")
        answerLines(writer, &page, count: 2, key: "q1")
        page.paragraph("2.  Which of these systems is linear? Circle one.", key: "q2")
        let options = ["(a)  y(t) = x(t) + 1", "(b)  y(t) = 3·x(t − 2)", "(c)  y(t) = x(t)²", "(d)  y(t) = |x(t)|"]
        writer.setFont(.serif(11))
        for (index, option) in options.enumerated() {
            let x = left + 18 + Double(index % 2) * 230
            let baseline = page.y + 12 + Double(index / 2) * 22
            page.layout.marks["q2.\(index)"] = writer.show(option, x: x, baseline: baseline)
        }
        page.y += 56
        page.paragraph("3.  Compute u(t) ∗ u(t). Show the integral and its limits.", key: "q3")
        answerLines(writer, &page, count: 4, key: "q3")
        page.paragraph("4.  A system has h(t) = δ(t − 2). Describe in words what it does to any input.", key: "q4")
        answerLines(writer, &page, count: 2, key: "q4")
        page.paragraph("5.  True or false: x ∗ (h₁ ∗ h₂) = (x ∗ h₁) ∗ h₂. Name the property.", key: "q5")
        answerLines(writer, &page, count: 2, key: "q5")
    }

    private static func drawSecondPage(_ writer: PDFDocumentWriter, _ page: inout PageComposer) {
        page.heading("Part B: sketching", dest: "partB", level: 2)
        page.paragraph("6.  On the grid, sketch x(t) = rect(t) and y(t) = (rect ∗ rect)(t) for −2 ≤ t ≤ 2. "
            + "Label the peak value and where y becomes zero.", key: "q6")
        let grid = Rect(x: left + 18, y: page.y + 8, width: 432, height: 216)
        let step = 18.0
        writer.setColor(0.82, 0.86, 0.92)
        var x = grid.minX
        while x <= grid.maxX + 0.01 {
            writer.strokeLine(from: Point(x, grid.minY), to: Point(x, grid.maxY), lineWidth: 0.4)
            x += step
        }
        var y = grid.minY
        while y <= grid.maxY + 0.01 {
            writer.strokeLine(from: Point(grid.minX, y), to: Point(grid.maxX, y), lineWidth: 0.4)
            y += step
        }
        let axisY = grid.minY + 10 * step, axisX = grid.midX
        writer.setColor(0, 0, 0)
        writer.strokeLine(from: Point(grid.minX, axisY), to: Point(grid.maxX, axisY), lineWidth: 0.9)
        writer.strokeLine(from: Point(axisX, grid.minY), to: Point(axisX, grid.maxY), lineWidth: 0.9)
        writer.setFont(.sans(8))
        for k in -2...2 where k != 0 {
            writer.show("\(k)", x: axisX + Double(k) * 4 * step - 3, baseline: axisY + 11)
        }
        writer.show("t", x: grid.maxX - 8, baseline: axisY - 4)
        page.layout.marks["grid"] = grid
        page.layout.marks["axis"] = Rect(x: axisX, y: axisY, width: 4 * step, height: 4 * step)
        page.y = grid.maxY + 24
        page.paragraph("7.  Two systems with h₁(t) = e^(−t)·u(t) and h₂(t) = e^(−2t)·u(t) are connected in series. "
            + "Find the overall impulse response.", key: "q7")
        answerLines(writer, &page, count: 5, key: "q7")
        page.paragraph("8.  Explain in two sentences why knowing h(t) is enough to predict the output for any input.",
                       key: "q8")
        answerLines(writer, &page, count: 3, key: "q8")
    }

    // MARK: Ink

    public static func layers(for pages: [PageLayout]) -> [PageLayer] {
        // 2024-09-19 15:10:00 UTC: the tutorial.
        var student = Handwriter(seed: 0x3051_A7E1, start: 1_726_758_600)
        var tutor = Handwriter(seed: 0x7070_0A11, start: 1_726_845_000)
        let first = pages[0], second = pages[1]

        var answers1: [Stroke] = []
        answers1 += student.note([[5, 7]], at: Point(first["name"].minX + 8, first["name"].minY - 3), xHeight: 6,
                                 lineGap: 0, tool: .bluePen)
        answers1 += student.note([[2, 2, 4]], at: Point(first["date"].minX + 8, first["date"].minY - 3), xHeight: 6,
                                 lineGap: 0, tool: .bluePen)
        answers1 += answer(&student, lines: [[6, 3, 8, 2, 5], [4, 7, 3, 6]], on: first, key: "q1")
        answers1.append(student.circle(first["q2.1"], tool: .bluePen, padding: 5))
        // A crossed-out attempt that was partly rubbed out with the pixel eraser:
        // the mask keeps only the left part of the zigzag.
        let slip = first["q3.rule1"]
        let zigzag = Scribble.zigzag(from: Point(slip.minX + 4, slip.minY - 10), width: 90, height: 8, turns: 9)
        let mask = "M \(slip.minX - 5) \(slip.minY - 20) L \(slip.minX + 55) \(slip.minY - 20) "
            + "L \(slip.minX + 55) \(slip.minY + 5) L \(slip.minX - 5) \(slip.minY + 5) Z"
        answers1.append(student.stroke(zigzag, tool: .bluePen, mask: mask))
        answers1 += answer(&student, lines: [[3, 4, 2, 5], [7, 2, 6, 3], [5, 4], [2, 3, 6]], on: first, key: "q3",
                           indent: 110)
        answers1 += answer(&student, lines: [[2, 6, 4, 3, 5, 2, 6], [4, 3]], on: first, key: "q4")
        answers1 += answer(&student, lines: [[4, 9, 8]], on: first, key: "q5")

        var answers2: [Stroke] = []
        let axis = second["axis"]
        let unit = axis.width / 2
        let pulse = Scribble.densify([Point(axis.minX - 2 * unit, axis.minY), Point(axis.minX - unit, axis.minY),
                                      Point(axis.minX - unit, axis.minY - 2 * unit), Point(axis.minX + unit, axis.minY - 2 * unit),
                                      Point(axis.minX + unit, axis.minY), Point(axis.minX + 2 * unit, axis.minY)], step: 1.5)
        answers2.append(student.stroke(pulse, tool: .pencil))
        let triangle = Scribble.densify([Point(axis.minX - 3 * unit, axis.minY), Point(axis.minX - 2 * unit, axis.minY),
                                         Point(axis.minX, axis.minY - 2 * unit + 1), Point(axis.minX + 2 * unit, axis.minY),
                                         Point(axis.minX + 3 * unit, axis.minY)], step: 1.5)
        answers2.append(student.stroke(triangle, tool: .bluePen))
        answers2 += student.note([[4]], at: Point(axis.minX + 8, axis.minY - 2 * unit - 6), xHeight: 5, lineGap: 0,
                                 tool: .bluePen)
        answers2 += answer(&student, lines: [[2, 5, 3, 6], [3, 8, 2, 4, 5], [6, 3], [4, 2, 7, 3]], on: second, key: "q7")
        answers2 += answer(&student, lines: [[5, 3, 7, 2, 4, 6], [3, 6, 4, 5, 3], [7, 2]], on: second, key: "q8")

        var marking2: [Stroke] = []
        marking2.append(tutor.check(at: Point(Worksheet.right + 14, second["q7.rule2"].minY - 8), size: 12, tool: .redPen))
        marking2 += tutor.note([[3, 4]], at: Point(Worksheet.right - 60, second["q8.rule3"].minY + 22), xHeight: 6,
                               lineGap: 0, tool: .redPen)
        let peak = second["axis"]
        marking2.append(tutor.circle(Rect(x: peak.minX - 10, y: peak.minY - peak.height - 22, width: 44, height: 20),
                                     tool: .redPen, padding: 3))

        var marking1: [Stroke] = []
        for key in ["q1", "q3", "q5"] {
            marking1.append(tutor.check(at: Point(Worksheet.right + 14, first["\(key).rule1"].minY - 8), size: 12,
                                        tool: .redPen))
        }
        marking1.append(tutor.underline(first["q4.line1"], tool: .redPen))
        return [
            PageLayer(page: 1, layer: "Answers", strokes: answers1),
            PageLayer(page: 2, layer: "Answers", strokes: answers2),
            PageLayer(page: 2, layer: "Marking", strokes: marking2),
            PageLayer(page: 1, layer: "Marking", strokes: marking1),
        ]
    }

    /// Handwritten lines on a question's answer rules.
    private static func answer(_ hand: inout Handwriter, lines: [[Int]], on page: PageLayout, key: String,
                               indent: Double = 10) -> [Stroke] {
        var strokes: [Stroke] = []
        for (index, words) in lines.enumerated() {
            guard let rule = page.marks["\(key).rule\(index + 1)"] else { break }
            strokes += hand.note([words], at: Point(rule.minX + indent, rule.minY - 3), xHeight: 5.5, lineGap: 0,
                                 tool: .bluePen)
        }
        return strokes
    }
}
