import Foundation
import InkModel
import InkRendering

/// The drawings of one inked page, ready for cairo.
struct PageInk: Sendable {
    var page: Int
    var drawings: [StrokeDrawing]
}
