#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an ink-layers file line by line: the header, then one line per
/// page layer, plain or gzip-compressed.
///
/// Lines are collected in a memory buffer and handed to the file in chunks of
/// about a megabyte, so writing hundreds of megabytes costs little more than
/// formatting the numbers. The writer writes to exactly the path it is given;
/// making the result appear atomically (temporary file, then rename) is the
/// caller's job, and `close()` flushes the data to the disk for that.
///
/// Always call `close()`: a writer dropped without it closes the file with
/// whatever was buffered left out, an incomplete file the caller should discard.
///
/// Output is canonical: `\n` line ends, keys in the order of the format
/// specification followed by kept unknown keys in their original order,
/// numbers in their shortest round-trip form.
public final class InkLayersWriter: LayerSink {
    /// The path being written, as given (used in error messages).
    public let path: String
    private let output: FileOutput
    private var buffer: JSONOutput
    /// Number of lines written so far (the header is line 1), to locate errors.
    public private(set) var linesWritten = 0
    private var closed = false

    private static let flushThreshold = 1 << 20

    /// Creates (or truncates) the file at `path`.
    /// - Parameter compressionLevel: nil writes plain text; 1 … 12 writes gzip at that
    ///   libdeflate level (other values are clamped to that range), one member per flush of
    ///   about a megabyte. On ink data, level 1 is about six times faster than 6 for a file
    ///   about a fifth larger.
    public init(path: String, compressionLevel: Int32?) throws {
        self.path = path
        output = try FileOutput(path: path, compressionLevel: compressionLevel)
        buffer = JSONOutput(capacity: Self.flushThreshold + Self.flushThreshold / 4)
    }

    /// Writes the header line; call it first, once.
    public func write(header: InkLayersHeader) throws {
        try beginLine()
        try Self.encode(header, into: &buffer, location: location())
        try endLine()
    }

    /// Writes one page layer as one line.
    public func write(layer: PageLayer) throws {
        try beginLine()
        try Self.encode(layer, into: &buffer, location: location())
        try endLine()
    }

    /// Writes a line that is already in the format (e.g. copied unchanged from
    /// another file), verbatim, followed by `\n`. The bytes must not contain a newline.
    public func writeRawLine(_ bytes: UnsafeRawBufferPointer) throws {
        try beginLine()
        buffer.append(raw: bytes)
        try endLine()
    }

    /// Writes what is buffered, finishes the gzip stream, flushes the file to the
    /// disk and closes it. Calling it again does nothing.
    public func close() throws {
        guard !closed else { return }
        closed = true
        try flush()
        try output.close()
    }

    private func beginLine() throws {
        guard !closed else { throw InkFileError.writeFailed(path: path, errno: EBADF) }
        linesWritten += 1
    }

    private func endLine() throws {
        buffer.append(UInt8(ascii: "\n"))
        if buffer.bytes.count >= Self.flushThreshold { try flush() }
    }

    private func flush() throws {
        guard !buffer.bytes.isEmpty else { return }
        try buffer.bytes.withUnsafeBytes { try output.write($0) }
        buffer.bytes.removeAll(keepingCapacity: true)
    }

    private func location() -> InkLayersWriter.Location {
        Location(file: path, line: linesWritten)
    }
}
