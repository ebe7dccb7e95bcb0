import Foundation
import InkModel

/// What an importer is told beyond the file: a PDF the user gave for the
/// background, limits on decompressed size, where temporary files go.
public struct ImportOptions: Sendable {
    /// A background PDF given with `--pdf`, used instead of the one the file names.
    public var pdf: String?
    /// With a single reMarkable `.rm` page over a PDF: which PDF page (1-based).
    public var page: Int?
    /// The most bytes any compressed part (gzip stream, zip entry, whole archive) may expand to.
    public var maximumExpandedBytes: Int
    /// The folder for the temporary layers file (and extracted attachments).
    public var temporaryDirectory: String
    /// Whether every raw value the file stores (a reMarkable page's points as stored) is kept
    /// under the extension key: for `convert` and the layers commands; drawing needs none of it.
    public var keepsRawValues = true
    /// The form the layers are left in: an ink-layers file (for the commands that work on
    /// ink-layers files), or a spool that only the page loop of this process reads back.
    public var layersForm = LayersForm.inkLayers
    /// With `--confine`: the folders (besides the document's own) that a file the document refers
    /// to (a background PDF or image, a page file) must lie in once symlinks are resolved; nil reads
    /// any regular file the document names. `batch` confines by default.
    public var confinement: [String]?
    /// Applied to each layer as the import writes it (`--recognize`: the layer's handwriting read into `text` entries).
    public var transformLayer: (@Sendable (inout PageLayer) -> Void)?
    /// The sink an importer writes its layers to at `path`: of `layersForm`, each layer through `transformLayer`.
    public func makeSink(path: String) throws -> any LayerSink {
        let sink = try layersForm.makeSink(path: path)
        return transformLayer.map { TransformingLayerSink(sink, transform: $0) } ?? sink
    }
    /// The most bytes a file the document refers to (a background image, an attachment) may have.
    public var maximumReferencedFileBytes: Int = 1 << 30

    /// The default of `maximumExpandedBytes`: 1 GiB.
    public static let defaultMaximumExpandedBytes = 1 << 30

    public init(pdf: String? = nil, page: Int? = nil, maximumExpandedBytes: Int = ImportOptions.defaultMaximumExpandedBytes,
                temporaryDirectory: String = ImportOptions.defaultTemporaryDirectory) {
        self.pdf = pdf
        self.page = page
        self.maximumExpandedBytes = maximumExpandedBytes
        self.temporaryDirectory = temporaryDirectory
    }

    public static var defaultTemporaryDirectory: String {
        if let value = ProcessInfo.processInfo.environment["TMPDIR"], !value.isEmpty { return value }
        return "/tmp"
    }
}
