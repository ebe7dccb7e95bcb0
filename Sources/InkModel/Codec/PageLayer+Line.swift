/// One page layer as the single line of an ink-layers file that holds it:
/// what inkpdf keeps inside a PDF annotation (`InkAnnotationFormat`), read
/// and written by the same code as the files themselves.
extension PageLayer {
    /// The layer's line, without its `\n`: the bytes `InkLayersWriter.write(layer:)` writes.
    public func encodedLine(file: String = "annotation") throws -> [UInt8] {
        var out = JSONOutput(capacity: 256 + strokes.reduce(0) { $0 + 64 * $1.points.count })
        try InkLayersWriter.encode(self, into: &out, location: InkLayersWriter.Location(file: file, line: 1))
        return out.bytes
    }

    /// Parses one layer line with the file reader's checks; errors name `file` and `line`.
    public init(parsingLine bytes: [UInt8], file: String, line: Int = 1) throws {
        self = try bytes.withUnsafeBytes { try LayerParser.parseLayer($0, file: file, line: line) }
    }
}

extension InkLayersHeader {
    /// The header's line, without its `\n`.
    public func encodedLine(file: String = "annotation") throws -> [UInt8] {
        var out = JSONOutput(capacity: 256)
        try InkLayersWriter.encode(self, into: &out, location: InkLayersWriter.Location(file: file, line: 1))
        return out.bytes
    }
}
