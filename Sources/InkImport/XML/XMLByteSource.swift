import InkFileSystem
import InkModel

/// The decompressed bytes of a document's XML (Xournal++, InkML), handed to libxml2 in
/// chunks: from a gzip or plain file (`InputFile`, zlib) or from a zip entry
/// (a Xournal++ package's `content.xml`). It counts what it hands out against the document's budget (for a
/// zip, shared with the attachments) and fails once the count passes the limit, so a
/// gzip or zip bomb ends in an error and never in exhausted memory.
///
/// The first bytes can be looked at before parsing (`prefix`) to check the
/// prolog; they are then served to the parser as if unread.
final class XMLByteSource {
    enum Backing: ~Copyable {
        case file(InputFile)
        /// A gzip file, inflated on a thread of its own a few chunks ahead of the parser.
        case readAhead(ReadAheadInput)
        case zip(ZipEntryStream)
    }

    private let backing: Backing
    /// The file (for messages) and the part that expands ("the gzip stream", "entry content.xml").
    let path: String
    let part: String
    let budget: ExpansionBudget
    var limit: Int { budget.limit }
    /// The first failure, kept so that libxml2's generic "read error" can be replaced by it.
    private(set) var failure: XMLInputError?
    private var pending: [UInt8] = []
    private var pendingOffset = 0

    init(file: InputFile, path: String, budget: ExpansionBudget) {
        backing = file.isGzip ? .readAhead(ReadAheadInput(file)) : .file(file)
        self.path = path
        part = file.isGzip ? "the gzip stream" : "the XML"
        self.budget = budget
    }

    init(zip: consuming ZipEntryStream, path: String, budget: ExpansionBudget) {
        part = "entry \(zip.entry)"
        backing = .zip(zip)
        self.path = path
        self.budget = budget
    }

    /// The first `count` bytes (or fewer at the end), read ahead as far as needed and kept to be
    /// served again. Called before anything is served.
    func prefix(_ count: Int) throws(XMLInputError) -> [UInt8] {
        var kept = pending.count - pendingOffset
        while kept < count {
            let more = try readAhead(count - kept)
            if more.isEmpty { break }
            kept += more.count
        }
        return Array(bufferedBytes().prefix(count))
    }

    /// The bytes read ahead and kept to be served again (those of `prefix` and `readAhead`).
    func bufferedBytes() -> [UInt8] {
        Array(pending[pendingOffset...])
    }

    /// Reads up to `count` more bytes from beyond what is kept, keeps them to be served again
    /// after the kept ones, and returns them (empty at the end).
    func readAhead(_ count: Int) throws(XMLInputError) -> [UInt8] {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 1)
        defer { buffer.deallocate() }
        let n = try readBacking(into: buffer, capacity: count)
        let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: n))
        pending.append(contentsOf: bytes)
        return bytes
    }

    /// Reads up to `capacity` bytes; 0 at the end. Counts against the limit.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) throws(XMLInputError) -> Int {
        if pendingOffset < pending.count {
            let n = min(capacity, pending.count - pendingOffset)
            pending.withUnsafeBytes { raw in
                buffer.copyMemory(from: raw.baseAddress! + pendingOffset, byteCount: n)
            }
            pendingOffset += n
            if pendingOffset == pending.count { pending = []; pendingOffset = 0 }
            return n
        }
        return try readBacking(into: buffer, capacity: capacity)
    }

    /// `read` for libxml2's callback: -1 on failure, keeping the reason.
    func readForParser(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int32 {
        guard failure == nil else { return -1 }
        do {
            return Int32(try read(into: buffer, capacity: capacity))
        } catch {
            failure = error
            return -1
        }
    }

    private func readBacking(into buffer: UnsafeMutableRawPointer, capacity: Int) throws(XMLInputError) -> Int {
        // One byte more than the limit allows is enough to tell that it is passed.
        let allowed = min(capacity, budget.remaining + 1)
        guard allowed > 0 else { throw .expandsTooFar(path: path, part: part, limit: limit) }
        let n: Int
        switch backing {
        case .file(let input):
            n = try fileRead { () throws(InputFailure) in try input.read(into: buffer, capacity: allowed) }
        case .readAhead(let input):
            n = try fileRead { () throws(InputFailure) in try input.read(into: buffer, capacity: allowed) }
        case .zip(let stream):
            do {
                n = try stream.read(into: buffer, capacity: allowed)
            } catch {
                throw .brokenZip(path: path, reason: error.description)
            }
        }
        if !budget.spend(n) { throw .expandsTooFar(path: path, part: part, limit: limit) }
        return n
    }

    /// A read of the file, its failure said as the document's.
    private func fileRead(_ read: () throws(InputFailure) -> Int) throws(XMLInputError) -> Int {
        do {
            return try read()
        } catch {
            switch error {
            case .corruptGzip(let reason): throw .brokenGzip(path: path, reason: reason)
            case .truncatedGzip: throw .brokenGzip(path: path, reason: "the file ends inside the compressed data")
            case .dataAfterGzip: throw .brokenGzip(path: path, reason: "bytes after the end of the compressed data")
            case .system(let code): throw .cannotOpen(path: path, reason: Errno(rawValue: code).description)
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
