import InkFixtures
import Foundation
import Testing
@testable import InkModel

@Suite struct InkLayersCheckTests {
    @Test func countsAValidFile() throws {
        try TestFolder.with { directory in
            let path = directory.path("ok.ink.jsonl")
            try InkFiles.write([InkFiles.header, InkFiles.layerLine(page: 2), InkFiles.layerLine(page: 2, layer: "b"),
                                InkFiles.layerLine(page: 5)].joined(separator: "\n"), to: path, gzip: true)
            let check = try InkLayersCheck(path: path)
            #expect(check.pages == 2 && check.layers == 3 && check.strokes == 3 && check.points == 3)
        }
    }

    @Test(arguments: [
        (InkFiles.layerLine(page: 1, strokes: ##"{"ink":{"type":"pen","color":"red"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5]]}"##),
         "2: page 1, stroke 1: `ink.color` is \"red\"; expected #RRGGBB or #RRGGBBAA"),
        (InkFiles.layerLine(page: 4), "2: page 4: page 4 is beyond the 3 pages the header records (pdf.pageCount)"),
        (#"{"page":1,"strokes":[}"#, "2: invalid JSON at column 22: expected a value, found '}'"),
    ])
    func namesTheLineAtFault(line: String, expected: String) throws {
        try TestFolder.with { directory in
            let path = directory.path("bad.ink.jsonl")
            try InkFiles.write([#"{"format":"inkpdf-layers","version":1,"pdf":{"pageCount":3}}"#, line].joined(separator: "\n"), to: path)
            let message = InkFiles.message { try InkLayersCheck(path: path) }
            #expect(message == "\(path):\(expected)")
        }
    }

    @Test func aDecodeErrorNamesTheLastGoodRevision() throws {
        try TestFolder.with { directory in
            let path = directory.path("notes.ink.jsonl")
            try InkFiles.write(InkFiles.header + "\n{\"page\":", to: path)
            let plain = InkFiles.message { try LayersRevision.namingLastGoodRevision { try InkLayersCheck(path: path) } }
            #expect(plain?.hasPrefix("\(path):2: ") == true)
            #expect(plain?.contains("last good revision") == false)

            try InkFiles.write([InkFiles.header, InkFiles.layerLine(page: 1)].joined(separator: "\n"), to: LayersRevision.previous(of: path))
            let named = InkFiles.message { try LayersRevision.namingLastGoodRevision { try InkLayersCheck(path: path) } }
            #expect(named == "\(plain!); the last good revision is \(path).prev: copy it over \(path) to recover")
        }
    }
}
