import Foundation
import Glibc
import InkFileSystem
import InkFixtures
import Testing

/// The typed helpers every target calls files through: the same errno the C functions leave,
/// the names they make, and one close per descriptor.
@Suite struct FileDescriptorTests {
    @Test func aUniqueFileIsMadeFromTheTemplateAndNamedBack() throws {
        let folder = TestFolder()
        var path = folder.path("spool-XXXXXX.ink.jsonl")
        let file = try FileDescriptor(uniqueFrom: &path, suffixLength: ".ink.jsonl".utf8.count)
        #expect(path.hasPrefix(folder.path("spool-")) && path.hasSuffix(".ink.jsonl") && !path.contains("XXXXXX"))
        try file.writeAll(Array("abc".utf8))
        #expect(try file.size() == 3)
        try file.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "abc")
        #expect(try FileSystem.status(of: path).st_mode & 0o777 == 0o600)
    }

    @Test func aUniqueFileInAMissingFolderThrowsTheErrno() {
        let folder = TestFolder()
        var path = folder.path("missing/spool-XXXXXX")
        #expect(throws: Errno.noSuchFile) { _ = try FileDescriptor(uniqueFrom: &path) }
    }

    @Test func creatingExclusivelyRefusesAFileThatIsThere() throws {
        let folder = TestFolder()
        let existing = folder.write("old", to: "part.pdf")
        #expect(throws: Errno(rawValue: EEXIST)) { _ = try FileDescriptor(creatingExclusively: existing, mode: 0o600) }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "old")
    }

    @Test func appendingSeekingAndReadingAtAnOffset() throws {
        let folder = TestFolder()
        let path = folder.write("0123", to: "file.pdf")
        try FileDescriptor(appendingTo: path).closeAfter { (file: borrowing FileDescriptor) throws(Errno) in
            try file.writeAll(Array("45".utf8))
        }
        let file = try FileDescriptor(reading: path)
        #expect(try file.seekToEnd() == 6)
        #expect(try Self.readSome(file, at: 4, count: 4) == Array("45".utf8))
        try file.seek(to: 1)
        #expect(try Self.read(file, count: 4) == Array("1234".utf8))
    }

    static func readSome(_ file: borrowing FileDescriptor, at offset: Int64, count: Int) throws -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        return Array(buffer[..<(try file.readSome(at: offset, into: buffer))])
    }

    static func read(_ file: borrowing FileDescriptor, count: Int) throws -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        return Array(buffer[..<(try file.read(into: buffer))])
    }

    @Test func writingAtAnOffsetOverwritesInPlace() throws {
        let folder = TestFolder()
        let path = folder.write("cairo 1.16", to: "out.pdf")
        let file = try FileDescriptor(updating: path)
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 6, alignment: 1)
        defer { bytes.deallocate() }
        bytes.copyBytes(from: Array("inkpdf".utf8))
        try file.writeAll(UnsafeRawBufferPointer(bytes), at: 2)
        try file.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "cainkpdf16")
    }

    @Test func namesAreRemovedRenamedLinkedAndListed() throws {
        let folder = TestFolder()
        let a = folder.write("a", to: "a.txt")
        try FileSystem.link(a, as: folder.path("b.txt"))
        try FileSystem.rename(folder.path("b.txt"), to: folder.path("c.txt"))
        #expect(try FileSystem.folderEntries(folder.path("")).sorted() == ["a.txt", "c.txt"])
        try FileSystem.remove(a)
        #expect(throws: Errno.noSuchFile) { try FileSystem.remove(a) }
        #expect(throws: Errno.noSuchFile) { try FileSystem.status(of: a) }
        #expect(FileSystem.resolvedPath(folder.path("c.txt")) != nil)
        #expect(FileSystem.resolvedPath(a) == nil)
    }

    @Test func aUniqueFolderIsPrivateAndRemovedWhenEmpty() throws {
        let folder = TestFolder()
        var path = folder.path("search-XXXXXX")
        try FileSystem.makeUniqueFolder(from: &path)
        let status = try FileSystem.status(of: path, followingLinks: false)
        #expect(status.st_mode & S_IFMT == S_IFDIR && status.st_mode & 0o777 == 0o700)
        #expect(throws: Errno(rawValue: EEXIST)) { try FileSystem.makeFolder(path, mode: 0o700) }
        try FileSystem.removeFolder(path)
        #expect(throws: Errno.noSuchFile) { try FileSystem.status(of: path) }
    }
}
