import Foundation

/// A document read from another tool's file (Xournal++, reMarkable), laid
/// out as that tool shows it: the output pages in order, each showing a page
/// of a background PDF or plain paper, with the ink of each page in the
/// ink-layers model and what is not ink (text boxes, images) beside it.
///
/// The strokes are not held here: an importer streams them, page by page,
/// into an ink-layers file or a spool (`layersPath` in `layersForm`, page
/// numbers are the places in `pages`, 1-based), so that every command reads
/// foreign ink the way it reads ink-layers files, in bounded memory.
public struct ImportedDocument: Sendable {
    /// The tool the file came from.
    public var format: InkFormat
    /// The file that was read (what a user named).
    public var source: String
    /// The output pages, in the order the tool shows them.
    public var pages: [DocumentPage]
    /// The background PDF, if the document has one.
    public var backgroundPDF: BackgroundPDF?
    /// The ink, written while reading (a temporary file the caller removes), in `layersForm`.
    public var layersPath: String
    public var layersForm: LayersForm
    /// What was read but cannot be drawn or carried, and other notes for the user.
    public var report: ImportReport

    public init(format: InkFormat, source: String, pages: [DocumentPage], backgroundPDF: BackgroundPDF?,
                layersPath: String, layersForm: LayersForm = .inkLayers, report: ImportReport) {
        self.format = format
        self.source = source
        self.pages = pages
        self.backgroundPDF = backgroundPDF
        self.layersPath = layersPath
        self.layersForm = layersForm
        self.report = report
    }
}
