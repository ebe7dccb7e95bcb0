/// Where an importer writes the layers it reads: an ink-layers file
/// (`InkLayersWriter`), or a spool for the page loop (`LayerSpoolWriter`).
public protocol LayerSink: AnyObject {
    /// The file written, for messages.
    var path: String { get }
    /// Writes the header; call it first, once.
    func write(header: InkLayersHeader) throws
    /// Writes one page layer.
    func write(layer: PageLayer) throws
    /// Writes what is buffered and closes the file.
    func close() throws
}

/// The form an import leaves its layers in.
public enum LayersForm: Sendable {
    /// An ink-layers file (plain text), for commands that work on ink-layers files.
    case inkLayers
    /// A spool only inkpdf reads back: the points as the machine holds them, so that
    /// drawing an imported document does not write and parse their decimal text.
    case spool

    /// The end of a file name of this form.
    public var fileSuffix: String {
        switch self {
        case .inkLayers: ".ink.jsonl"
        case .spool: ".ink-spool"
        }
    }

    /// A writer of this form creating (or truncating) `path`.
    public func makeSink(path: String) throws -> any LayerSink {
        switch self {
        case .inkLayers: try InkLayersWriter(path: path, compressionLevel: nil)
        case .spool: try LayerSpoolWriter(path: path)
        }
    }

    /// Opens what `makeSink` wrote at `path`; `displayName` is what messages call it.
    public func open(path: String, displayName: String) throws -> any PageLayerSource {
        switch self {
        case .inkLayers: try PageOrderedLayers(path: path, displayName: displayName)
        case .spool: try LayerSpool(path: path, displayName: displayName)
        }
    }
}
