import InkFixtures
import Foundation
import Testing
@testable import InkModel

@Suite struct PageOrderedLayersTests {
    /// Pages out of order and repeated, with empty lines, a layer name per line to tell them apart.
    static let outOfOrder = [
        InkFiles.header,
        InkFiles.layerLine(page: 3, layer: "a"),
        InkFiles.layerLine(page: 1, layer: "b"),
        "",
        InkFiles.layerLine(page: 3, layer: "c"),
        InkFiles.layerLine(page: 7, layer: "d"),
        InkFiles.layerLine(page: 1, layer: "e"),
    ].joined(separator: "\n") + "\n"

    static let inOrder = [
        InkFiles.header,
        InkFiles.layerLine(page: 1, layer: "b"),
        InkFiles.layerLine(page: 1, layer: "e"),
        InkFiles.layerLine(page: 3, layer: "a"),
        InkFiles.layerLine(page: 3, layer: "c"),
        InkFiles.layerLine(page: 7, layer: "d"),
    ].joined(separator: "\r\n")

    @Test(arguments: [(outOfOrder, false), (outOfOrder, true), (inOrder, false), (inOrder, true)])
    func givesEachPagesLayersInFileOrder(text: String, gzip: Bool) throws {
        try TestFolder.with { directory in
            let path = directory.path("layers.ink.jsonl\(gzip ? ".gz" : "")")
            try InkFiles.write(text, to: path, gzip: gzip)
            let layers = try PageOrderedLayers(path: path)
            #expect(layers.header == InkLayersHeader())
            #expect(layers.isInPageOrder == (text == Self.inOrder))
            #expect(layers.inkedPages == [1, 3, 7])
            var names: [Int: [String]] = [:]
            for page in 1...8 {
                let pageLayers = try layers.layers(forPage: page)
                #expect(pageLayers.allSatisfy { $0.page == page })
                names[page] = pageLayers.compactMap(\.layer)
            }
            #expect(names == [1: ["b", "e"], 2: [], 3: ["a", "c"], 4: [], 5: [], 6: [], 7: ["d"], 8: []])
            // Going back to an earlier page works too (it costs a new pass for a gzip file in order).
            #expect(try layers.layers(forPage: 1).compactMap(\.layer) == ["b", "e"])
        }
    }

    @Test func namesTheFirstLineOfAPage() throws {
        try TestFolder.with { directory in
            let path = directory.path("layers.ink.jsonl")
            try InkFiles.write(Self.outOfOrder, to: path)
            let layers = try PageOrderedLayers(path: path)
            #expect(layers.firstLine(ofPage: 3) == 2)
            #expect(layers.firstLine(ofPage: 1) == 3)
            #expect(layers.firstLine(ofPage: 7) == 6)
            #expect(layers.firstLine(ofPage: 2) == nil)
        }
    }

