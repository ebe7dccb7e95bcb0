import InkImport
import InkModel

/// What `flatten` and `export` are both told besides their files: how to read the ink and the PDF,
/// which pages to write, the sidecar, the handwriting's text and who is told of progress. Declared
/// once here; `FlattenOptions` and `ExportOptions` hold it and read and set its fields as their own.
public struct InkDrawingOptions: Sendable {
    /// The ink file's format, when told (`--ink-format`); nil: told from its content.
    public var inkFormat: InkFormat?
    /// For a single reMarkable page over a PDF: which page of the PDF (`--page`).
    public var page: Int?
    /// Opens an encrypted PDF (user or owner password); an export stays encrypted.
    public var password: String?
    /// `--annotations`: which of a PDF's annotations are read as ink, by their flags.
    public var annotations = AnnotationVisibility.print
    /// `--recognize`: the layers without `text` entries are recognised on their way to the output
    /// (`InkRecognitionRun`), in these BCP 47 tags joined by `+`; nil: none.
    public var recognitionLanguages: String?
    /// Draws the ink even when its header records a different PDF.
    public var ignoreDocumentMismatch = false
    /// Writes the full-fidelity `NAME.ink.jsonl.gz` beside the output.
    public var writeSidecar = true
    /// Only these source pages go into the output (nil: all).
    public var pages: PageSelection?
    /// Only pages with ink go into the output (within `pages`).
    public var onlyAnnotated = false
    /// With `--confine`: the folders besides the document's own that a file it refers to (a
    /// background PDF or image, a page file) must lie in; nil reads any regular file it names
    /// (`ImportOptions.confinement`).
    public var confinement: [String]?
    /// Writes what the handwriting reads (its layers' `text` entries) into the PDF: an invisible
    /// text layer over the ink (`HandwritingFont`), or an `/Ink` annotation's `/Contents`. Off
    /// when the user may not search handwriting (the `handwritingSearch` entitlement).
    public var handwritingText = true
    /// What to say (one warning) when `handwritingText` is off and the ink has text entries: why it was left out.
    public var handwritingTextNote: String?
    /// The least confidence a recognised word needs to go into the text layer or an annotation's
    /// `/Contents` (`--min-confidence`); entries without a confidence (the tablet's own) always go in.
    public var handwritingMinimumConfidence = RecognisedText.textLayerMinimumConfidence
    /// Told when the document is open and after every finished page (nil: nobody asks).
    public var progress: PageProgress?

    public init() {}
}
