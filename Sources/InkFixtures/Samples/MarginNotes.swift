import LibPoppler
import InkPipeline
import InkModel

/// Light handwriting for someone else's PDF: a few words in the right margin
/// of every page (the real-world documents of the benchmark).
public enum MarginNotes {
    /// Writes `ink` with `wordsPerPage` pen words down the right margin of each page of `pdf`.
    public static func write(pdf: String, ink: String, wordsPerPage: Int = 8) throws {
        let document = try PDFDocument.open(path: pdf)
        let writer = try InkLayersWriter(path: ink, compressionLevel: nil)
        try writer.write(header: InkLayersHeader(extra: JSONObject([(key: "title", value: .string("margin notes"))])))
        for number in 1...document.pageCount {
            let (width, height) = document.displayedSize(ofPage: number)
            var hand = Handwriter(seed: 0x3A26_1000 &+ UInt64(number), start: 1_704_067_200 + Double(number) * 600)
            hand.precision = .compact
            var pen = PenTool.bluePen
            pen.spacing = 1.8
            var strokes: [Stroke] = []
            let step = height / Double(wordsPerPage + 1)
            for row in 1...wordsPerPage {
                let word = Scribble.cursiveWord(start: Point(max(8, width - 90) + hand.random.uniform(0...10), Double(row) * step),
                                                xHeight: 4.2, letters: hand.random.integer(5...8), random: &hand.random)
                strokes.append(hand.stroke(word.path, tool: pen))
            }
            try writer.write(layer: PageLayer(page: number, layer: "Margin", strokes: strokes))
        }
        try writer.close()
    }
}
