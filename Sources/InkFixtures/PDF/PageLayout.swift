
/// Where things were drawn on one generated page, in displayed coordinates,
/// so that ink can be placed on them (underline this heading, highlight that line).
public struct PageLayout: Sendable {
    /// 1-based page number.
    public var number: Int
    public var width: Double
    public var height: Double
    /// Named boxes: headings by destination name, paragraph lines as `key.lineN`.
    public var marks: [String: Rect] = [:]
    /// Every body text line, in reading order.
    public var textLines: [Rect] = []

    public init(number: Int, width: Double, height: Double, marks: [String: Rect] = [:], textLines: [Rect] = []) {
        self.number = number
        self.width = width
        self.height = height
        self.marks = marks
        self.textLines = textLines
    }

    subscript(_ key: String) -> Rect {
        guard let rect = marks[key] else { preconditionFailure("no mark '\(key)' on page \(number)") }
        return rect
    }
}

extension PDFDocumentWriter {
    /// A thin underline below a link's text, in the current colour.
    public func setLineUnder(_ rect: Rect) {
        strokeLine(from: Point(rect.minX, rect.maxY - 0.8), to: Point(rect.maxX, rect.maxY - 0.8), lineWidth: 0.5)
    }
}
