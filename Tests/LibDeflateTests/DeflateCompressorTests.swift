import CZlib
import Foundation
import InkFixtures
import LibDeflate
import Testing

/// libdeflate's output read back by zlib's own `inflate`: an independent reader
/// (and the one poppler, qpdf and `gzip -d` agree with), on empty, random
/// (incompressible), repetitive and real ink text, at every level.
@Suite struct DeflateCompressorTests {
    /// Inputs: nothing, one byte, incompressible bytes, runs, and PDF content operators like the ink's.
    static let inputs: [(name: String, bytes: [UInt8])] = {
        var generator = SplitMix64(seed: 0x1a2b_3c4d)
        let random = (0..<300_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        var operators: [UInt8] = []
        var x = 1200, y = 3400
        for stroke in 0..<4000 {
            operators += Array("q 0 0 0 rg \(x) \(y) m ".utf8)
            for _ in 0..<12 {
                x += Int(generator.next() % 9) - 4
                y += Int(generator.next() % 7) - 3
                operators += Array("\(x) \(y) \(x + 3) \(y - 2) \(x + 5) \(y + 1) c ".utf8)
            }
            operators += Array("h f Q\n/GS\(stroke % 3) gs\n".utf8)
        }
        return [("empty", []), ("one byte", [42]), ("random", random), ("zeros", [UInt8](repeating: 0, count: 1 << 20)),
                ("operators", operators)]
    }()

    @Test(arguments: [Int32(0), 1, 4, 6, 9, 12])
    func zlibOutputInflatesToTheInput(level: Int32) throws {
        var compressor = DeflateCompressor(level: level)
        for input in Self.inputs {
            let compressed = compressor.zlib(input.bytes)
            #expect(compressed.count <= compressor.bound(.zlib, count: input.bytes.count), "\(input.name)")
            let inflated = try #require(Self.inflate(compressed, windowBits: MAX_WBITS), "\(input.name) at level \(level)")
            #expect(inflated == input.bytes, "\(input.name) at level \(level)")
        }
    }

    @Test(arguments: [Int32(0), 1, 6, 12])
    func gzipOutputInflatesToTheInput(level: Int32) throws {
        var compressor = DeflateCompressor(level: level)
        for input in Self.inputs {
            let member = compressor.gzip(input.bytes)
            #expect(member.count <= compressor.bound(.gzip, count: input.bytes.count), "\(input.name)")
            #expect(member.prefix(2) == [0x1f, 0x8b], "a gzip member's magic bytes")
            let inflated = try #require(Self.inflate(member, windowBits: 15 + 16), "\(input.name) at level \(level)")
            #expect(inflated == input.bytes, "\(input.name) at level \(level)")
        }
    }

    /// Several members one after the other make one `.gz` file, read through by `gzip -d`.
    @Test func concatenatedMembersReadAsOneFileByGzip() async throws {
        var compressor = DeflateCompressor(level: 1)
        let text = Self.inputs.first { $0.name == "operators" }!.bytes
        var file: [UInt8] = []
        text.withUnsafeBytes { all in
            for start in stride(from: 0, to: all.count, by: 100_000) {
                file += compressor.gzip(UnsafeRawBufferPointer(rebasing: all[start..<min(start + 100_000, all.count)]))
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-members-\(UUID().uuidString).gz").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(file).write(to: URL(fileURLWithPath: path))
        let gzip = try await OutsideTool.gzip.outcome(["-dc", path])
        #expect(gzip.status == 0)
        #expect([UInt8](gzip.output) == text)
    }

    /// Incompressible input still fits the bound, and a buffer one byte short of the output is refused, not overrun.
    @Test func boundHoldsAndShortBuffersAreRefused() throws {
        var compressor = DeflateCompressor(level: 6)
        let random = Self.inputs.first { $0.name == "random" }!.bytes
        let compressed = compressor.zlib(random)
        #expect(compressed.count > random.count, "random bytes do not shrink")
        #expect(compressed.count <= compressor.bound(.zlib, count: random.count))
        var short = [UInt8](repeating: 0xa5, count: compressed.count - 1 + 16)
        let written = random.withUnsafeBytes { input in
            short.withUnsafeMutableBytes { output in
                compressor.compress(input, as: .zlib, into: UnsafeMutableRawBufferPointer(rebasing: output[..<(compressed.count - 1)]))
            }
        }
        #expect(written == nil)
        #expect(short[(compressed.count - 1)...].allSatisfy { $0 == 0xa5 }, "nothing written past the buffer")
    }

    /// zlib's `inflate` of the whole of `bytes` (`windowBits` 15: zlib format; 31: gzip, every member);
    /// nil unless it ends exactly at the end of a stream.
    static func inflate(_ bytes: [UInt8], windowBits: Int32) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = bytes
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[0..<(chunk.count - Int(stream.avail_out))]
                switch status {
                case Z_OK: continue
                case Z_STREAM_END:
                    if stream.avail_in == 0 { return output }
                    // A gzip file's next member.
                    guard windowBits > 15, inflateReset(&stream) == Z_OK else { return nil }
                default: return nil
                }
            }
        }
    }
}
