import InkModel

/// Common annotations built from ``Scribble`` shapes.
extension Handwriter {
    /// Lines of joined-up "words" starting at `origin` (the first baseline),
    /// one stroke per word, plus the odd i-dot. `lines` gives each line's
    /// words as letter counts.
    public mutating func note(_ lines: [[Int]], at origin: Point, xHeight: Double, lineGap: Double,
                       tool: PenTool, firstID: String? = nil) -> [Stroke] {
        var strokes: [Stroke] = []
        for (row, words) in lines.enumerated() {
            var x = origin.x + random.uniform(-1.5...1.5)
            let baseline = origin.y + Double(row) * lineGap
            for letters in words {
                let word = Scribble.cursiveWord(start: Point(x, baseline + random.uniform(-0.8...0.8)),
                                                xHeight: xHeight, letters: letters, random: &random)
                strokes.append(stroke(word.path, tool: tool, id: strokes.isEmpty ? firstID : nil))
                if random.chance(0.35) {
                    let dotX = x + random.uniform(0.2...0.8) * (word.endX - x)
                    let dotY = baseline - xHeight * 1.6
                    strokes.append(stroke([Point(dotX, dotY), Point(dotX + 0.6, dotY - 0.5)], tool: tool))
                }
                x = word.endX + xHeight * random.uniform(1.0...1.5)
            }
            pause(0.3...1.2)
        }
        return strokes
    }

    /// A line under `rect` (a line of text or a heading).
    public mutating func underline(_ rect: Rect, tool: PenTool, offset: Double = 3) -> Stroke {
        let path = Scribble.line(from: Point(rect.minX - 2, rect.maxY + offset),
                                 to: Point(rect.maxX + 3, rect.maxY + offset - random.uniform(0...1.5)),
                                 waviness: 0.5, random: &random)
        return stroke(path, tool: tool)
    }

    /// A loop around `rect`.
    public mutating func circle(_ rect: Rect, tool: PenTool, padding: Double = 7) -> Stroke {
        let path = Scribble.ellipse(center: Point(rect.midX, rect.midY), radiusX: rect.width / 2 * 1.08 + padding * 1.4,
                                    radiusY: rect.height / 2 * 1.4 + padding, random: &random)
        return stroke(path, tool: tool)
    }

    /// A highlighter pass along the middle of a text line.
    public mutating func highlight(_ rect: Rect, tool: PenTool = .highlighter) -> Stroke {
        let path = Scribble.line(from: Point(rect.minX - 1, rect.midY + 0.5), to: Point(rect.maxX + 1, rect.midY),
                                 waviness: 0.4, random: &random)
        return stroke(path, tool: tool)
    }

    /// An arrow as two strokes: the shaft, then the head.
    public mutating func arrow(from start: Point, to end: Point, bend: Double = 0.12, tool: PenTool) -> [Stroke] {
        let shaft = Scribble.arrowShaft(from: start, to: end, bend: bend)
        return [stroke(shaft, tool: tool), stroke(Scribble.arrowHead(for: shaft), tool: tool)]
    }

    /// A tick mark whose lower-left starts at `origin`.
    public mutating func check(at origin: Point, size: Double = 8, tool: PenTool) -> Stroke {
        stroke(Scribble.checkMark(at: origin, size: size), tool: tool)
    }
}
