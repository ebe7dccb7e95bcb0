#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The layers a `LayerSpoolWriter` wrote, page by page. Opening reads only the
/// records' heads (a few dozen bytes each) to index them; `layers(forPage:)`
/// reads that page's records, parses their strokes' other values and copies
/// the points in as they are, holding them to the rules the ink-layers reader
/// does (errors name the line the layer would have in an ink-layers file).
/// Each read uses its own buffer, so pages may be read from several threads at once.
public final class LayerSpool: PageLayerSource, @unchecked Sendable {
    public let header: InkLayersHeader
    public let displayName: String
    public let inkedPages: [Int]
    private let input: InputFile
    private let path: String
    /// Per page, where its records are: offset of the layer text, its length, the points' length,
    /// and the line the layer would be on in an ink-layers file (the header is line 1).
    private let records: [Int: [(offset: Int64, text: Int, points: Int, line: Int)]]

    private static let headSize = 3 * MemoryLayout<Int64>.size

    public init(path: String, displayName: String) throws {
        self.path = path
        self.displayName = displayName
        let input = try InputFile(path: path)
        self.input = input
        let size = try input.size()
        var offset: Int64 = 0
        var header: InkLayersHeader?
        var records: [Int: [(offset: Int64, text: Int, points: Int, line: Int)]] = [:]
        var line = 1
        while offset < size {
            var head: (Int64, Int64, Int64) = (0, 0, 0)
            try withUnsafeMutableBytes(of: &head) { try Self.read(input, path, at: offset, into: $0) }
            let (page, text, points) = head
            let end = offset + Int64(Self.headSize) + text + points
            guard text > 0, points >= 0, end <= size else { throw Self.damaged(path, at: offset) }
            if page == -1, header == nil {
                let bytes = try Self.bytes(input, path, at: offset + Int64(Self.headSize), count: Int(text))
                header = try bytes.withUnsafeBytes { try InkLayersHeader(parsing: $0, file: displayName) }
            } else if page >= 0, header != nil {
                line += 1
                records[Int(page), default: []].append((offset + Int64(Self.headSize), Int(text), Int(points), line))
            } else {
                throw Self.damaged(path, at: offset)
            }
            offset = end
        }
        guard let header else { throw Self.damaged(path, at: 0) }
        self.header = header
        self.records = records
        inkedPages = records.keys.sorted()
    }

    public func firstLine(ofPage page: Int) -> Int? { nil }

    public func layers(forPage page: Int) throws -> [PageLayer] {
        guard let pageRecords = records[page] else { return [] }
        return try pageRecords.map { record in
            let bytes = try Self.bytes(input, path, at: record.offset, count: record.text + record.points)
            return try bytes.withUnsafeBytes { raw in
                var layer = try InkLayersReader.parseLayer(UnsafeRawBufferPointer(rebasing: raw[..<record.text]),
                                                           file: displayName, line: record.line)
                var at = record.text
                for index in layer.strokes.indices {
                    guard let (points, end) = SpoolPoints.read(raw, at: at) else { throw Self.damaged(path, at: record.offset) }
                    for (number, point) in points.enumerated() where !point.isValid {
                        let broken = point.brokenRule!
                        throw InkLayersError(file: displayName, line: record.line, page: layer.page, stroke: index + 1,
                                             point: number + 1, field: broken.field, problem: broken.problem)
                    }
                    layer.strokes[index].points = points
                    at = end
                }
                guard at == raw.count else { throw Self.damaged(path, at: record.offset) }
                return layer
            }
        }
    }

    private static func bytes(_ input: InputFile, _ path: String, at offset: Int64, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { try read(input, path, at: offset, into: $0) }
        return bytes
    }

    private static func read(_ input: InputFile, _ path: String, at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws {
        guard let base = buffer.baseAddress else { return }
        do {
            try input.read(at: offset, into: base, count: buffer.count)
        } catch {
            if case .system(let code) = error { throw InkFileError.readFailed(path: path, errno: code) }
            throw damaged(path, at: offset)
        }
    }

    private static func damaged(_ path: String, at offset: Int64) -> InkLayersError {
        InkLayersError(file: path, line: 1, problem: "the import's spool is damaged at byte \(offset) (was it changed while inkpdf ran?)")
    }
}
