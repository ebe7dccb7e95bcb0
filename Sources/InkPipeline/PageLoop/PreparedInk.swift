import InkFileSystem
import Foundation
import InkModel

/// What flatten, export and render draw: the ink, the output pages chosen, and
/// (for ink-layers) the PDF's SHA-256 that the sidecar records.
struct PreparedInk {
    let source: InkSource
    /// The PDF's SHA-256 (ink-layers input), nil for another tool's document.
    let pdfSHA256: String?
    /// The output pages, ascending: PDF pages for ink-layers, the document's own pages otherwise.
    let kept: [Int]

    /// The kept pages that carry ink, ascending.
    var inkedKept: [Int] {
        let kept = Set(self.kept)
        return source.layers.inkedPages.filter { kept.contains($0) }
    }
}
