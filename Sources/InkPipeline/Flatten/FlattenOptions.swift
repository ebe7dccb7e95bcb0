import InkModel

/// What `flatten` may be told besides its files.
public struct FlattenOptions: Sendable {
    /// The ink file's format, when told (`--ink-format`); nil: told from its content.
    public var inkFormat: InkFormat?
    /// For a single reMarkable page over a PDF: which page of the PDF (`--page`).
    public var page: Int?
    /// Opens an encrypted PDF (user or owner password).
    public var password: String?
    /// `--annotations`: which of a PDF's annotations are read as ink, by their flags.
    public var annotations = AnnotationVisibility.print
    /// `--recognize` over another tool's document: its layers are recognised as they are imported (ink-layers
    /// ink is recognised before, by the command). The BCP 47 tags joined by `+`.
    public var recognitionLanguages: String?
    /// Draws the ink even when its header records a different PDF.
    public var ignoreDocumentMismatch: Bool
    /// Writes the full-fidelity `NAME.ink.jsonl.gz` beside the output.
    public var writeSidecar: Bool
    /// Only these source pages go into the output (nil: all).
    public var pages: PageSelection?
    /// Only pages with ink go into the output (within `pages`).
    public var onlyAnnotated: Bool
    /// Leaves out the author and the dates.
    public var stripMetadata: Bool
    /// The ink file's SHA-256, recorded in the sidecar's header as
    /// `"source":{"inkSha256":…}` so that `batch` can tell the output is up to date.
    public var recordedInkSHA256: String?
    /// Does all the work on the calling thread: one core. Otherwise the ink is
    /// read and the sidecar written on threads of their own while pages are
    /// drawn. `batch` sets it, so that `--jobs N` keeps to N cores.
    public var singleThreaded = false

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

    /// Told when the document is open and after every finished page (nil: nobody asks).
    public var progress: PageProgress?

    public init(password: String? = nil, ignoreDocumentMismatch: Bool = false, writeSidecar: Bool = true,
                pages: PageSelection? = nil, onlyAnnotated: Bool = false, stripMetadata: Bool = false,
                recordedInkSHA256: String? = nil) {
        self.password = password
        self.ignoreDocumentMismatch = ignoreDocumentMismatch
        self.writeSidecar = writeSidecar
        self.pages = pages
        self.onlyAnnotated = onlyAnnotated
        self.stripMetadata = stripMetadata
        self.recordedInkSHA256 = recordedInkSHA256
    }
}