    @Test(arguments: [false, true])
    func reportsAnInvalidLayerWhenItsPageIsRead(gzip: Bool) throws {
        try TestFolder.with { directory in
            let path = directory.path("bad.ink.jsonl")
            let bad = ##"{"page":2,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1e999]]}]}"##
            try InkFiles.write([InkFiles.header, InkFiles.layerLine(page: 4), bad, InkFiles.layerLine(page: 1)].joined(separator: "\n"),
                               to: path, gzip: gzip)
            let layers = try PageOrderedLayers(path: path)
            #expect(try layers.layers(forPage: 1).count == 1)
            #expect(InkFiles.message { try layers.layers(forPage: 2) }
                    == "\(path):3: page 2, stroke 1, point 1: altitude is not a finite number")
        }
    }

    @Test func reportsABadPageWhileIndexing() throws {
        try TestFolder.with { directory in
            let path = directory.path("bad.ink.jsonl")
            try InkFiles.write([InkFiles.header, InkFiles.layerLine(page: 4), #"{"strokes":[]}"#].joined(separator: "\n"), to: path)
            #expect(InkFiles.message { try PageOrderedLayers(path: path) } == "\(path):3: layer has no `page`")
        }
    }

    @Test func indexesAManyPageFile() throws {
        try TestFolder.with { directory in
            let path = directory.path("many.ink.jsonl.gz")
            let pages = Array((1...300).reversed()) + Array(1...300)
            try InkFiles.write(([InkFiles.header] + pages.enumerated().map { InkFiles.layerLine(page: $1, layer: "\($0)") })
                .joined(separator: "\n"), to: path, gzip: true)
            let layers = try PageOrderedLayers(path: path)
            #expect(!layers.isInPageOrder)
            #expect(layers.inkedPages == Array(1...300))
            for page in [1, 2, 150, 300] {
                #expect(try layers.layers(forPage: page).compactMap(\.layer) == ["\(300 - page)", "\(299 + page)"])
            }
        }
    }

    /// Blank lines where parts may begin or end, `\r\n` endings, and no line end at the end.
    static let blankLines = [
        InkFiles.header, "", InkFiles.layerLine(page: 2, layer: "a"), "", "", "  ",
        InkFiles.layerLine(page: 1, layer: "b"), "\r", InkFiles.layerLine(page: 2, layer: "c"), "",
        InkFiles.layerLine(page: 5, layer: "d"),
    ].joined(separator: "\n")

    /// What an index tells: pages, order, each page's first line and its layers' names.
    static func summary(_ layers: PageOrderedLayers) throws -> String {
        var lines = ["pages \(layers.inkedPages), in order \(layers.isInPageOrder)"]
        for page in 1...8 {
            lines.append("\(page): line \(layers.firstLine(ofPage: page).map(String.init) ?? "-") "
                         + (try layers.layers(forPage: page).compactMap(\.layer)).joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    /// A large plain file is indexed in parts at once; small parts here, so that the
    /// parts' edges fall everywhere: the index is the one pass's, line numbers included.
    @Test(arguments: [outOfOrder, inOrder, blankLines])
    func indexesInPartsAsInOnePass(text: String) throws {
        try TestFolder.with { directory in
            let path = directory.path("layers.ink.jsonl")
            try InkFiles.write(text, to: path)
            let onePass = try PageOrderedLayers(path: path, displayName: nil, partBytes: 1 << 40, parts: 1)
            #expect(onePass.indexedParts == 1)
            let expected = try Self.summary(onePass)
            for partBytes: Int64 in [1, 7, 30, 64, 100] {
                for parts in [2, 3, 5] {
                    let layers = try PageOrderedLayers(path: path, displayName: nil, partBytes: partBytes, parts: parts)
                    #expect(layers.indexedParts > 1, "\(partBytes) bytes, \(parts) parts")
                    #expect(try Self.summary(layers) == expected, "\(partBytes) bytes, \(parts) parts")
                }
            }
        }
    }

    /// A fault in a later part is reported as the one pass reports it: its line, its problem.
    @Test(arguments: [#"{"strokes":[]}"#, #"{"page":2,"strokes":[}"#, "\u{FEFF}" + InkFiles.layerLine(page: 2)])
    func reportsAFaultInAPartAsTheOnePassDoes(bad: String) throws {
        try TestFolder.with { directory in
            let path = directory.path("bad.ink.jsonl")
            let lines = [InkFiles.header] + (1...6).map { InkFiles.layerLine(page: $0) } + [bad, InkFiles.layerLine(page: 9)]
            try InkFiles.write(lines.joined(separator: "\n"), to: path)
            let expected = InkFiles.message { try PageOrderedLayers(path: path, displayName: nil, partBytes: 1 << 40, parts: 1) }
            #expect(expected?.hasPrefix("\(path):8: ") == true)
            #expect(InkFiles.message { try PageOrderedLayers(path: path, displayName: nil, partBytes: 50, parts: 4) } == expected)
        }
    }
}
