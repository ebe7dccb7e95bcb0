/// Reads an ink-layers file (plain or gzip) one line at a time.
///
/// Opening reads and validates the header (line 1). After that, lines come
/// one by one with their line numbers and offsets; only the current line is
/// in memory, so files of any size read in constant space.
///
/// ```swift
/// let reader = try InkLayersReader(path: "notes.ink.jsonl.gz")
/// while let layer = try reader.nextLayer() { … }
/// ```
public final class InkLayersReader {
    public let header: InkLayersHeader
    /// The path as given, used in messages.
    public let displayName: String
    /// Whether the file is gzip-compressed (by its magic bytes).
    public var isCompressed: Bool { lines.input.isGzip }
    private let lines: LineReader

    /// Opens the file at `path` and reads its header.
    /// - Throws: `InkFileError` if it cannot be opened or read,
    ///   `InkLayersError` if line 1 is not a valid header of a version this reader understands.
    public init(path: String) throws {
        displayName = path
        lines = LineReader(input: try InputFile(path: path), displayName: path)
        guard let first = try lines.next() else {
            throw InkLayersError(file: path, line: 1, problem: "file is empty; expected the inkpdf-layers header on line 1")
        }
        header = try InkLayersHeader(parsing: first.bytes, file: path)
    }

    /// The size of the file in bytes (compressed, for a gzip file).
    func fileSize() throws -> Int64 { try lines.input.size() }

    /// The next non-empty line after the header, or nil at the end of the file.
    /// Its bytes are valid until the next call.
    public func nextLine() throws -> InkLine? {
        while let line = try lines.next() {
            if !Self.isBlank(line.bytes) { return line }
        }
        return nil
    }

    /// The next page layer, parsed and validated, or nil at the end of the file.
    public func nextLayer() throws -> PageLayer? {
        guard let line = try nextLine() else { return nil }
        return try Self.parseLayer(line.bytes, file: displayName, line: line.number)
    }

    /// Parses and validates one page-layer line.
    /// - Parameters:
    ///   - bytes: the line, without its line end.
    ///   - file, line: where it came from, for messages.
    /// - Throws: `InkLayersError` naming the page, 1-based stroke and point numbers and the field at fault.
    public static func parseLayer(_ bytes: UnsafeRawBufferPointer, file: String, line: Int) throws -> PageLayer {
        try LayerParser.parseLayer(bytes, file: file, line: line)
    }

    /// The `page` of a page-layer line, found without reading its strokes'
    /// numbers (their arrays are stepped over by brackets), to index a file
    /// quickly. The rest of the line is checked only for balanced structure;
    /// `parseLayer` validates it fully.
    public static func scanPage(_ bytes: UnsafeRawBufferPointer, file: String, line: Int) throws -> Int {
        try LayerParser.scanPage(bytes, file: file, line: line)
    }

    /// Whether a line holds only JSON whitespace (such lines are skipped, as empty).
    static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
