/// Reads a reMarkable lines file (`.rm`) of any version inkpdf knows into a `LinesPage`.
enum LinesFileReader {
    /// The 43-byte header's fixed start; the version number follows it.
    static let headerPrefix = Array("reMarkable .lines file, version=".utf8)
    static let headerLength = 43

    /// The version the header declares, or nil when the bytes are not a lines file.
    static func declaredVersion(_ prefix: some Collection<UInt8>) -> String? {
        let bytes = Array(prefix.prefix(headerLength))
        guard bytes.count >= headerPrefix.count + 1, Array(bytes[0..<headerPrefix.count]) == headerPrefix else { return nil }
        let rest = bytes[headerPrefix.count...].prefix { $0 != UInt8(ascii: " ") && $0 != 0 }
        return String(decoding: rest, as: UTF8.self)
    }

    static func read(bytes: [UInt8], path: String) throws(ReMarkableImportError) -> LinesPage {
        guard let version = declaredVersion(bytes) else {
            if bytes.count < headerLength, Array(bytes.prefix(headerPrefix.count)) == Array(headerPrefix.prefix(bytes.count)) {
                throw .truncated(path: path, offset: 0, what: "the 43-byte header")
            }
            throw .notReMarkable(path: path)
        }
        guard bytes.count >= headerLength else { throw .truncated(path: path, offset: 0, what: "the 43-byte header") }
        switch version {
        case "3": return try readV3V5(bytes: bytes, path: path, version: 3)
        case "5": return try readV3V5(bytes: bytes, path: path, version: 5)
        case "6":
            var reader = LinesV6Reader(bytes: bytes, path: path)
            return try reader.read()
        default: throw .unknownVersion(path: path, version: version)
        }
    }

    /// Versions 3 and 5: layers → lines (tool, colour, unknown, size; v5 one more float) → points of six float32.
    static func readV3V5(bytes: [UInt8], path: String, version: Int) throws(ReMarkableImportError) -> LinesPage {
        var reader = LinesByteReader(bytes: bytes, path: path, offset: headerLength)
        let layerCount = try reader.int32("the layer count")
        guard layerCount >= 0, Int(layerCount) <= reader.remaining / 4 else {
            throw .badLength(path: path, offset: headerLength, what: "a layer count of \(layerCount)")
        }
        var page = LinesPage(version: version, layers: [])
        for layerIndex in 0..<Int(layerCount) {
            let layerOffset = reader.offset
            let lineCount = try reader.int32("layer \(layerIndex + 1)'s line count")
            let lineHeader = version == 5 ? 24 : 20
            guard lineCount >= 0, Int(lineCount) <= reader.remaining / lineHeader else {
                throw .badLength(path: path, offset: layerOffset, what: "layer \(layerIndex + 1)'s line count of \(lineCount)")
            }
            var layer = LinesPage.Layer(name: nil)
            for lineIndex in 0..<Int(lineCount) {
                let lineOffset = reader.offset
                let what = "layer \(layerIndex + 1), line \(lineIndex + 1)"
                let tool = try reader.int32(what), color = try reader.int32(what), unknown = try reader.int32(what)
                let size = try reader.float32(what)
                let extra: Double? = version == 5 ? Double(try reader.float32(what)) : nil
                let pointCount = try reader.int32(what)
                guard pointCount >= 0, Int(pointCount) <= reader.remaining / 24 else {
                    throw .badLength(path: path, offset: lineOffset, what: "\(what)'s point count of \(pointCount)")
                }
                var points: [LinesPage.Point] = []
                points.reserveCapacity(Int(pointCount))
                for _ in 0..<Int(pointCount) {
                    points.append(LinesPage.Point(x: try reader.float32(what), y: try reader.float32(what),
                                                  speed: try reader.float32(what), direction: try reader.float32(what),
                                                  width: try reader.float32(what), pressure: try reader.float32(what)))
                }
                layer.items.append(.line(LinesPage.Line(tool: UInt32(bitPattern: tool), color: UInt32(bitPattern: color),
                                                        thickness: Double(size), extra: extra, unknown: unknown,
                                                        rgba: nil, pointEncoding: 1, points: points)))
            }
            page.layers.append(layer)
        }
        if reader.remaining > 0 {
            page.warnings.append("\(path): \(reader.remaining) bytes after the last layer were not read")
        }
        return page
    }
}
