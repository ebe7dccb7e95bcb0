import InkFixtures
import Foundation
import Testing
@testable import InkModel

/// The read-ahead thread hands out exactly what `InputFile` reads, in the reader's sizes, with
/// the file's own failures at the place they happen.
@Suite struct ReadAheadInputTests {
    /// Text over several chunks (a few megabytes once inflated), not too regular for deflate.
    static let text: [UInt8] = {
        var bytes: [UInt8] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while bytes.count < 5 * ReadAheadInput.chunkSize + 1234 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bytes.append(contentsOf: Array("\(state >> 40) ".utf8))
        }
        return bytes
    }()

    /// Every byte through reads of the given sizes, and the failure that ended them, if any.
    static func drain(_ read: (UnsafeMutableRawPointer, Int) throws(InputFailure) -> Int, sizes: [Int]) -> ([UInt8], InputFailure?) {
        var out: [UInt8] = []
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { buffer.deallocate() }
        var turn = 0
        while true {
            do throws(InputFailure) {
                let count = try read(buffer, sizes[turn % sizes.count])
                turn += 1
                if count == 0 { return (out, nil) }
                out.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: count))
            } catch {
                return (out, error)
            }
        }
    }

    @Test(arguments: [[1, 7, 4096], [1 << 20], [ReadAheadInput.chunkSize]])
    func givesTheBytesTheFileHolds(sizes: [Int]) throws {
        try TestFolder.with { directory in
            let path = directory.path("text.gz")
            try InkFiles.write(Self.text, to: path, gzip: true)
            let ahead = ReadAheadInput(try InputFile(path: path))
            #expect(ahead.isGzip)
            let (bytes, failure) = Self.drain({ (buffer, count) throws(InputFailure) in try ahead.read(into: buffer, capacity: count) }, sizes: sizes)
            #expect(failure == nil)
            #expect(bytes.count == Self.text.count)
            #expect(bytes.elementsEqual(Self.text), "the bytes differ from the file's")
            // At the end it stays at the end.
            var byte: UInt8 = 0
            #expect(try ahead.read(into: &byte, capacity: 1) == 0)
        }
    }

    /// A truncated or damaged gzip file: the same bytes before the failure, and the same failure, as `InputFile` gives.
    @Test(arguments: ["truncated", "damaged"])
    func failsWhereTheFileFails(kind: String) throws {
        try TestFolder.with { directory in
            let whole = directory.path("whole.gz"), broken = directory.path("broken.gz")
            try InkFiles.write(Self.text, to: whole, gzip: true)
            var bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
            if kind == "truncated" {
                bytes = bytes.prefix(bytes.count - 100)
            } else {
                for index in stride(from: bytes.count / 2, to: bytes.count - 20, by: 97) { bytes[index] ^= 0x5A }
            }
            try bytes.write(to: URL(fileURLWithPath: broken))
            let direct = try InputFile(path: broken)
            let expected = Self.drain({ (buffer, count) throws(InputFailure) in try direct.read(into: buffer, capacity: count) }, sizes: [4096])
            let ahead = ReadAheadInput(try InputFile(path: broken))
            let got = Self.drain({ (buffer, count) throws(InputFailure) in try ahead.read(into: buffer, capacity: count) }, sizes: [4096])
            #expect(expected.1 != nil)
            // Damaged data inflates to bytes until zlib notices, and a read that fails drops what it
            // had inflated, so where the bytes stop depends on the reads' sizes: both are the start of
            // the same stream (the truncated file's, every byte there is).
            let (shorter, longer) = got.0.count <= expected.0.count ? (got.0, expected.0) : (expected.0, got.0)
            #expect(longer.starts(with: shorter), "the bytes before the failure differ")
            if kind == "truncated" { #expect(got.0.count == expected.0.count) }
            #expect(got.0.count > 0)
            #expect("\(String(describing: got.1))" == "\(String(describing: expected.1))")
        }
    }

    /// How many of this process's descriptors are open on `path` (other tests' files do not count).
    static func descriptors(on path: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == real }.count
    }

    /// A reader dropped after one read (the parser stopped at an error), while its thread waits
    /// with every chunk full, stops the thread and frees the file.
    @Test func aReaderLeftEarlyStopsItsThreadAndClosesTheFile() throws {
        try TestFolder.with { directory in
            let path = directory.path("text.gz")
            try InkFiles.write(Self.text, to: path, gzip: true)
            #expect(Self.text.count > ReadAheadInput.chunks * ReadAheadInput.chunkSize)
            for _ in 0..<50 {
                let ahead = ReadAheadInput(try InputFile(path: path))
                var byte: UInt8 = 0
                #expect(try ahead.read(into: &byte, capacity: 1) == 1)
                #expect(byte == Self.text[0])
                #expect(Self.descriptors(on: path) == 1)
            }
            #expect(Self.descriptors(on: path) == 0)
        }
    }
}
