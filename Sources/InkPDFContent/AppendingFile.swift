import InkFileSystem
import LibCrypto
#if canImport(Glibc)
import Glibc
#endif

/// The end of a PDF being appended to: buffered writes, the offset of every
/// byte written (for the cross-reference section), and a SHA-256 of what was
/// appended (for the trailer's new `/ID`).
///
/// With a `staging` file, the appended bytes go there first and are copied
/// onto the end of `path` by `close()`: the PDF keeps its own trailer at its
/// end meanwhile, so that qpdf can read it afresh (`QPDFDocument.reopen`).
///
/// Ownership: a single owner; `close()` (or `deinit`) closes the descriptor once.
struct AppendingFile: ~Copyable {
    let path: String
    private let staging: String?
    private let descriptor: FileDescriptor
    private var buffer: [UInt8] = []
    /// Everything appended so far, fed as the buffer is written (nil once taken).
    private var digest: DigestContext?
    /// The file's length so far, including what is buffered.
    private(set) var offset: Int
    /// Whether the file ended in an end-of-line before anything was appended.
    let endedWithNewline: Bool
    private static let bufferSize = 256 * 1024

    /// Opens `path` (which exists) to append to it.
    ///
    /// The corresponding C functions are `open`, `lseek` and `pread`.
    init(path: String, staging: String? = nil) throws(IncrementalUpdateError) {
        self.path = path
        self.staging = staging
        let reader = try Self.open(path) { (path) throws(Errno) in try FileDescriptor(reading: path) }
        let end: Int64
        do { end = try reader.seekToEnd() } catch { throw .cannotRead(path: path, errno: error.rawValue) }
        let target = staging ?? path
        let opened = try Self.open(target) { (target) throws(Errno) in
            staging != nil ? try FileDescriptor(replacing: target, mode: 0o600) : try FileDescriptor(appendingTo: target)
        }
        let digest: DigestContext
        do { digest = try DigestContext(.sha256) } catch {
            throw .digestFailed(path: path, reason: error.description)
        }
        self.digest = consume digest
        var last: UInt8 = 0
        if end > 0 { _ = try? withUnsafeMutableBytes(of: &last) { (byte) throws(Errno) in try reader.readSome(at: end - 1, into: byte) } }
        _ = consume reader
        descriptor = opened
        offset = Int(end)
        endedWithNewline = last == 10 || last == 13
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        if let staging { try? FileSystem.remove(staging) }
    }

    /// Opens `path` with `body`; a failure is `cannotOpen` for `path`.
    private static func open(_ path: String, _ body: (String) throws(Errno) -> FileDescriptor) throws(IncrementalUpdateError) -> FileDescriptor {
        do { return try body(path) } catch { throw .cannotOpen(path: path, errno: error.rawValue) }
    }

    mutating func append(_ bytes: [UInt8]) throws(IncrementalUpdateError) {
        buffer.append(contentsOf: bytes)
        offset += bytes.count
        if buffer.count >= Self.bufferSize { try flush() }
    }

    mutating func append(_ text: String) throws(IncrementalUpdateError) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        offset += text.utf8.count
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Appends the bytes of the file at `source`, read in pieces of the buffer's size;
    /// returns how many there were.
    ///
    /// The corresponding C functions are `open` and `read`.
    mutating func append(contentsOf source: String) throws(IncrementalUpdateError) -> Int {
        let input = try Self.open(source) { (source) throws(Errno) in try FileDescriptor(reading: source) }
        var total = 0
        try Self.readPieces(input, path: source, size: Self.bufferSize) { (piece) throws(IncrementalUpdateError) in
            total += piece.count
            try append(Array(piece))
        }
        return total
    }

    /// Feeds `bytes` to the digest without appending them: what the update is made from
    /// besides its own bytes.
    mutating func digest(_ bytes: [UInt8]) throws(IncrementalUpdateError) {
        try feedDigest(bytes)
    }

    /// The SHA-256 of what `digest(_:)` was given and of every byte appended so far;
    /// later bytes are not counted.
    mutating func takeDigest() throws(IncrementalUpdateError) -> [UInt8] {
        try flush()
        guard let context = digest.take() else { throw .digestFailed(path: path, reason: "the digest was taken already") }
        do { return try context.finish() } catch { throw .digestFailed(path: path, reason: error.description) }
    }

    private func feedDigest(_ bytes: [UInt8]) throws(IncrementalUpdateError) {
        // withUnsafeBytes rethrows untyped errors; the typed one is carried out by hand.
        let failure = bytes.withUnsafeBytes { buffer -> LibCryptoError? in
            do throws(LibCryptoError) { try digest?.update(buffer); return nil } catch { return error }
        }
        if let failure { throw .digestFailed(path: path, reason: failure.description) }
    }

    /// Writes what is buffered (and feeds it to the digest), retrying after signals and short writes.
    ///
    /// The corresponding C function is `write`.
    mutating func flush() throws(IncrementalUpdateError) {
        try feedDigest(buffer)
        do { try descriptor.writeAll(buffer) } catch { throw .writeFailed(path: path, errno: error.rawValue) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, and copies the staged bytes onto the end of `path`.
    consuming func close() throws(IncrementalUpdateError) {
        try flush()
        if let staging { try Self.copy(staging, appendingTo: path) }
    }

    /// Copies `source` to a new file `destination` (which must not exist) in
    /// fixed-size pieces: the original bytes an update is appended after.
    ///
    /// The corresponding C functions are `open`, `read` and `write`.
    static func copy(_ source: String, to destination: String) throws(IncrementalUpdateError) {
        try copy(source, into: destination) { (destination) throws(Errno) in try FileDescriptor(replacing: destination) }
    }

    /// Copies `source` onto the end of `destination`.
    static func copy(_ source: String, appendingTo destination: String) throws(IncrementalUpdateError) {
        try copy(source, into: destination) { (destination) throws(Errno) in try FileDescriptor(appendingTo: destination) }
    }

    private static func copy(_ source: String, into destination: String,
                             opening: (String) throws(Errno) -> FileDescriptor) throws(IncrementalUpdateError) {
        let input = try open(source) { (source) throws(Errno) in try FileDescriptor(reading: source) }
        let output = try open(destination, opening)
        try readPieces(input, path: source, size: 1 << 20) { (piece) throws(IncrementalUpdateError) in
            let failure = piece.withUnsafeBytes { bytes -> Errno? in
                do throws(Errno) { try output.writeAll(bytes); return nil } catch { return error }
            }
            if let failure { throw .writeFailed(path: destination, errno: failure.rawValue) }
        }
    }

    /// Reads the open file `input` (at `path`) to its end in pieces of at most `size` bytes,
    /// retrying after signals, and hands each piece to `body`.
    ///
    /// The corresponding C function is `read`.
    private static func readPieces(_ input: borrowing FileDescriptor, path: String, size: Int,
                                   _ body: (ArraySlice<UInt8>) throws(IncrementalUpdateError) -> Void) throws(IncrementalUpdateError) {
        var chunk = [UInt8](repeating: 0, count: size)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer -> Result<Int, Errno> in
                do throws(Errno) { return .success(try input.read(into: buffer)) } catch { return .failure(error) }
            }
            let count: Int
            switch result {
            case .success(let read): count = read
            case .failure(let error): throw .cannotRead(path: path, errno: error.rawValue)
            }
            if count == 0 { return }
            try body(chunk[0..<count])
        }
    }
}
