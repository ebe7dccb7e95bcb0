import InkImport
import InkModel

/// Any ink file inkpdf reads, as an ink-layers file, for the commands that work
/// on layers (merge, inspect, check, downgrade): an ink-layers file is itself;
/// another tool's document is the layers its import wrote (numbered by the
/// document's own pages), removed when this goes away.
public final class InkLayersFile {
    /// The ink-layers file to read.
    public let path: String
    /// The import whose temporary layers file `path` is, kept for as long as this is.
    private let source: InkSource?

    private init(path: String, source: InkSource?) {
        self.path = path
        self.source = source
    }

    /// Opens `path`, importing it when it is not ink-layers (format told by content unless given);
    /// `confinement` is where the files it refers to may be read from (`ImportOptions.confinement`).
    public static func open(_ path: String, format: InkFormat? = nil, confinement: [String]? = nil) throws(ExportError) -> InkLayersFile {
        let detected = format ?? InkImporter.detectFormat(path: path)
        guard let detected else {
            try InkSource.refuseWhatIsNotInk(path)
            return InkLayersFile(path: path, source: nil)
        }
        guard detected != .inkLayers else { return InkLayersFile(path: path, source: nil) }
        let source = try InkSource.open(ink: path, pdf: nil, format: detected, page: nil, password: nil, confinement: confinement,
                                        requireBackground: false, keepsRawValues: true, layersForm: .inkLayers)
        return InkLayersFile(path: source.layersPath, source: source)
    }
}
