import Foundation

/// One output page of an imported document.
public struct DocumentPage: Sendable, Equatable {
    /// What the page shows under the ink.
    public enum Background: Sendable, Equatable {
        /// A page of the background PDF (1-based), drawn as the PDF has it.
        case pdfPage(Int)
        /// Paper of the page's size: a colour and a ruling, or an image.
        case paper(Paper)
    }

    /// The page's size in points, as the tool records it (for a PDF page, the
    /// size the tool laid the ink out on; the PDF page's own size may differ).
    public var width: Double
    public var height: Double
    public var background: Background
    /// Text boxes and images on the page, drawn over the background in order,
    /// each after the ink of the layer it belongs to.
    public var decorations: [Decoration]

    public init(width: Double, height: Double, background: Background, decorations: [Decoration] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.decorations = decorations
    }
}
