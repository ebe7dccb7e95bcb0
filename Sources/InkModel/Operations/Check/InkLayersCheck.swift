/// A full validation of an ink-layers file: every line parsed and checked,
/// and every page within the header's `pdf.pageCount` when it has one.
public struct InkLayersCheck: Sendable, Equatable {
    public var header: InkLayersHeader
    public var pages = 0
    public var layers = 0
    public var strokes = 0
    public var points = 0

    /// Reads the whole file at `path`.
    /// - Throws: `InkFileError`, or the first `InkLayersError` (file, line, page, stroke, point, field).
    public init(path: String) throws {
        let reader = try InkLayersReader(path: path)
        header = reader.header
        var inkedPages = Set<Int>()
        while let line = try reader.nextLine() {
            let layer = try InkLayersReader.parseLayer(line.bytes, file: path, line: line.number)
            if let pageCount = header.pdfPageCount, layer.page > pageCount {
                throw InkLayersError(file: path, line: line.number, page: layer.page, field: "page",
                                     problem: "page \(layer.page) is beyond the \(pageCount) page\(pageCount == 1 ? "" : "s") the header records (pdf.pageCount)")
            }
            inkedPages.insert(layer.page)
            layers += 1
            strokes += layer.strokes.count
            points += layer.strokes.reduce(0) { $0 + $1.points.count }
        }
        pages = inkedPages.count
    }
}
