import Foundation
import Testing
import InkModel
@testable import InkImport
import InkFixtures

/// Files made to hurt (an upload, a class's folder): every number is checked against
/// `InkRange`, work stays bounded by the input's size, and only the document's own files
/// are read or packed. Each input is built here, never copied.
@Suite struct ReMarkableHostileInputTests {
    typealias B = LinesV6Builder
    static let layer: (UInt8, UInt64) = (0, 11)

    static func options(_ dir: String) -> ImportOptions { ImportOptions(temporaryDirectory: dir) }

    /// A `.content` of the older form (`pages`, `redirectionPageMap`) over a PDF, with one page file.
    static func writeOldStyleDocument(in dir: String, redirects: String) {
        let content = #"{"fileType":"pdf","pages":["p-a","p-b"],"redirectionPageMap":\#(redirects)}"#
        ReMarkableTestFiles.write(Array(content.utf8), to: dir + "/doc.content")
        ReMarkableTestFiles.write(Array("%PDF-1.4 not really\n".utf8), to: dir + "/doc.pdf")
        let b = ReMarkableBuiltDocumentTests.page { $0.line(parent: layer, item: (1, 20), tool: 17, points: [.init(x: 0, y: 0)]) }
        ReMarkableTestFiles.write(b.bytes, to: dir + "/doc/p-a.rm")
    }

    static func badContentReason(_ error: any Error, path: String) -> String? {
        guard case ReMarkableImportError.badContent(let at, let reason) = error, at == path else { return nil }
        return reason
    }

    // MARK: 1. Integers from the .content

