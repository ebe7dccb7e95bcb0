

/// Lays out a page from the top down in displayed coordinates, recording what it draws.
public struct PageComposer {
    public let writer: PDFDocumentWriter
    public var layout: PageLayout
    public var left: Double
    public var width: Double
    public var y: Double
    public var lineHeight = 15.0

    public init(writer: PDFDocumentWriter, layout: PageLayout, left: Double, width: Double, top: Double) {
        self.writer = writer
        self.layout = layout
        self.left = left
        self.width = width
        self.y = top
    }

    public mutating func space(_ amount: Double) { y += amount }

    /// A heading, drawn as a named destination; recorded under `dest`.
    public mutating func heading(_ text: String, dest: String, level: Int) {
        let size = level == 1 ? 17.0 : 13.0
        y += level == 1 ? 8 : 4
        writer.setFont(.sans(size, bold: true))
        writer.setColor(0.08, 0.12, 0.3)
        let baseline = y + size * 0.76
        let rect = writer.destination(dest) { writer.show(text, x: left, baseline: baseline) }
        layout.marks[dest] = rect
        writer.setColor(0, 0, 0)
        y += size * 1.0 + (level == 1 ? 10 : 7)
    }

    /// A wrapped body paragraph; lines are recorded as `key.line1`, `key.line2`, … and the whole as `key`.
    public mutating func paragraph(_ text: String, key: String, font: TextFont = .body, indent: Double = 0) {
        writer.setFont(font)
        writer.setColor(0, 0, 0)
        let rects = writer.paragraph(text, x: left + indent, top: y, width: width - indent, lineHeight: lineHeight)
        record(rects, key: key)
        y += Double(rects.count) * lineHeight + 6
    }

    /// A centred display line (an equation).
    public mutating func display(_ text: String, key: String) {
        writer.setFont(.serif(12, italic: true))
        writer.setColor(0, 0, 0)
        let textWidth = writer.width(of: text)
        y += 3
        let rect = writer.show(text, x: left + (width - textWidth) / 2, baseline: y + 12 * 0.76)
        layout.marks[key] = rect
        layout.textLines.append(rect)
        y += 12 + 12
    }

    /// A bulleted list; items are recorded as `key.itemN`.
    public mutating func bullets(_ items: [String], key: String) {
        var whole: Rect?
        for (index, item) in items.enumerated() {
            writer.setFont(.body)
            writer.setColor(0, 0, 0)
            _ = writer.show("•", x: left + 6, baseline: y + 11 * 0.76)
            let rects = writer.paragraph(item, x: left + 20, top: y, width: width - 20, lineHeight: lineHeight)
            record(rects, key: "\(key).item\(index + 1)")
            if let item = layout.marks["\(key).item\(index + 1)"] { whole = whole.map { $0.union(item) } ?? item }
            y += Double(rects.count) * lineHeight + 3
        }
        layout.marks[key] = whole
        y += 4
    }

    /// One line that is a link, to a named destination or a URI.
    public mutating func linkLine(_ text: String, dest: String? = nil, uri: String? = nil, key: String) {
        writer.setFont(.sans(10.5))
        writer.setColor(0.05, 0.25, 0.65)
        let baseline = y + 10.5 * 0.76
        let rect: Rect
        if let dest {
            rect = writer.link(toDestination: dest) { writer.show(text, x: left, baseline: baseline) }
        } else {
            rect = writer.link(toURI: uri ?? "") { writer.show(text, x: left, baseline: baseline) }
        }
        writer.setLineUnder(rect)
        writer.setColor(0, 0, 0)
        layout.marks[key] = rect
        y += lineHeight + 2
    }

    private mutating func record(_ rects: [Rect], key: String) {
        guard var whole = rects.first else { return }
        for (index, rect) in rects.enumerated() {
            layout.marks["\(key).line\(index + 1)"] = rect
            whole = whole.union(rect)
        }
        layout.marks[key] = whole
        layout.textLines.append(contentsOf: rects)
    }
}
