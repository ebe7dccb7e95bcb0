import Dispatch
import Foundation
import InkFileSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The layers of an ink-layers file page by page, in PDF page order, without
/// holding the file in memory.
///
/// Files may list pages in any order and a page more than once, while a PDF
/// is rendered from page 1 on. Opening makes one streaming pass that finds
/// each line's `page` (without reading the strokes' numbers) and records
/// only small integers per line; a large plain file is passed through in
/// parts at once, one a core. Then `layers(forPage:)` reads just that
/// page's lines, in file order:
/// - a plain file: each line is read at its recorded offset (`pread`);
///   when the file is in page order these reads simply go forward through it;
/// - a gzip file in page order: a second decompression streams along;
/// - a gzip file out of page order: it is decompressed once into an
///   unlinked temporary file, which is then read like a plain one.
///
/// Memory is the index plus the layers of the pages being read. Pages may be
/// read from several threads at once: a plain file's lines each into a buffer
/// of their own (the parsing, the larger part, runs side by side), a gzip
/// stream one page at a time.
public final class PageOrderedLayers: PageLayerSource, @unchecked Sendable {
    public let header: InkLayersHeader
    /// The path as given, used in messages.
    public let displayName: String
    /// The pages that have at least one layer, ascending.
    public let inkedPages: [Int]
    /// Whether the layer lines come in non-decreasing page order.
    public let isInPageOrder: Bool
    /// How many parts the file was indexed in at once (1: one pass).
    let indexedParts: Int

    /// Where one layer line is: enough to find it again and to name it in a message.
    private struct Entry {
        var page: Int
        var line: Int
        var offset: Int64
        var length: Int
    }

    private let entries: [Entry]
    /// Indices into `entries` per page, in file order.
    private let entriesByPage: [Int: [Int]]
    private let path: String
    /// Random access: the plain file itself or the decompressed copy.
    private var randomAccess: InputFile?
    /// Sequential access to a gzip file in page order.
    private var stream: InkLayersReader?
    private var nextStreamEntry = 0
    /// Held while the stream is read.
    private let streamLock = Mutex(())

    /// A plain file at least twice this size is indexed in parts side by side, one a
    /// core, up to one a `partBytes` (on the benchmark's file of hundreds of megabytes, two
    /// parts on two cores take about half the time of one pass). The pass runs before the
    /// first page.
    static let partBytes: Int64 = 8 << 20