    @Test func aRedirectionPastAnyPageIsALocatedErrorNotATrap() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (value, key) in [("9223372036854775807", "redirectionPageMap[1]"), ("1e300", "redirectionPageMap[1]"),
                             ("-9223372036854775808", "redirectionPageMap[1]"), ("2.5", "redirectionPageMap[1]")] {
            Self.writeOldStyleDocument(in: dir, redirects: "[0, \(value)]")
            #expect {
                _ = try ReMarkableImporter.read(path: dir + "/doc.content", options: Self.options(dir))
            } throws: { error in
                guard let reason = Self.badContentReason(error, path: dir + "/doc.content") else { return false }
                return reason.hasPrefix(key + " is ") && reason.contains("not a PDF page index")
            }
        }
        // The newer form: cPages' redir, and the error names the page's index in the list.
        let content = """
            {"fileType":"pdf","cPages":{"pages":[
              {"id":"p-a","idx":{"timestamp":"1:2","value":"ba"},"redir":{"timestamp":"1:2","value":0}},
              {"id":"p-b","idx":{"timestamp":"1:2","value":"bb"},"redir":{"timestamp":"1:2","value":9223372036854775807}}]}}
            """
        ReMarkableTestFiles.write(Array(content.utf8), to: dir + "/doc.content")
        #expect {
            _ = try ReMarkableImporter.read(path: dir + "/doc.content", options: Self.options(dir))
        } throws: { error in
            Self.badContentReason(error, path: dir + "/doc.content")?.hasPrefix("cPages.pages[1].redir.value is 9223372036854775807") ?? false
        }
        let message = ReMarkableImportError.badContent(path: "d.content", reason: "cPages.pages[1].redir.value is 9223372036854775807, not a PDF page index (−1 … 999999)").description
        #expect(message.hasPrefix("d.content: ") && !message.contains("\n") && message.contains("copy the document again"))
        // What the tablet writes still reads: −1 is a page inserted into the PDF.
        Self.writeOldStyleDocument(in: dir, redirects: "[0, -1]")
        let document = try ReMarkableImporter.read(path: dir + "/doc.content", options: Self.options(dir))
        try? FileManager.default.removeItem(atPath: document.layersPath)
        #expect(document.pages.map(\.background) == [.pdfPage(1), .paper(Paper())])
    }

    // MARK: 2. Points beyond InkRange

    @Test func aPointFarOffThePageIsALocatedError() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for far: Float in [3e38, -3e38, 1e6] {
            let b = ReMarkableBuiltDocumentTests.page {
                $0.line(parent: Self.layer, item: (1, 20), tool: 17, points: [.init(x: 0, y: 0), .init(x: 10, y: far)])
            }
            ReMarkableTestFiles.write(b.bytes, to: dir + "/far.rm")
            #expect {
                _ = try ReMarkableImporter.read(path: dir + "/far.rm", options: Self.options(dir))
            } throws: { error in
                guard case ReMarkableImportError.outOfRange(let path, let place, let problem) = error else { return false }
                return path == dir + "/far.rm" && place == "page 1, layer 1 (Layer 1), stroke 1 (item 1:20), point 2"
                    && problem.hasPrefix("y is ") && problem.contains("outside ±28800")
            }
        }
        // Typed text placed far off the page.
        ReMarkableTestFiles.write(Self.textPage([((1, 10), (0, 0), (0, 0), 0, "Hi")], x: 1e30), to: dir + "/text.rm")
        #expect {
            _ = try ReMarkableImporter.read(path: dir + "/text.rm", options: Self.options(dir))
        } throws: { error in
            guard case ReMarkableImportError.outOfRange(let path, let place, let problem) = error else { return false }
            return path == dir + "/text.rm" && place == "page 1, typed text line 1" && problem.hasPrefix("x is ")
        }
        // A highlight's rectangle too.
        let glyph = LinesPage.GlyphHighlight(color: 3, text: "x", rectangles: [(0, 0, 10, 10), (1e6, 0, 10, 10)])
        let geometry = ReMarkablePageGeometry.notebook(version: 6, paperSize: nil, farthest: (nil, nil)).geometry
        #expect(throws: ReMarkableStrokeBuilder.OutOfRange.self) { _ = try ReMarkableStrokeBuilder.strokes(from: glyph, geometry: geometry) }
        let message = ReMarkableImportError.outOfRange(path: "far.rm", place: "page 1, layer 1 (Layer 1), stroke 1 (item 1:20), point 2",
                                                       problem: "y is 1e38, outside ±28800").description
        #expect(message == "far.rm: page 1, layer 1 (Layer 1), stroke 1 (item 1:20), point 2: y is 1e38, outside ±28800; the file is damaged, copy it again from the tablet")
    }

    @Test func aNotebookPageGrowsNoLongerThanTheLargestPDFPage() throws {
        // Far ink (in range for a point, 50,000 units = 15,929 pt down) makes the page the largest a PDF has.
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let b = ReMarkableBuiltDocumentTests.page {
            $0.line(parent: Self.layer, item: (1, 20), tool: 17, points: [.init(x: 0, y: 0), .init(x: 10, y: 50_000)])
        }
        ReMarkableTestFiles.write(b.bytes, to: dir + "/long.rm")
        let (document, layers, _) = try ReMarkableTestFiles.importLayers(dir + "/long.rm", options: Self.options(dir))
        #expect(document.pages[0].height <= InkRange.maximumPageSide && document.pages[0].height > InkRange.maximumPageSide - 1)
        #expect(layers[0].strokes[0].points.count == 2)
        // Whatever the farthest point says, the page is a page.
        for far in [3e38, 1e300, .infinity] {
            let tall = ReMarkablePageGeometry.notebook(version: 6, paperSize: nil, farthest: (far, far))
            let wide = ReMarkablePageGeometry.notebook(version: 5, paperSize: nil, farthest: (far, far), landscape: true)
            for side in [tall.width, tall.height, wide.width, wide.height] { #expect(InkRange.isPageSide(side), "\(far): \(side)") }
        }
        // Ink a little past the paper still lengthens it as before (y 7776 + 20 units).
        let scrolled = ReMarkablePageGeometry.notebook(version: 6, paperSize: nil, farthest: (nil, 7776))
        #expect(abs(scrolled.height - 7796 * 72 / 226) < 1e-9)
    }

    @Test func aPaperLargerThanAPDFPageIsALocatedError() throws {
        var b = B()
        b.sceneInfo(width: 99_999, height: 1872)
        #expect {
            _ = try LinesFileReader.read(bytes: b.bytes, path: "paper.rm")
        } throws: { error in
            guard case ReMarkableImportError.corrupt(let path, let offset, let what) = error else { return false }
            return path == "paper.rm" && offset > 43 && what.contains("paper width") && what.contains("14400")
        }
    }

    // MARK: 3. Typed text: a total bound, loops found before the sort

    /// A root-text block (0x07) holding `items` (id, left, right, deleted length, text).
    static func rootText(_ items: [(id: (UInt8, UInt64), left: (UInt8, UInt64), right: (UInt8, UInt64), deleted: UInt32, text: String?)],
                         x: Double = 0) -> [UInt8] {
        var list = B.varuint(UInt64(items.count))
        for item in items {
            var t = B.id(2, item.id) + B.id(3, item.left) + B.id(4, item.right) + B.u32(5, item.deleted)
            if let text = item.text { t += B.sub(6, B.varuint(UInt64(text.utf8.count)) + [1] + Array(text.utf8)) }
            list += B.sub(0, t)
        }
        let content = B.sub(1, B.sub(1, list)) + B.sub(2, B.sub(1, B.varuint(0)))
        let position = B.le32(UInt32(x.bitPattern & 0xFFFF_FFFF)) + B.le32(UInt32(x.bitPattern >> 32)) + B.le32(0) + B.le32(0)
        return B.id(1, (0, 0)) + B.sub(2, content) + B.sub(3, position) + B.f32(4, 936)
    }

    static func textPage(_ items: [(id: (UInt8, UInt64), left: (UInt8, UInt64), right: (UInt8, UInt64), deleted: UInt32, text: String?)],
                         x: Double = 0) -> [UInt8] {
        var b = B()
        b.layer(layer, name: "Layer 1", item: (0, 12))
        b.block(0x07, rootText(items, x: x))
        return b.bytes
    }

    @Test func deletedTextExpandsNoFurtherThanTheFileAllows() throws {
        // The fuzzer's slow unit, rebuilt: two runs of 2^20 deleted characters, each to the right of
        // the other (a loop), in a file of a few hundred bytes. Refused before anything is expanded.
        let run: UInt32 = 1 << 20
        let bytes = Self.textPage([((1, 100), (0, 0), (1, 5_000_000), run, nil),
                                   ((1, 5_000_000), (1, 100), (1, 100), run, nil)])
        #expect(bytes.count < 400)
        #expect {
            _ = try LinesFileReader.read(bytes: bytes, path: "text.rm")
        } throws: { error in
            guard case ReMarkableImportError.corrupt(let path, let offset, let what) = error else { return false }
            return path == "text.rm" && offset > 43 && what.contains("more than 65536 characters")
        }
        // Many items together, none large: the total is what is bounded.
        let items = (0..<200).map { i in ((UInt8(1), UInt64(10_000 * i + 1)), (UInt8(0), UInt64(0)), (UInt8(0), UInt64(0)), UInt32(9_000), String?.none) }
        #expect(throws: ReMarkableImportError.self) { _ = try LinesFileReader.read(bytes: Self.textPage(items), path: "text.rm") }
        #expect(LinesV6Reader.maximumTextEntries(fileBytes: 10_000) == 160_000)
    }

    @Test func typedTextThatLoopsBackIsACycle() throws {
        // Within the bound, a loop between two runs, and a run whose left is one of its own characters.
        for items in [[((UInt8(1), UInt64(100)), (UInt8(0), UInt64(0)), (UInt8(1), UInt64(50_000)), UInt32(20_000), String?.none),
                       ((1, 50_000), (1, 100), (1, 100), 20_000, nil)],
                      [((1, 100), (1, 150), (0, 0), 300, nil)],
                      [((1, 100), (0, 0), (1, 101), 0, "ab")]] {
            #expect {
                _ = try LinesFileReader.read(bytes: Self.textPage(items), path: "loop.rm")
            } throws: { error in
                guard case ReMarkableImportError.cycle(let path, let what) = error else { return false }
                return path == "loop.rm" && what.hasPrefix("the typed text's character sequence")
            }
        }
        // Text with a deleted run between its words still reads in order.
        let page = try LinesFileReader.read(bytes: Self.textPage([((1, 10), (0, 0), (0, 0), 0, "Hello"),
                                                                  ((1, 20), (1, 14), (0, 0), 0, " world"),
                                                                  ((1, 15), (1, 14), (1, 20), 5, nil)]),
                                            path: "text.rm")
        #expect(page.text?.paragraphs.map { $0.text } == ["Hello world"])
    }

    @Test func anIDCounterThatWrapsIsAnError() throws {
        let bytes = Self.textPage([((1, UInt64.max - 2), (0, 0), (0, 0), 0, "abcdef")])
        #expect(throws: ReMarkableImportError.self) { _ = try LinesFileReader.read(bytes: bytes, path: "wrap.rm") }
    }

    // MARK: 4. Shared groups in the scene tree

    /// A scene tree of `depth` groups under the layer, each placing the next `copies` times; one line at the bottom.
    static func sharedGroups(depth: Int, copies: Int) -> B {
        var b = B()
        b.layer(layer, name: "Layer 1", item: (0, 12))
        var parent = layer
        var item: UInt64 = 1000
        for level in 0..<depth {
            let group = (UInt8(0), UInt64(100 + level))
            b.block(0x01, B.id(1, group) + B.id(2, (0, 0)) + B.byte(3, 1) + B.sub(4, B.id(1, parent)))
            var left: (UInt8, UInt64) = (0, 0)
            for _ in 0..<copies {
                let id = (UInt8(0), item)
                b.block(0x04, B.id(1, parent) + B.id(2, id) + B.id(3, left) + B.id(4, (0, 0)) + B.u32(5, 0) + B.sub(6, [2] + B.id(2, group)))
                left = id
                item += 1
            }
            parent = group
        }
        b.line(parent: parent, item: (1, 20), tool: 17, points: [.init(x: 0, y: 0), .init(x: 1, y: 1)])
        return b
    }

    @Test func aGroupPlacedTwiceIsALocatedError() throws {
        let b = Self.sharedGroups(depth: 2, copies: 2)
        #expect {
            _ = try LinesFileReader.read(bytes: b.bytes, path: "twice.rm")
        } throws: { error in
            guard case ReMarkableImportError.corrupt(let path, let offset, let what) = error else { return false }
            return path == "twice.rm" && b.blockOffsets.contains(offset)
                && what == "group 0:100 places group 0:101, which the scene tree already placed (item 0:1003); a group may appear once"
        }
        // Placed once at every level, the tree reads, its line once.
        let once = try LinesFileReader.read(bytes: Self.sharedGroups(depth: 30, copies: 1).bytes, path: "once.rm")
        #expect(once.layers.count == 1 && once.layers[0].items.count == 1)
    }

    @Test func thirtyLevelsOfSharedGroupsEndAtTheFirstSecondPlacement() throws {
        // Read as the paths to it, the line would be drawn 2^30 times.
        let b = Self.sharedGroups(depth: 30, copies: 2)
        #expect(b.bytes.count < 8_000)
        #expect(throws: ReMarkableImportError.self) { _ = try LinesFileReader.read(bytes: b.bytes, path: "shared.rm") }
    }

    // MARK: 5. Page ids and page files

    @Test func aPageIDThatClimbsOutIsRefused() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A lines file two folders up from the page folder: `doc/../../secret.rm`.
        let outside = ReMarkableBuiltDocumentTests.page { $0.line(parent: Self.layer, item: (1, 20), tool: 17, points: [.init(x: 0, y: 0)]) }
        ReMarkableTestFiles.write(outside.bytes, to: dir + "/secret.rm")
        for (ids, key) in [(#"["../../secret"]"#, "pages[0]"), (#"["p-a", "/etc/passwd"]"#, "pages[1]")] {
            ReMarkableTestFiles.write(Array(#"{"fileType":"notebook","pages":\#(ids)}"#.utf8), to: dir + "/box/doc.content")
            ReMarkableTestFiles.write(outside.bytes, to: dir + "/box/doc/p-a.rm")
            #expect {
                _ = try ReMarkableImporter.read(path: dir + "/box/doc.content", options: Self.options(dir))
            } throws: { error in
                Self.badContentReason(error, path: dir + "/box/doc.content")?.hasPrefix("\(key) is ") ?? false
            }
        }
        let cPages = #"{"fileType":"notebook","cPages":{"pages":[{"id":"../../secret","idx":{"timestamp":"1:2","value":"ba"}}]}}"#
        ReMarkableTestFiles.write(Array(cPages.utf8), to: dir + "/box/doc.content")
        #expect {
            _ = try ReMarkableImporter.read(path: dir + "/box/doc.content", options: Self.options(dir))
        } throws: { error in
            Self.badContentReason(error, path: dir + "/box/doc.content") == "cPages.pages[0].id is \"../../secret\", a page id that climbs out of the document's folder"
        }
    }

    @Test func pageFilesAreCheckedLikeAnyFileADocumentNames() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ReMarkableBuiltDocumentTests.makeDocument(in: dir + "/doc", pdf: false)
        let elsewhere = ReMarkableBuiltDocumentTests.page { $0.line(parent: Self.layer, item: (1, 20), tool: 17, points: [.init(x: 0, y: 0)]) }
        ReMarkableTestFiles.write(elsewhere.bytes, to: dir + "/elsewhere/page.rm")
        let page = dir + "/doc/doc-1/p-a.rm"
        try FileManager.default.removeItem(atPath: page)
        try FileManager.default.createSymbolicLink(atPath: page, withDestinationPath: dir + "/elsewhere/page.rm")
        // Without --confine a link to a regular file is read, as before.
        let document = try ReMarkableImporter.read(path: dir + "/doc/doc-1.content", options: Self.options(dir))
        try? FileManager.default.removeItem(atPath: document.layersPath)
        // Under --confine, a page that resolves outside the document's folder is refused, naming the --allow fix.
        var confined = Self.options(dir)
        confined.confinement = []
        #expect {
            _ = try ReMarkableImporter.read(path: dir + "/doc/doc-1.content", options: confined)
        } throws: { error in
            guard case ReMarkableImportError.refusedFile(let path, let file, let reason) = error else { return false }
            return path == dir + "/doc/doc-1.content" && file == page && reason.contains("--allow")
        }
        confined.confinement = [dir + "/elsewhere"]
        let allowed = try ReMarkableImporter.read(path: dir + "/doc/doc-1.content", options: confined)
        try? FileManager.default.removeItem(atPath: allowed.layersPath)
        // A page file over the size cap (4 KB here; the .content and .metadata are under it),
        // and a folder where a page file should be.
        try FileManager.default.removeItem(atPath: page)
        let large = ReMarkableBuiltDocumentTests.page {
            $0.line(parent: Self.layer, item: (1, 20), tool: 17, points: (0..<1000).map { .init(x: Float($0), y: 0) })
        }
        ReMarkableTestFiles.write(large.bytes, to: page)
        var capped = Self.options(dir)
        capped.maximumReferencedFileBytes = 4096
        #expect {
            _ = try ReMarkableImporter.read(path: dir + "/doc/doc-1.content", options: capped)
        } throws: { error in
            guard case ReMarkableImportError.refusedFile(_, let file, let reason) = error else { return false }
            return file == page && reason.contains("more than the 4096") && reason.hasSuffix("put the tablet's own file in its place")
        }
        try FileManager.default.removeItem(atPath: page)
        try FileManager.default.createDirectory(atPath: page, withIntermediateDirectories: true)
        #expect(throws: ReMarkableImportError.refusedFile(path: dir + "/doc/doc-1.content", file: page,
                                                          reason: "it is a folder, not a regular file; put the tablet's own file in its place")) {
            _ = try ReMarkableImporter.read(path: dir + "/doc/doc-1.content", options: Self.options(dir))
        }
    }

    // MARK: 6. .rmdoc archives and the sidecar

    /// Sets the uncompressed size that `entry`'s local header and central-directory record declare.
    static func declare(_ size: UInt32, for entry: String, in archive: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: archive)))
        let name = Array(entry.utf8)
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func put(_ at: Int) { for k in 0..<4 { bytes[at + k] = UInt8(size >> (8 * UInt32(k)) & 0xFF) } }
        var patched = 0
        for i in 0..<(bytes.count - 46) {
            if bytes[i...i + 3] == [0x50, 0x4B, 0x03, 0x04], u16(i + 26) == name.count, Array(bytes[i + 30..<i + 30 + name.count]) == name {
                put(i + 22); patched += 1
            }
            if bytes[i...i + 3] == [0x50, 0x4B, 0x01, 0x02], u16(i + 28) == name.count, i + 46 + name.count <= bytes.count,
               Array(bytes[i + 46..<i + 46 + name.count]) == name {
                put(i + 24); patched += 1
            }
        }
        try #require(patched == 2)
        try Data(bytes).write(to: URL(fileURLWithPath: archive))
    }

    @Test func anEntryDeclaringMoreThanTheBudgetIsRefusedUnread() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ReMarkableBuiltDocumentTests.makeDocument(in: dir + "/src")
        // 256 KB of zeros that declare 2 GiB: refused by what they declare, before a byte is inflated
        // (read, they would end early, a damaged archive).
        ReMarkableTestFiles.write([UInt8](repeating: 0, count: 256 << 10), to: dir + "/src/doc-1.pdf")
        try ReMarkableImporter.writeArchive(of: dir + "/src/doc-1.content", to: dir + "/bomb.rmdoc")
        try Self.declare(0x8000_0000, for: "doc-1.pdf", in: dir + "/bomb.rmdoc")
        #expect(throws: ReMarkableImportError.expandsTooFar(path: dir + "/bomb.rmdoc", entry: "doc-1.pdf", limit: 1 << 30)) {
            _ = try ReMarkableImporter.read(path: dir + "/bomb.rmdoc", options: Self.options(dir))
        }
        // An entry that expands past what it declares stops there: the archive is damaged.
        try ReMarkableImporter.writeArchive(of: dir + "/src/doc-1.content", to: dir + "/liar.rmdoc")
        try Self.declare(1000, for: "doc-1.pdf", in: dir + "/liar.rmdoc")
        #expect {
            _ = try ReMarkableImporter.read(path: dir + "/liar.rmdoc", options: Self.options(dir))
        } throws: { error in
            guard case ReMarkableImportError.archive(let path, _) = error else { return false }
            return path == dir + "/liar.rmdoc"
        }
        // One budget for the whole document: entries that fit one by one, but not together.
        var tight = Self.options(dir)
        tight.maximumExpandedBytes = (256 << 10) + 100
        try ReMarkableImporter.writeArchive(of: dir + "/src/doc-1.content", to: dir + "/whole.rmdoc")
        #expect {
            _ = try ReMarkableImporter.read(path: dir + "/whole.rmdoc", options: tight)
        } throws: { error in
            guard case ReMarkableImportError.expandsTooFar(let path, _, let limit) = error else { return false }
            return path == dir + "/whole.rmdoc" && limit == tight.maximumExpandedBytes
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("inkpdf-") }
        #expect(left.isEmpty)
    }

    @Test func anArchiveEntryThatClimbsOutIsRefused() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ReMarkableBuiltDocumentTests.makeDocument(in: dir + "/src")
        for name in ["../outside.rm", "/tmp/absolute.rm", "doc-1/../../up.rm"] {
            var writer = try ZipArchiveWriter(path: dir + "/climb.rmdoc")
            for entry in try ReMarkableImporter.archiveEntries(of: dir + "/src/doc-1.content") { try writer.add(entry.name, file: entry.file) }
            try writer.add(name, bytes: Array("x".utf8))
            try writer.close()
            #expect(ReMarkableImporter.detect(path: dir + "/climb.rmdoc") == .archive)
            #expect {
                _ = try ReMarkableImporter.read(path: dir + "/climb.rmdoc", options: Self.options(dir))
            } throws: { error in
                guard case ReMarkableImportError.archive(let path, let reason) = error else { return false }
                return path == dir + "/climb.rmdoc" && reason.hasPrefix("entry \"\(name)\" climbs out")
            }
        }
    }

    @Test func theSidecarNeverFollowsALink() throws {
        let dir = ReMarkableTestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ReMarkableTestFiles.write(Array("a private key".utf8), to: dir + "/secret")
        for linked in ["doc-1/p-a.rm", "doc-1.pdf", "doc-1.metadata"] {
            let src = dir + "/src-\(linked.count)"
            ReMarkableBuiltDocumentTests.makeDocument(in: src)
            try FileManager.default.removeItem(atPath: src + "/" + linked)
            try FileManager.default.createSymbolicLink(atPath: src + "/" + linked, withDestinationPath: dir + "/secret")
            #expect {
                try ReMarkableImporter.writeArchive(of: src + "/doc-1.content", to: dir + "/side.rmdoc")
            } throws: { error in
                guard case ReMarkableImportError.refusedFile(let path, let file, let reason) = error else { return false }
                return path == src + "/doc-1.content" && file == src + "/" + linked && reason.hasPrefix("it is a symbolic link")
                    && reason.hasSuffix("or give --no-sidecar")
            }
            #expect(!FileManager.default.fileExists(atPath: dir + "/side.rmdoc"))
        }
        // The page folder itself a link.
        let src = dir + "/src-folder"
        ReMarkableBuiltDocumentTests.makeDocument(in: src)
        try FileManager.default.moveItem(atPath: src + "/doc-1", toPath: dir + "/pages")
        try FileManager.default.createSymbolicLink(atPath: src + "/doc-1", withDestinationPath: dir + "/pages")
        #expect(throws: ReMarkableImportError.self) { try ReMarkableImporter.writeArchive(of: src + "/doc-1.content", to: dir + "/side.rmdoc") }
        // A plain document packs as before; a folder inside the page folder is left out.
        let plain = dir + "/src-plain"
        ReMarkableBuiltDocumentTests.makeDocument(in: plain)
        try FileManager.default.createDirectory(atPath: plain + "/doc-1/cache", withIntermediateDirectories: true)
        let names = try ReMarkableImporter.archiveEntries(of: plain + "/doc-1.content").map(\.name)
        #expect(names == ["doc-1.content", "doc-1.metadata", "doc-1.pdf", "doc-1/p-a.rm", "doc-1/p-c.rm", "doc-1/p-new.rm"])
    }
}
