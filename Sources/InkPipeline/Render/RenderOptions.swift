import Foundation
import InkImport
import InkModel
import InkRendering

/// What `render` may be told besides its files.
public struct RenderOptions: Sendable, Equatable {
    /// The ink file's format, when told (`--ink-format`); nil: told from its content.
    public var inkFormat: InkFormat?
    /// For a single reMarkable page over a PDF: which page of the PDF (`--page`).
    public var page: Int?
    /// Pixels per point: 1 is 72 dpi, 4 is 288 dpi.
    public var scale: Double
    /// Only these pages (nil: all).
    public var pages: PageSelection?
    public var password: String?
    /// `--annotations`: which of a PDF's annotations are read as ink, by their flags.
    public var annotations = AnnotationVisibility.print
    /// Draws the ink even when its header records a different PDF.
    public var ignoreDocumentMismatch: Bool
    /// False: the ink alone on white (for measuring the ink).
    public var drawsPage: Bool
    /// True: the ink as unfitted, finely sampled outlines, unsnapped (`InkStyle.Quality.reference`):
    /// what the benchmark measures the fitted ink against.
    public var referenceInk: Bool
    /// With `--confine`: the folders besides the document's own that a file it refers to (a
    /// background PDF or image, a page file) must lie in; nil reads any regular file it names
    /// (`ImportOptions.confinement`).
    public var confinement: [String]?
    /// Told when the document is open and after every finished page (nil: nobody asks).
    public var progress: PageProgress?

    public init(scale: Double = 2, pages: PageSelection? = nil, password: String? = nil, ignoreDocumentMismatch: Bool = false,
                drawsPage: Bool = true, referenceInk: Bool = false) {
        self.scale = scale
        self.pages = pages
        self.password = password
        self.ignoreDocumentMismatch = ignoreDocumentMismatch
        self.drawsPage = drawsPage
        self.referenceInk = referenceInk
    }
}