    /// Opens the file and indexes it in one streaming pass (a large plain file in parts at once).
    /// `displayName` is what messages call the file (the user's file, when this one was imported from it).
    public convenience init(path: String, displayName: String? = nil) throws {
        try self.init(path: path, displayName: displayName, partBytes: Self.partBytes,
                      parts: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// As `init(path:displayName:)`, with the size from which a plain file is indexed in
    /// `parts` parts (for the tests, which index small files in parts).
    init(path: String, displayName: String?, partBytes: Int64, parts: Int) throws {
        self.path = path
        self.displayName = displayName ?? path
        var reader = try InkLayersReader(path: path)
        header = reader.header
        var found: [Entry]?
        var count = 1
        if !reader.isCompressed, parts > 1, let size = try? reader.fileSize(), size >= 2 * partBytes, let first = try reader.nextLine() {
            (found, count) = Self.indexInParts(path: path, from: first.offset, firstLine: first.number, size: size,
                                                 parts: Int(min(Int64(parts), size / partBytes)))
            // A part that failed: the whole file again in one pass, which reports the first fault in it.
            if found == nil {
                reader = try InkLayersReader(path: path)
                count = 1
            }
        }
        if found == nil {
            var serial: [Entry] = []
            while let line = try reader.nextLine() {
                let page = try InkLayersReader.scanPage(line.bytes, file: path, line: line.number)
                serial.append(Entry(page: page, line: line.number, offset: line.offset, length: line.bytes.count))
            }
            found = serial
        }
        let entries = found!
        indexedParts = count
        var entriesByPage: [Int: [Int]] = [:]
        var inOrder = true
        for (index, entry) in entries.enumerated() {
            if index > 0, entry.page < entries[index - 1].page { inOrder = false }
            entriesByPage[entry.page, default: []].append(index)
        }
        self.entries = entries
        self.entriesByPage = entriesByPage
        inkedPages = entriesByPage.keys.sorted()
        isInPageOrder = inOrder
        if !reader.isCompressed {
            randomAccess = try InputFile(path: path)
        } else if !inOrder {
            randomAccess = try Self.decompressedCopy(of: path)
        }
    }

    /// Indexes bytes `start..<size` of a plain file (whose line `firstLine` starts at
    /// `start`) in up to `parts` parts at once, each from the start of a line; nil if
    /// any part found a fault (the caller indexes the file again in one pass, for the
    /// same message as ever); and how many parts there were.
    private static func indexInParts(path: String, from start: Int64, firstLine: Int, size: Int64,
                                     parts: Int) -> ([Entry]?, Int) {
        var bounds = [start]
        for part in 1..<max(parts, 1) {
            let nominal = start + (size - start) * Int64(part) / Int64(parts)
            guard let next = try? lineStart(atOrAfter: max(nominal, bounds.last! + 1), path: path, size: size),
                  next < size else { break }
            bounds.append(next)
        }
        bounds.append(size)
        let ranges = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
        let results = Mutex([(entries: [Entry], lines: Int)?](repeating: nil, count: ranges.count))
        DispatchQueue.concurrentPerform(iterations: ranges.count) { part in
            let indexed = try? indexPart(path: path, ranges[part])
            results.withLock { $0[part] = indexed }
        }
        var entries: [Entry] = []
        var linesBefore = firstLine - 1
        for result in results.withLock({ $0 }) {
            guard let result else { return (nil, ranges.count) }
            entries += result.entries.map { entry in
                var entry = entry
                entry.line += linesBefore
                return entry
            }
            linesBefore += result.lines
        }
        return (entries, ranges.count)
    }

    /// The layer lines of one part of a plain file, numbered from 1 within it, and how many lines it has.
    private static func indexPart(path: String, _ range: Range<Int64>) throws -> (entries: [Entry], lines: Int) {
        let lines = LineReader(input: try InputFile(path: path, plainRange: range), displayName: path, startsTheFile: false)
        var entries: [Entry] = []
        while let line = try lines.next() {
            if InkLayersReader.isBlank(line.bytes) { continue }
            let page = try InkLayersReader.scanPage(line.bytes, file: path, line: line.number)
            entries.append(Entry(page: page, line: line.number, offset: range.lowerBound + line.offset,
                                 length: line.bytes.count))
        }
        return (entries, lines.lineNumber)
    }

    /// The offset just after the first `\n` at or after `offset - 1`: where the first line
    /// starting at `offset` or later begins (`size` if none does).
    private static func lineStart(atOrAfter offset: Int64, path: String, size: Int64) throws -> Int64 {
        let input = try InputFile(path: path, plainRange: (offset - 1)..<size)
        let capacity = 1 << 16
        let window = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { window.deallocate() }
        var position = offset - 1
        while true {
            let count = try input.read(into: window, capacity: capacity)
            guard count > 0 else { return size }
            if let newline = memchr(window, 0x0A, count) {
                return position + Int64(window.distance(to: newline)) + 1
            }
            position += Int64(count)
        }
    }

    /// The line number of the first layer of `page`, or nil if the file has
    /// none (for messages such as "ink for page 40 but the PDF has 36 pages").
    public func firstLine(ofPage page: Int) -> Int? {
        entriesByPage[page].map { entries[$0[0]].line }
    }

    /// The layers of `page` in file order (later ones are drawn on top);
    /// empty if the page has none. Cheapest when called with increasing pages.
    public func layers(forPage page: Int) throws -> [PageLayer] {
        guard let indices = entriesByPage[page] else { return [] }
        if let randomAccess {
            return try indices.map { try readLayer(entries[$0], from: randomAccess) }
        }
        return try streamLock.withLock { _ in try streamLayers(indices) }
    }

    private func readLayer(_ entry: Entry, from input: InputFile) throws -> PageLayer {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(entry.length, 1), alignment: 16)
        defer { buffer.deallocate() }
        do {
            try input.read(at: entry.offset, into: buffer, count: entry.length)
        } catch {
            switch error {
            case .system(let code): throw InkFileError.readFailed(path: path, errno: code)
            default: throw InkFileError.readFailed(path: path, errno: EIO)
            }
        }
        return try InkLayersReader.parseLayer(UnsafeRawBufferPointer(start: buffer, count: entry.length),
                                              file: displayName, line: entry.line)
    }

    /// Reads forward through the decompressed stream to the page's lines,
    /// starting again from the top if an earlier page is asked for.
    private func streamLayers(_ indices: [Int]) throws -> [PageLayer] {
        if stream == nil || indices[0] < nextStreamEntry {
            stream = try InkLayersReader(path: path)
            nextStreamEntry = 0
        }
        let stream = stream!
        var layers: [PageLayer] = []
        for index in indices {
            var line: InkLine?
            while nextStreamEntry <= index {
                line = try stream.nextLine()
                nextStreamEntry += 1
            }
            guard let line, line.number == entries[index].line else {
                throw InkLayersError(file: displayName, line: entries[index].line,
                                     problem: "the file changed while it was being read")
            }
            layers.append(try InkLayersReader.parseLayer(line.bytes, file: displayName, line: line.number))
        }
        return layers
    }

    /// Decompresses the gzip file at `path` into a temporary file that is
    /// unlinked at once (so it disappears with the descriptor, whatever happens),
    /// and opens that for reading.
    private static func decompressedCopy(of path: String) throws -> InputFile {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var temporaryPath = "\(directory)/inkpdf-layers-XXXXXX"
        let output: FileDescriptor
        do { output = try FileDescriptor(uniqueFrom: &temporaryPath) } catch {
            throw InkFileError.cannotCreate(path: temporaryPath, errno: error.rawValue)
        }
        let copy: InputFile
        do {
            copy = try InputFile(path: temporaryPath)
            try? FileSystem.remove(temporaryPath)
        } catch {
            try? FileSystem.remove(temporaryPath)
            throw error
        }
        let input = try InputFile(path: path)
        let chunkSize = 1 << 20
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count: Int
            do {
                count = try input.read(into: chunk, capacity: chunkSize)
            } catch {
                // The indexing pass read this same data without fault.
                guard case .system(let code) = error else {
                    throw InkLayersError(file: path, line: 1, problem: "the file changed while it was being read")
                }
                throw InkFileError.readFailed(path: path, errno: code)
            }
            if count == 0 { break }
            // A write that takes no byte is ENOSPC.
            do { try output.writeAll(UnsafeRawBufferPointer(start: chunk, count: count)) } catch {
                throw InkFileError.writeFailed(path: temporaryPath, errno: error.rawValue)
            }
        }
        return copy
    }
}
