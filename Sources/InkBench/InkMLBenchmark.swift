import Foundation
import InkFixtures
import InkModel

/// The InkML benchmark's document: the dense benchmark's strokes (an ink-layers
/// file, `inkpdf-samples bench`) written as InkML as Microsoft Office stores ink
/// (`InkMLWriter.document`: 1/1000 cm, pressure 0 … 1023, second differences),
/// one page group a page, so that flattening it over the benchmark's PDF draws
/// what flattening the ink-layers file does. The peer run flattens the same
/// strokes as ink-layers (`inkpdf convert` of this document), so both draw the
/// very same points.
public enum InkMLBenchmark {
    public struct GenerationError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes the document for the layers at `layers` (pages 1 … N, each page's strokes
    /// in order; a page without ink is an empty page group) to `path`; returns the page count.
    @discardableResult
    public static func write(layers: String, to path: String) throws -> Int {
        let reader = try InkLayersReader(path: layers)
        var pages: [[Stroke]] = []
        while let layer = try reader.nextLayer() {
            guard layer.page >= 1, layer.page <= 100_000 else { throw GenerationError(description: "\(layers): page \(layer.page)") }
            while pages.count < layer.page { pages.append([]) }
            pages[layer.page - 1] += layer.strokes
        }
        if let count = reader.header.pdfPageCount { while pages.count < count { pages.append([]) } }
        guard FileManager.default.createFile(atPath: path, contents: Data(InkMLWriter.document(pages: pages).utf8)) else {
            throw GenerationError(description: "cannot write \(path)")
        }
        return pages.count
    }
}
