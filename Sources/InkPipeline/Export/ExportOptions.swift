import Foundation
import InkModel
import InkRendering

/// What `export` may be told besides its files.
public struct ExportOptions: Sendable {
    /// The ink file's format, when told (`--ink-format`); nil: told from its content.
    public var inkFormat: InkFormat?
    /// For a single reMarkable page over a PDF: which page of the PDF (`--page`).
    public var page: Int?
    /// Opens an encrypted PDF (user or owner password); the output stays encrypted.
    public var password: String?
    /// `--annotations`: which of a PDF's annotations are read as ink, by their flags.
    public var annotations = AnnotationVisibility.print
    /// `--recognize` over another tool's document: its layers are recognised as they are imported.
    public var recognitionLanguages: String?
    /// Draws the ink even when its header records a different PDF.
    public var ignoreDocumentMismatch: Bool
    /// Writes the full-fidelity `NAME.ink.jsonl.gz` beside the output.
    public var writeSidecar: Bool
    /// Only these source pages go into the output (nil: all).
    public var pages: PageSelection?
    /// Only pages with ink go into the output (within `pages`).
    public var onlyAnnotated: Bool
    /// Attaches the full-fidelity layers (gzip) to the output, for `extract`.
    public var embedInk: Bool
    /// Writes only the ink: one page per selected page, at the displayed size,
    /// blank where there is no ink (what other overlay tools take).
    public var inkOnly: Bool
    /// How the ink goes into the PDF (`--ink-as`): page content, or `/Ink` annotations a viewer can edit.
    public var inkAs: InkAs = .content
    /// With `.annotations`: one annotation a stroke, or one a layer and page (`--group`).
    public var annotationGrouping: AnnotationGrouping = .stroke

    /// How the ink goes into the PDF.
    public enum InkAs: String, Sendable, Equatable, CaseIterable {
        /// Page content, under one form a page: what every reader draws, as flatten draws it.
        case content
        /// `/Ink` annotations (`docs/annotations.md`): drawn the same, and a viewer can hide, move or delete each.
        case annotations
    }

    /// How strokes are grouped into annotations (`--group`).
    public enum AnnotationGrouping: String, Sendable, Equatable, CaseIterable {
        /// One annotation a stroke: each can be hidden, moved or deleted on its own.
        case stroke
        /// One annotation a layer and page: far fewer objects on very dense pages.
        case layer
    }

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
                pages: PageSelection? = nil, onlyAnnotated: Bool = false, embedInk: Bool = false, inkOnly: Bool = false) {
        self.password = password
        self.ignoreDocumentMismatch = ignoreDocumentMismatch
        self.writeSidecar = writeSidecar
        self.pages = pages
        self.onlyAnnotated = onlyAnnotated
        self.embedInk = embedInk
        self.inkOnly = inkOnly
    }
}
