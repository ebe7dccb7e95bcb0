import InkFileSystem
#if canImport(Glibc)
import Glibc
#endif

/// What the end of a PDF says about its last cross-reference section: where
/// it starts (`startxref`), and whether it is a classic table or a stream.
struct PDFFileTail: Equatable {
    var startXRef: Int
    var isXRefStream: Bool

    /// Reads the last kilobytes of `path` and the start of the section they name.
    ///
    /// The corresponding C functions are `open`, `fstat` and `pread`.
    static func read(_ path: String) throws(IncrementalUpdateError) -> PDFFileTail {
        let descriptor = try open(path)
        let size: Int
        do { size = Int(try descriptor.size()) } catch { throw .cannotRead(path: path, errno: error.rawValue) }
        let tailLength = min(size, 4096)
        var tail = [UInt8](repeating: 0, count: tailLength)
        // A short read (the file shrank) reports the errno there is, as ever.
        guard try readSome(descriptor, at: size - tailLength, into: &tail, path: path) == tailLength else {
            throw .cannotRead(path: path, errno: errno)
        }
        let keyword = Array("startxref".utf8)
        guard let at = lastIndex(of: keyword, in: tail) else {
            throw .unreadablePDF(path: path, reason: "no startxref in its last \(tailLength) bytes")
        }
        var index = at + keyword.count
        while index < tail.count, isWhitespace(tail[index]) { index += 1 }
        var offset = 0, digits = 0
        while index < tail.count, tail[index] >= 48, tail[index] <= 57, digits < 18 {
            offset = offset * 10 + Int(tail[index] - 48)
            index += 1
            digits += 1
        }
        guard digits > 0, offset < size else { throw .unreadablePDF(path: path, reason: "startxref gives no offset in the file") }
        var head = [UInt8](repeating: 0, count: 64)
        let count = try readSome(descriptor, at: offset, into: &head, path: path)
        guard count > 0 else { throw .cannotRead(path: path, errno: errno) }
        var start = 0
        while start < count, isWhitespace(head[start]) { start += 1 }
        let isTable = count - start >= 4 && Array(head[start..<(start + 4)]) == Array("xref".utf8)
        return PDFFileTail(startXRef: offset, isXRefStream: !isTable)
    }

    private static func open(_ path: String) throws(IncrementalUpdateError) -> FileDescriptor {
        do { return try FileDescriptor(reading: path) } catch { throw .cannotOpen(path: path, errno: error.rawValue) }
    }

    /// Reads up to `bytes.count` bytes at `offset` in one call; how many it read.
    private static func readSome(_ file: borrowing FileDescriptor, at offset: Int, into bytes: inout [UInt8],
                                 path: String) throws(IncrementalUpdateError) -> Int {
        let result = bytes.withUnsafeMutableBytes { buffer -> Result<Int, Errno> in
            do throws(Errno) { return .success(try file.readSome(at: Int64(offset), into: buffer)) } catch { return .failure(error) }
        }
        switch result {
        case .success(let count): return count
        case .failure(let error): throw .cannotRead(path: path, errno: error.rawValue)
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 32 || byte == 10 || byte == 13 || byte == 9 || byte == 12 || byte == 0 }

    static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.count - needle.count
        while index >= 0 {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle { return index }
            index -= 1
        }
        return nil
    }
}
