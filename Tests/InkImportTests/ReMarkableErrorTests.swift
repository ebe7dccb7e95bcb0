import Foundation
import Testing
import InkModel
@testable import InkImport
import InkFixtures

/// Damaged and hostile input ends in a located error, never a crash or an empty page.
@Suite struct ReMarkableErrorTests {
    typealias B = LinesV6Builder
    static let layer: (UInt8, UInt64) = (0, 11)

    static func sample() -> B {
        var b = B()
        b.sceneInfo(width: 1404, height: 1872)
        b.layer(layer, name: "Layer 1", item: (0, 12))
        b.line(parent: layer, item: (1, 20), tool: 15, points: [.init(x: 1, y: 2), .init(x: 3, y: 4)])
        b.line(parent: layer, item: (1, 21), left: (1, 20), tool: 21, points: [.init(x: 5, y: 6)], encoding: 1)
        return b
    }

    @Test func truncatedInsideEveryBlockIsAnError() throws {
        let b = Self.sample()
        let ends = Array(b.blockOffsets.dropFirst()) + [b.bytes.count]
        var cuts = 0
        for (start, end) in zip(b.blockOffsets, ends) {
            for cut in (start + 1)..<end {
                let bytes = Array(b.bytes[0..<cut])
                #expect(throws: ReMarkableImportError.self, "cut at \(cut)") { _ = try LinesFileReader.read(bytes: bytes, path: "cut.rm") }
                cuts += 1
            }
        }
        #expect(cuts > 100)
        // Cut inside the header too.
        #expect(throws: ReMarkableImportError.truncated(path: "cut.rm", offset: 0, what: "the 43-byte header")) {
            _ = try LinesFileReader.read(bytes: Array(b.bytes[0..<20]), path: "cut.rm")
        }
        #expect(throws: Never.self) { _ = try LinesFileReader.read(bytes: b.bytes, path: "whole.rm") }
    }

    @Test(.enabled(if: CorpusLocation.isAvailable, "the shared corpus (../shared/corpus/ink) is not on this machine"))
    func truncatedVersion3And5FilesAreErrors() throws {
        let path = CorpusLocation.path("remarkable/remarks-demo/d3954b55-8429-4220-a2d5-64f1daab9727/a8cee983-7203-4218-a1af-e2f4fcf3d073.rm")
        let data = try #require(FileManager.default.contents(atPath: path), "\(path) is missing from the corpus")
        let bytes = [UInt8](data)
        for cut in stride(from: 44, to: bytes.count, by: 7) {
            #expect(throws: ReMarkableImportError.self) { _ = try LinesFileReader.read(bytes: Array(bytes[0..<cut]), path: "v5.rm") }
        }
    }

    @Test func lengthsPointingOutsideAreErrors() throws {
        var b = Self.sample()
        // The first block's length far past the end of the file.
        var bytes = b.bytes
        bytes[43] = 0xFF; bytes[44] = 0xFF; bytes[45] = 0xFF; bytes[46] = 0x7F
        #expect(throws: ReMarkableImportError.self) { _ = try LinesFileReader.read(bytes: bytes, path: "bad.rm") }
        // A sub-block (the points) longer than its block.
        b = B()
        b.layer(Self.layer, name: "L", item: (0, 12))
        let head = B.id(1, Self.layer) + B.id(2, (1, 20)) + B.id(3, (0, 0)) + B.id(4, (0, 0)) + B.u32(5, 0)
        let value: [UInt8] = [3] + B.u32(1, 15) + B.u32(2, 0) + B.f64(3, 2) + B.f32(4, 0) + B.tag(5, 0xC) + B.le32(1_000_000)
        b.block(0x05, version: 2, minVersion: 2, head + B.sub(6, value))
        #expect {
            _ = try LinesFileReader.read(bytes: b.bytes, path: "bad.rm")
        } throws: { error in
            guard case ReMarkableImportError.badLength(let path, let offset, let what) = error else { return false }
            return path == "bad.rm" && offset > 43 && what.contains("points")
        }
        // A version 3 line claiming more points than the file holds.
        var v3 = Array("reMarkable .lines file, version=3          ".utf8)
        for v: UInt32 in [1, 1, 2, 0, 0, Float(2).bitPattern, 1_000_000] { v3 += B.le32(v) }
        #expect(throws: ReMarkableImportError.badLength(path: "v3.rm", offset: 51, what: "layer 1, line 1's point count of 1000000")) {
            _ = try LinesFileReader.read(bytes: v3, path: "v3.rm")
        }
    }

    @Test func sceneTreeCyclesAreErrors() throws {
        var b = B()
        b.layer((0, 11), name: "A", item: (0, 12))
        // Group B inside A, and A inside B.
        b.block(0x01, B.id(1, (0, 30)) + B.id(2, (0, 0)) + B.byte(3, 1) + B.sub(4, B.id(1, (0, 11))))
        b.block(0x04, B.id(1, (0, 11)) + B.id(2, (0, 31)) + B.id(3, (0, 0)) + B.id(4, (0, 0)) + B.u32(5, 0) + B.sub(6, [2] + B.id(2, (0, 30))))
        b.block(0x04, B.id(1, (0, 30)) + B.id(2, (0, 32)) + B.id(3, (0, 0)) + B.id(4, (0, 0)) + B.u32(5, 0) + B.sub(6, [2] + B.id(2, (0, 11))))
        #expect {
            _ = try LinesFileReader.read(bytes: b.bytes, path: "loop.rm")
        } throws: { error in
            guard case ReMarkableImportError.cycle(let path, let what) = error else { return false }
            return path == "loop.rm" && what.contains("scene tree")
        }
        // Two items each to the left of the other.
        var c = B()
        c.layer(Self.layer, name: "L", item: (0, 12))
        c.line(parent: Self.layer, item: (1, 20), left: (1, 21), tool: 15, points: [.init(x: 0, y: 0)])
        c.line(parent: Self.layer, item: (1, 21), left: (1, 20), tool: 15, points: [.init(x: 0, y: 0)])
        #expect(throws: ReMarkableImportError.cycle(path: "loop.rm", what: "the item sequence of group 0:11")) {
            _ = try LinesFileReader.read(bytes: c.bytes, path: "loop.rm")
        }
    }

    @Test func unknownVersionIsAnError() {
        let bytes = Array("reMarkable .lines file, version=7          ".utf8) + [0, 0, 0, 0]
        #expect(throws: ReMarkableImportError.unknownVersion(path: "v7.rm", version: "7")) {
            _ = try LinesFileReader.read(bytes: bytes, path: "v7.rm")
        }
        #expect(ReMarkableImportError.unknownVersion(path: "v7.rm", version: "7").description.hasPrefix("v7.rm: "))
    }

    @Test func missingPagesAreAnError() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ReMarkableBuiltDocumentTests.makeDocument(in: dir)
        try FileManager.default.removeItem(atPath: dir + "/doc-1/p-c.rm")
        ReMarkableTestFiles.write(Array(#"{"layers":[{"name":"Layer 1"}]}"#.utf8), to: dir + "/doc-1/p-c-metadata.json")
        #expect(throws: ReMarkableImportError.missingPages(path: dir + "/doc-1.content", pages: ["p-c"])) {
            _ = try ReMarkableImporter.read(path: dir + "/doc-1.content", options: ImportOptions(temporaryDirectory: dir))
        }
        // Nothing is left behind in the temporary directory.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("inkpdf-") }
        #expect(left.isEmpty)
    }

    @Test func zipBombIsRefused() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ReMarkableBuiltDocumentTests.makeDocument(in: dir + "/src")
        // A 4 MB PDF entry of zeros: a few kilobytes compressed.
        ReMarkableTestFiles.write([UInt8](repeating: 0, count: 4 << 20), to: dir + "/src/doc-1.pdf")
        try ReMarkableImporter.writeArchive(of: dir + "/src/doc-1.content", to: dir + "/bomb.rmdoc")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: dir + "/bomb.rmdoc")[.size] as? Int)
        #expect(size < 100_000)
        let options = ImportOptions(maximumExpandedBytes: 1 << 20, temporaryDirectory: dir)
        #expect {
            _ = try ReMarkableImporter.read(path: dir + "/bomb.rmdoc", options: options)
        } throws: { error in
            guard case ReMarkableImportError.expandsTooFar(let path, let entry, let limit) = error else { return false }
            return path == dir + "/bomb.rmdoc" && entry == "doc-1.pdf" && limit == 1 << 20
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("inkpdf-") }
        #expect(left.isEmpty)
    }

    @Test func notReMarkableIsSaidSo() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Named like a lines file, but it is not one: detection goes by content.
        ReMarkableTestFiles.write(Array("hello".utf8), to: dir + "/x.rm")
        #expect(ReMarkableImporter.detect(path: dir + "/x.rm") == nil)
        ReMarkableTestFiles.write(Array(#"{"pages":[]}"#.utf8), to: dir + "/x.json")
        #expect(ReMarkableImporter.detect(path: dir + "/x.json") == .content)
        #expect(throws: ReMarkableImportError.notReMarkable(path: dir + "/x.rm")) {
            _ = try ReMarkableImporter.read(path: dir + "/x.rm", options: ImportOptions(temporaryDirectory: dir))
        }
    }
}
