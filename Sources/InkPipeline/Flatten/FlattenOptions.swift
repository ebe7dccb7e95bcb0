import InkModel

/// What `flatten` may be told besides its files: what export is told too (`InkDrawingOptions`, whose
/// fields read and set as this struct's own), and flatten's own.
@dynamicMemberLookup
public struct FlattenOptions: Sendable {
    /// What flatten and export share.
    public var drawing = InkDrawingOptions()
    /// Leaves out the author and the dates.
    public var stripMetadata: Bool
    /// The ink file's SHA-256, recorded in the sidecar's header as
    /// `"source":{"inkSha256":…}` so that `batch` can tell the output is up to date.
    public var recordedInkSHA256: String?
    /// Does all the work on the calling thread: one core. Otherwise the ink is
    /// read and the sidecar written on threads of their own while pages are
    /// drawn. `batch` sets it, so that `--jobs N` keeps to N cores.
    public var singleThreaded = false
    /// Draws each page's own content as it is and what its annotations and form fields add as an
    /// image over it: `Flattener.flatten` does it again so when drawn as they are, cairo wrote a damaged file.
    var annotationsAsImages = false

    public subscript<Value>(dynamicMember field: WritableKeyPath<InkDrawingOptions, Value>) -> Value {
        get { drawing[keyPath: field] }
        set { drawing[keyPath: field] = newValue }
    }

    public init(password: String? = nil, ignoreDocumentMismatch: Bool = false, writeSidecar: Bool = true,
                pages: PageSelection? = nil, onlyAnnotated: Bool = false, stripMetadata: Bool = false,
                recordedInkSHA256: String? = nil) {
        drawing.password = password
        drawing.ignoreDocumentMismatch = ignoreDocumentMismatch
        drawing.writeSidecar = writeSidecar
        drawing.pages = pages
        drawing.onlyAnnotated = onlyAnnotated
        self.stripMetadata = stripMetadata
        self.recordedInkSHA256 = recordedInkSHA256
    }
}
