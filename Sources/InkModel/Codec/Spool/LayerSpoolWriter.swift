/// Writes the layers an import reads into a spool (`LayersForm.spool`), for
/// the page loop of the same process to read back with `LayerSpool`.
///
/// A record is three native 64-bit integers (page, then the byte lengths of
/// the two parts), the layer as an ink-layers line whose strokes carry one
/// placeholder point (every other value, extension keys included, is encoded
/// and validated as the ink-layers writer does), then each stroke's points as
/// `SpoolPoints` keeps them (checked by `LayerSpool` as the ink-layers reader
/// checks points, when read). The header is the first
/// record, with page −1. Nothing here is a format for other programs: the
/// file lives as long as the import's source.
public final class LayerSpoolWriter: LayerSink {
    public let path: String
    private let output: FileOutput
    private var json = JSONOutput(capacity: 1 << 16)
    private var points: [UInt8] = []
    private var records = 0

    /// Creates (or truncates) the spool at `path`.
    public init(path: String) throws {
        self.path = path
        output = try FileOutput(path: path, compressionLevel: nil, durable: false)
    }

    public func write(header: InkLayersHeader) throws {
        json.bytes.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
        try InkLayersWriter.encode(header, into: &json, location: location)
        try writeRecord(page: -1)
    }

    public func write(layer: PageLayer) throws {
        json.bytes.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
        try InkLayersWriter.encodeShell(layer, into: &json, location: location)
        for stroke in layer.strokes { SpoolPoints.append(stroke.points, to: &points) }
        try writeRecord(page: layer.page)
    }

    public func close() throws { try output.close() }

    private var location: InkLayersWriter.Location { InkLayersWriter.Location(file: path, line: records + 1) }

    private func writeRecord(page: Int) throws {
        var head: (Int64, Int64, Int64) = (Int64(page), Int64(json.bytes.count), Int64(points.count))
        try withUnsafeBytes(of: &head) { try output.write($0) }
        try json.bytes.withUnsafeBytes { try output.write($0) }
        try points.withUnsafeBytes { try output.write($0) }
        records += 1
    }
}
