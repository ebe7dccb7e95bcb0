import Foundation
import InkFileSystem
import InkFixtures
import Testing

@Suite struct AtomicOutputTests {
    @Test func committedOutputReplacesTheDestinationWhole() throws {
        let folder = TestFolder()
        let destination = folder.write("old", to: "out.txt")
        let output = try AtomicOutput(destination: destination)
        try Data("new".utf8).write(to: URL(fileURLWithPath: output.writablePath))
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == "old")
        try output.commit()
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == "new")
        #expect(folder.contents == ["out.txt"])
    }

    @Test func droppedOutputLeavesNothing() throws {
        let folder = TestFolder()
        do {
            let output = try AtomicOutput(destination: folder.path("out.txt"))
            try Data("partial".utf8).write(to: URL(fileURLWithPath: output.writablePath))
            #expect(folder.contents.count == 1)
        }
        #expect(folder.contents.isEmpty)
    }

    @Test func abandonedOutputKeepsTheOldFile() throws {
        let folder = TestFolder()
        let destination = folder.write("old", to: "out.txt")
        let output = try AtomicOutput(destination: destination)
        output.abandon()
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == "old")
        #expect(folder.contents == ["out.txt"])
    }

    @Test func copyIsByteForByte() throws {
        let folder = TestFolder()
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let source = folder.path("in.bin")
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        try AtomicOutput.copy(source, to: folder.path("sub/out.bin"))
        #expect(FileManager.default.contents(atPath: folder.path("sub/out.bin")) == Data(bytes))
    }

    @Test func errnoHasTheSystemMessage() {
        #expect(Errno.noSuchFile.description == "No such file or directory")
        #expect(FileSystemError.reading("/nonexistent", .noSuchFile) == .missing(path: "/nonexistent"))
    }

    @Test func digestMatchesSha256sum() throws {
        let folder = TestFolder()
        let path = folder.write("abc", to: "abc.txt")
        #expect(try FileDigest.sha256Hex(ofFileAt: path) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(throws: FileSystemError.missing(path: folder.path("none"))) { try FileDigest.sha256Hex(ofFileAt: folder.path("none")) }
    }
}
