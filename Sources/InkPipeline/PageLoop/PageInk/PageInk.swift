import Foundation
import InkModel
import InkPDFContent
import InkRendering

/// The drawings of one inked page, ready for cairo.
struct PageInk: Sendable {
    var page: Int
    var drawings: [StrokeDrawing]
    /// The words the layers' `text` entries read, where they lie (when the builder writes them).
    var text: [HandwritingWord] = []
}
