import LibPoppler
import Foundation
import InkFixtures
import InkModel
import InkPipeline
import InkRendering

/// The dense benchmark's handwriting (`Benchmark.layer(for:)`, about 150
/// strokes a page) as a Xournal++ document over a real PDF: each page shows
/// that PDF's page and carries the strokes the benchmark writes for a page of
/// its size, as Xournal++ records them: polylines through the centreline every
/// 1.5 pt, pens with a width per segment (pressure), pencils as constant-width
/// pens, markers as highlighters.
public enum XournalBenchmark {
    /// Writes the document (plain XML, which Xournal++ and inkpdf both read; gzip it for a
    /// real `.xopp`) for `pages` (1-based, each ≤ the PDF's page count), or without any ink;
    /// with `layers`, also the same strokes as an ink-layers file for the PDF (the native peer:
    /// `flatten PDF --ink LAYERS --pages …` draws what the document holds, as inkpdf's own ink).
    public static func write(pdf: String, pages: [Int], to path: String, ink: Bool = true, layers: String? = nil) throws {
        let document = try PDFDocument.open(path: pdf)
        // The native peer's ink-layers file, written page by page beside the document.
        let peer = try layers.map { path -> InkLayersWriter in
            let writer = try InkLayersWriter(path: path, compressionLevel: nil)
            try writer.write(header: SampleDocuments.inkHeader(for: pdf, pageCount: document.pageCount,
                                                               title: "inkpdf benchmark, the Xournal++ document's strokes"))
            return writer
        }
        let absolute = URL(fileURLWithPath: pdf).standardizedFileURL.path
        var out = XournalWriter.header(title: "inkpdf benchmark, Xournal++ document")
        for (index, number) in pages.enumerated() {
            guard number >= 1, number <= document.pageCount else { throw OutputDirectoryError(path: pdf, page: number) }
            let (width, height) = document.displayedSize(ofPage: number)
            out += "<page width=\"\(XournalWriter.format(width))\" height=\"\(XournalWriter.format(height))\">\n"
            out += index == 0
                ? "<background type=\"pdf\" domain=\"absolute\" filename=\"\(XournalWriter.escaped(absolute))\" pageno=\"\(number)\"/>\n"
                : "<background type=\"pdf\" pageno=\"\(number)\"/>\n"
            out += "<layer>\n"
            if ink {
                var layer = Benchmark.layer(for: layout(number: number, width: width, height: height))
                for stroke in layer.strokes {
                    out += XournalWriter.element(stroke)
                }
                layer.page = number
                try peer?.write(layer: layer)
            }
            out += "</layer>\n</page>\n"
        }
        out += "</xournal>\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(out.utf8)) else {
            throw OutputDirectoryError(path: path, page: 0)
        }
        try peer?.close()
    }

    /// Text lines where the benchmark's own pages have them (21 pt apart from 70 pt down,
    /// 400 pt wide from 64 pt), on a page of this size: where its words and highlights go.
    static func layout(number: Int, width: Double, height: Double) -> PageLayout {
        let lines = stride(from: 70.0, to: max(height - 150, 80), by: Benchmark.lineHeight).map {
            Rect(x: Benchmark.left, y: $0, width: min(Benchmark.textWidth, width - Benchmark.left - 100), height: 10)
        }
        return PageLayout(number: number, width: width, height: height, textLines: lines)
    }

    struct OutputDirectoryError: Error, CustomStringConvertible {
        var path: String
        var page: Int
        var description: String { page == 0 ? "cannot write \(path)" : "\(path) has no page \(page)" }
    }
}
