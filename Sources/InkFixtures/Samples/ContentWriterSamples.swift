import InkModel

/// The benchmark's and the ink sheet's strokes for the PDF content writer's
/// tests and measurements (InkPDFContent), without their text PDFs' other uses.
public enum ContentWriterSamples {
    /// One page of the dense benchmark document: its strokes are made on demand
    /// (seeded by the page number), so a thousand pages need not be held at once.
    public struct DensePage: Sendable {
        let layout: PageLayout
        public var number: Int { layout.number }
        public var width: Double { layout.width }
        public var height: Double { layout.height }
        /// About 150 strokes: pen words, marker highlights, pencil underlines.
        public func strokes() -> [Stroke] { Benchmark.layer(for: layout).strokes }
    }

    /// Writes the benchmark's text PDF of `pages` A4 pages (cairo) to `path`, and returns its pages.
    public static func denseDocument(path: String, pages: Int) throws -> [DensePage] {
        try Benchmark.drawPDF(path: path, pages: pages).map(DensePage.init)
    }

    /// Every ink type, light, firm, tilted and crossing itself: the ink sheet's strokes.
    public static func inkSheetStrokes() -> [Stroke] { InkSheet.layer().strokes }

    /// The ink sheet's page size in points.
    public static var inkSheetSize: (width: Double, height: Double) { InkSheet.size }

    /// The rows of the ink sheet: each ink type's strokes alone (row by row, four strokes each).
    public static func inkSheetRows() -> [(label: String, strokes: [Stroke])] {
        let strokes = inkSheetStrokes()
        return InkSheet.rows.enumerated().map { index, row in
            (row.label, Array(strokes[(index * InkSheet.columns.count)..<((index + 1) * InkSheet.columns.count)]))
        }
    }
}
