/// Something wrong with the content of an ink-layers file, located as
/// precisely as the reader knows it.
///
/// The message has the form the format specification fixes, e.g.
/// `notes.ink.jsonl:14: page 3, stroke 27, point 5: x is not a finite number`.
/// Stroke and point numbers are **1-based** (the first stroke of a layer is
/// stroke 1), as a person counting them in the file would number them.
public struct InkLayersError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file as the caller named it.
    public var file: String
    /// 1-based line number in the (decompressed) file.
    public var line: Int
    /// The layer's `page`, when known.
    public var page: Int?
    /// 1-based index of the stroke within its layer.
    public var stroke: Int?
    /// 1-based index of the point within its stroke.
    public var point: Int?
    /// 1-based number of the entry in the layer's `text` (recognised text) array.
    public var text: Int?
    /// The key or point field at fault (`created`, `ink.color`, `x`, …), when there is one.
    public var field: String?
    /// What is wrong, and where it helps, what to do (e.g. `x is not a finite number`).
    public var problem: String

    public init(file: String, line: Int, page: Int? = nil, stroke: Int? = nil, point: Int? = nil,
                field: String? = nil, text: Int? = nil, problem: String) {
        self.file = file
        self.line = line
        self.page = page
        self.stroke = stroke
        self.point = point
        self.text = text
        self.field = field
        self.problem = problem
    }

    /// `file:line: page P, stroke S, point N: problem`, leaving out what is unknown.
    public var description: String {
        var location: [String] = []
        if let page { location.append("page \(page)") }
        if let stroke { location.append("stroke \(stroke)") }
        if let point { location.append("point \(point)") }
        if let text { location.append("text \(text)") }
        let prefix = location.isEmpty ? "" : location.joined(separator: ", ") + ": "
        return "\(file):\(line): \(prefix)\(problem)"
    }
}
