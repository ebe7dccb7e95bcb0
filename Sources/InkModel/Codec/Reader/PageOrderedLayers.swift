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
/// only small integers per line. Then `layers(forPage:)` reads just that
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

    /// Opens the file and indexes it in one streaming pass.
    /// `displayName` is what messages call the file (the user's file, when this one was imported from it).
    public init(path: String, displayName: String? = nil) throws {
        self.path = path
        self.displayName = displayName ?? path
        let reader = try InkLayersReader(path: path)
        header = reader.header
        var entries: [Entry] = []
        var entriesByPage: [Int: [Int]] = [:]
        var inOrder = true
        while let line = try reader.nextLine() {
            let page = try InkLayersReader.scanPage(line.bytes, file: path, line: line.number)
            if let previous = entries.last, page < previous.page { inOrder = false }
            entriesByPage[page, default: []].append(entries.count)
            entries.append(Entry(page: page, line: line.number, offset: line.offset, length: line.bytes.count))
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
        var template = Array("\(directory)/inkpdf-layers-XXXXXX".utf8CString)
        let output = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard output >= 0 else { throw InkFileError.cannotCreate(path: temporaryPath, errno: errno) }
        defer { systemClose(output) }
        let copy: InputFile
        do {
            copy = try InputFile(path: temporaryPath)
            unlink(temporaryPath)
        } catch {
            unlink(temporaryPath)
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
            var written = 0
            while written < count {
                let result = systemWrite(output, chunk + written, count - written)
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { throw InkFileError.writeFailed(path: temporaryPath, errno: result < 0 ? errno : ENOSPC) }
                written += result
            }
        }
        return copy
    }
}
