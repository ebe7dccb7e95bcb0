#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a file's decompressed bytes into lines, streaming: only the line
/// being handed out (and the rest of the chunk it came in) is in memory.
final class LineReader {
    /// Longer lines are refused: a dense page is under 1 MB and a single stroke
    /// of a million points about 40 MB, and the limit keeps a wrong input (a
    /// binary file without newlines, a gzip bomb) from eating memory.
    static let defaultMaxLineLength = 64 << 20
    let maxLineLength: Int
    private static let chunkSize = 1 << 20

    let input: InputFile
    /// The file as the user named it, for messages.
    let displayName: String
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    /// Unconsumed bytes are `buffer[start..<end]`; `buffer[start]` is at `startOffset` in the stream.
    private var start = 0
    private var end = 0
    private var startOffset: Int64 = 0
    /// Where to resume looking for `\n` (bytes before it in the current line have none).
    private var searchFrom = 0
    private var atEnd = false
    private(set) var lineNumber = 0
    /// Whether line 1 is the file's first (whose UTF-8 byte-order mark is dropped), not a part's.
    private let startsTheFile: Bool

    init(input: InputFile, displayName: String, maxLineLength: Int = defaultMaxLineLength, startsTheFile: Bool = true) {
        self.input = input
        self.displayName = displayName
        self.maxLineLength = maxLineLength
        self.startsTheFile = startsTheFile
        capacity = Self.chunkSize
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// The next line, empty ones included; nil at the end of the file.
    func next() throws -> InkLine? {
        while true {
            if searchFrom < end, let newline = memchr(buffer + searchFrom, 0x0A, end - searchFrom) {
                let lineEnd = buffer.distance(to: newline)
                return takeLine(upTo: lineEnd, consuming: lineEnd + 1)
            }
            searchFrom = end
            if atEnd {
                guard start < end else { return nil }
                return takeLine(upTo: end, consuming: end)
            }
            try readMore()
        }
    }

    private func takeLine(upTo lineEnd: Int, consuming next: Int) -> InkLine {
        lineNumber += 1
        var first = start
        var last = lineEnd
        if last > first && buffer.load(fromByteOffset: last - 1, as: UInt8.self) == 0x0D { last -= 1 }
        if lineNumber == 1 && startsTheFile && last - first >= 3 && buffer.load(fromByteOffset: first, as: UInt8.self) == 0xEF
            && buffer.load(fromByteOffset: first + 1, as: UInt8.self) == 0xBB
            && buffer.load(fromByteOffset: first + 2, as: UInt8.self) == 0xBF {
            first += 3
        }
        let line = InkLine(bytes: UnsafeRawBufferPointer(start: buffer + first, count: last - first),
                           number: lineNumber, offset: startOffset + Int64(first - start))
        startOffset += Int64(next - start)
        start = next
        searchFrom = next
        return line
    }

    private func readMore() throws {
        let pending = end - start
        if pending > maxLineLength {
            throw InkLayersError(file: displayName, line: lineNumber + 1,
                                 problem: "line is longer than \(Self.describe(bytes: maxLineLength)); the file is damaged or not an ink-layers file")
        }
        if start > 0 {
            // Keep the partial line at the front so the next read appends to it.
            if pending > 0 { memmove(buffer, buffer + start, pending) }
            searchFrom -= start
            start = 0
            end = pending
        }
        if capacity - end < Self.chunkSize / 2 {
            let newCapacity = capacity * 2
            let newBuffer = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            newBuffer.copyMemory(from: buffer, byteCount: end)
            buffer.deallocate()
            buffer = newBuffer
            capacity = newCapacity
        }
        let count: Int
        do {
            count = try input.read(into: buffer + end, capacity: capacity - end)
        } catch {
            throw locate(error)
        }
        if count == 0 { atEnd = true }
        end += count
    }

    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    /// Turns a failure to get bytes into an error naming the file and the line being read.
    func locate(_ failure: InputFailure) -> any Error {
        let line = lineNumber + 1
        switch failure {
        case .system(let code):
            return InkFileError.readFailed(path: input.path, errno: code)
        case .corruptGzip(let reason):
            return InkLayersError(file: displayName, line: line, problem: "the gzip data is damaged (\(reason))")
        case .truncatedGzip:
            return InkLayersError(file: displayName, line: line,
                                  problem: "the gzip data ends too early; the file is truncated")
        case .dataAfterGzip:
            return InkLayersError(file: displayName, line: line,
                                  problem: "unexpected bytes after the end of the gzip data")
        }
    }
}
