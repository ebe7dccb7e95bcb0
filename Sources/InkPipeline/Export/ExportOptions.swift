import InkModel

/// What `export` may be told besides its files: what flatten is told too (`InkDrawingOptions`, whose
/// fields read and set as this struct's own), and export's own.
@dynamicMemberLookup
public struct ExportOptions: Sendable {
    /// What flatten and export share.
    public var drawing = InkDrawingOptions()
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

    public subscript<Value>(dynamicMember field: WritableKeyPath<InkDrawingOptions, Value>) -> Value {
        get { drawing[keyPath: field] }
        set { drawing[keyPath: field] = newValue }
    }

    public init(password: String? = nil, ignoreDocumentMismatch: Bool = false, writeSidecar: Bool = true,
                pages: PageSelection? = nil, onlyAnnotated: Bool = false, embedInk: Bool = false, inkOnly: Bool = false) {
        drawing.password = password
        drawing.ignoreDocumentMismatch = ignoreDocumentMismatch
        drawing.writeSidecar = writeSidecar
        drawing.pages = pages
        drawing.onlyAnnotated = onlyAnnotated
        self.embedInk = embedInk
        self.inkOnly = inkOnly
    }
}
