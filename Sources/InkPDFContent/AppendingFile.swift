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
    private let descriptor: Int32
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
        let reader = open(path, O_RDONLY | O_CLOEXEC)
        guard reader >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        let end = lseek(reader, 0, SEEK_END)
        guard end >= 0 else { let code = errno; Glibc.close(reader); throw .cannotRead(path: path, errno: code) }
        let target = staging ?? path
        let opened = staging != nil ? open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
                                    : open(target, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard opened >= 0 else { let code = errno; Glibc.close(reader); throw .cannotOpen(path: target, errno: code) }
        let digest: DigestContext
        do { digest = try DigestContext(.sha256) } catch {
            Glibc.close(reader)
            Glibc.close(opened)
            throw .digestFailed(path: path, reason: error.description)
        }
        self.digest = consume digest
        var last: UInt8 = 0
        if end > 0 { _ = pread(reader, &last, 1, end - 1) }
        Glibc.close(reader)
        descriptor = opened
        offset = Int(end)
        endedWithNewline = last == 10 || last == 13
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        Glibc.close(descriptor)
        if let staging { unlink(staging) }
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
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .cannotOpen(path: source, errno: errno) }
        defer { Glibc.close(input) }
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
        var done = 0
        while done < buffer.count {
            let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: path, errno: errno)
            }
            done += written
        }
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
        try copy(source, into: destination, flags: O_CREAT | O_TRUNC)
    }

    /// Copies `source` onto the end of `destination`.
    static func copy(_ source: String, appendingTo destination: String) throws(IncrementalUpdateError) {
        try copy(source, into: destination, flags: O_APPEND)
    }

    private static func copy(_ source: String, into destination: String, flags: Int32) throws(IncrementalUpdateError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .cannotOpen(path: source, errno: errno) }
        defer { Glibc.close(input) }
        let output = open(destination, O_WRONLY | flags | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .cannotOpen(path: destination, errno: errno) }
        defer { Glibc.close(output) }
        try readPieces(input, path: source, size: 1 << 20) { (piece) throws(IncrementalUpdateError) in
            var done = 0
            while done < piece.count {
                let written = piece.withUnsafeBytes { Glibc.write(output, $0.baseAddress! + done, $0.count - done) }
                if written < 0 {
                    if errno == EINTR { continue }
                    throw .writeFailed(path: destination, errno: errno)
                }
                done += written
            }
        }
    }

    /// Reads the open file `input` (at `path`) to its end in pieces of at most `size` bytes,
    /// retrying after signals, and hands each piece to `body`.
    ///
    /// The corresponding C function is `read`.
    private static func readPieces(_ input: Int32, path: String, size: Int,
                                   _ body: (ArraySlice<UInt8>) throws(IncrementalUpdateError) -> Void) throws(IncrementalUpdateError) {
        var chunk = [UInt8](repeating: 0, count: size)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, errno: errno)
            }
            if count == 0 { return }
            try body(chunk[0..<count])
        }
    }
}
