import Foundation

/// A document read from another tool's file (Xournal++, reMarkable), laid
/// out as that tool shows it: the output pages in order, each showing a page
/// of a background PDF or plain paper, with the ink of each page in the
/// ink-layers model and what is not ink (text boxes, images) beside it.
///
/// The strokes are not held here: an importer streams them, page by page,
/// into an ink-layers file (`layersPath`, page numbers are the places in
/// `pages`, 1-based), so that every command reads foreign ink the way it reads
/// ink-layers files, in bounded memory.
public struct ImportedDocument: Sendable {
    /// The tool the file came from.
    public var format: InkFormat
    /// The file that was read (what a user named).
    public var source: String
    /// The output pages, in the order the tool shows them.
    public var pages: [DocumentPage]
    /// The background PDF, if the document has one.
    public var backgroundPDF: BackgroundPDF?
    /// The ink, as an ink-layers file written while reading (a temporary file the caller removes).
    public var layersPath: String
    /// What was read but cannot be drawn or carried, and other notes for the user.
    public var report: ImportReport

    public init(format: InkFormat, source: String, pages: [DocumentPage], backgroundPDF: BackgroundPDF?,
                layersPath: String, report: ImportReport) {
        self.format = format
        self.source = source
        self.pages = pages
        self.backgroundPDF = backgroundPDF
        self.layersPath = layersPath
        self.report = report
    }
}

/// The formats inkpdf reads, detected by content.
public enum InkFormat: String, Sendable, Equatable, CaseIterable {
    /// inkpdf's own JSON Lines format (plain or gzip).
    case inkLayers = "ink-layers"
    /// Xournal++ `.xopp` (gzip or zip) and Xournal `.xoj`.
    case xournal = "xournal"
    /// reMarkable documents (`.content` with its folder, `.rmdoc`) and single `.rm` pages.
    case remarkable = "remarkable"
}

/// Where a document's background PDF is.
public struct BackgroundPDF: Sendable, Equatable {
    /// The path the document asks for, as written in it (for error messages).
    public var requested: String
    /// The file found for it, if any (may be a temporary file extracted from an archive).
    public var resolved: String?
    /// Whether `resolved` is a temporary file the caller removes.
    public var isTemporary: Bool

    public init(requested: String, resolved: String?, isTemporary: Bool = false) {
        self.requested = requested
        self.resolved = resolved
        self.isTemporary = isTemporary
    }
}

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

/// Paper without a PDF under it.
public struct Paper: Sendable, Equatable {
    public enum Ruling: String, Sendable, Equatable, CaseIterable {
        case plain, lined, ruled, graph, dotted, isometricGraph, isometricDotted, staves
    }

    public var color: RGBAColor
    public var ruling: Ruling
    /// An image filling the page (PNG or JPEG bytes), drawn instead of the ruling.
    public var image: [UInt8]?

    public init(color: RGBAColor = RGBAColor(red: 1, green: 1, blue: 1), ruling: Ruling = .plain, image: [UInt8]? = nil) {
        self.color = color
        self.ruling = ruling
        self.image = image
    }
}

/// What a page shows that is not ink.
public struct Decoration: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// Text whose first line's top-left corner is at (x, y); lines split at "\n".
        case text(String, fontFamily: String, fontSize: Double, color: RGBAColor)
        /// An image (PNG or JPEG bytes) stretched over its rectangle.
        case image([UInt8])
        /// A closed polygon through (x0, y0, x1, y1, …) in page points, filled
        /// with the colour (a filled Xournal++ stroke's inside, say).
        case polygon([Double], fill: RGBAColor)
    }

    /// Index of the layer (in the page's layers-file order) after whose ink this is drawn.
    public var layer: Int
    /// The rectangle in page points from the top-left corner, y down.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var content: Content

    public init(layer: Int, x: Double, y: Double, width: Double, height: Double, content: Content) {
        self.layer = layer
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.content = content
    }
}

/// What an import could not draw or carry, and other notes: one line each
/// when printed (`"3 audio links not drawn"`).
public struct ImportReport: Sendable, Equatable {
    /// Kinds of element left out, with how many of each (e.g. "audio link": 3).
    public var omitted: [String: Int]
    /// One-line warnings (a block a newer firmware added, a repaired width).
    public var warnings: [String]

    public init(omitted: [String: Int] = [:], warnings: [String] = []) {
        self.omitted = omitted
        self.warnings = warnings
    }

    /// One line per kind left out, sorted, e.g. "3 audio links left out".
    public var lines: [String] {
        omitted.keys.sorted().map { "\(omitted[$0]!) × \($0) left out" } + warnings
    }
}
