import LibCairo
import InkPipeline
import InkModel

/// The benchmark input: many A4 pages of lecture-note text, different on
/// every page, and dense handwriting on every page.
public enum Benchmark {
    public static let a4 = (width: 595.276, height: 841.89)
    public static let left = 64.0
    public static let textWidth = 400.0
    public static let lineHeight = 21.0

    public static func drawPDF(path: String, pages: Int) throws -> [PageLayout] {
        let writer = try PDFDocumentWriter(path: path, firstPageWidth: a4.width, firstPageHeight: a4.height)
        writer.setMetadata(.title, "inkpdf benchmark, \(pages) pages")
        writer.setMetadata(.creator, "inkpdf-samples")
        writer.setMetadata(.createDate, "2024-01-01T00:00:00Z")
        let geometry = PageGeometry(mediaWidth: a4.width, mediaHeight: a4.height, rotate: 0)
        var layouts: [PageLayout] = []
        layouts.reserveCapacity(pages)
        for number in 1...pages {
            var random = SplitMix64(seed: 0xBE7C_0000 &+ UInt64(number))
            writer.beginPage(geometry)
            var page = PageComposer(writer: writer, layout: PageLayout(number: number, width: a4.width, height: a4.height),
                                    left: left, width: textWidth, top: 70)
            page.lineHeight = lineHeight
            writer.setFont(.sans(8.5))
            writer.setColor(0.35, 0.35, 0.4)
            writer.show("Lecture notes · page \(number) of \(pages)", x: left, baseline: 44)
            writer.setColor(0, 0, 0)
            let lecture = (number - 1) / 12 + 1, section = (number - 1) % 12 + 1
            page.heading("\(lecture).\(section)  \(random.pick(topics).capitalizedFirst)", dest: "p\(number)", level: 2)
            var paragraph = 0
            while page.y < a4.height - 150 {
                paragraph += 1
                page.paragraph(LectureText.paragraph(sentences: random.integer(3...6), random: &random), key: "p\(paragraph)")
                page.y += 4
            }
            writer.endPage()
            layouts.append(page.layout)
        }
        try writer.finish()
        return layouts
    }

    public static let topics = [
        "sampling and aliasing", "the z-transform", "stability of feedback loops", "the Fourier series",
        "filters and their poles", "the Laplace transform", "energy and power signals", "state-space models",
        "windowing and leakage", "the discrete Fourier transform", "modulation", "frequency response",
    ]

    /// One page's handwriting: about 150 strokes, mostly pen words written in the
    /// gaps between text lines and in the margin, with marker highlights and
    /// pencil underlines. Seeded by the page number, so any page can be made alone.
    public static func layer(for page: PageLayout, strokeCount: Int = 150) -> PageLayer {
        var hand = Handwriter(seed: 0x1A7E_5000 &+ UInt64(page.number), start: 1_704_067_200 + Double(page.number) * 3600)
        hand.precision = .compact
        var strokes: [Stroke] = []
        strokes.reserveCapacity(strokeCount + 8)
        var pen = PenTool.bluePen
        pen.spacing = 1.8
        let lines = page.textLines
        // Highlights and underlines on some lines.
        for (index, line) in lines.enumerated() where index % 3 == 1 && strokes.count < 10 {
            strokes.append(hand.highlight(line))
        }
        for (index, line) in lines.enumerated() where index % 4 == 2 && strokes.count < 18 {
            strokes.append(hand.underline(line, tool: .pencil, offset: 2))
        }
        // Words in the gap under each text line and beside it in the margin,
        // spread over the whole page, until the page has its strokes.
        var row = 0
        while strokes.count < strokeCount {
            let line = lines[row % lines.count]
            let rowsLeft = max(1, lines.count - row % lines.count)
            let wordsHere = max(1, (strokeCount - strokes.count + rowsLeft - 1) / rowsLeft)
            var interlinear = max(0, wordsHere - 1)
            var x = line.minX + hand.random.uniform(0...30) + Double(row / lines.count) * 40
            while interlinear > 0 && x < line.maxX - 40 && strokes.count < strokeCount {
                let word = Scribble.cursiveWord(start: Point(x, line.maxY + 8.5), xHeight: 4.2,
                                                letters: hand.random.integer(6...9), random: &hand.random)
                strokes.append(hand.stroke(word.path, tool: pen))
                x = word.endX + hand.random.uniform(8...30)
                interlinear -= 1
            }
            if strokes.count < strokeCount {
                let word = Scribble.cursiveWord(start: Point(left + textWidth + 14 + hand.random.uniform(0...20), line.maxY - 2),
                                                xHeight: 4.2, letters: hand.random.integer(6...9), random: &hand.random)
                strokes.append(hand.stroke(word.path, tool: pen))
            }
            row += 1
        }
        return PageLayer(page: page.number, layer: "Notes", strokes: strokes)
    }
}

extension String {
    public var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
