import Foundation
import InkFileSystem
import InkImport
import InkModel
import InkRecognition

/// What `convert` may be told besides its files.
public struct ConvertOptions: Sendable {
    public var inkFormat: InkFormat?
    public var page: Int?
    public var password: String?
    /// `--annotations`: which of a PDF's annotations are read as ink, by their flags.
    public var annotations = AnnotationVisibility.print
    /// With `--confine`: the folders besides the document's own that a file it refers to (a
    /// background PDF or image, a page file) must lie in; nil reads any regular file it names
    /// (`ImportOptions.confinement`).
    public var confinement: [String]?
    /// gzip level of the output, nil for plain JSON Lines.
    public var compressionLevel: Int32?
    /// `recognize`: each layer without `text` entries (all with `redo`) is recognised before it is written.
    public var recognition: RecognitionOptions?
    /// Told after each layer recognised (a worker's watchdog goes by it: recognition takes seconds a page).
    public var progress: PageProgress?

    public init(inkFormat: InkFormat? = nil, page: Int? = nil, password: String? = nil, compressionLevel: Int32? = nil) {
        self.inkFormat = inkFormat
        self.page = page
        self.password = password
        self.compressionLevel = compressionLevel
    }
}
