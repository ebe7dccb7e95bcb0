import LibPoppler
import Foundation
@testable import InkPipeline
import InkFixtures
import Testing

/// Named destinations are found wherever the catalog keeps them: poppler's one-name lookup
/// reads only an old-style `/Dests` dictionary when there is one, so a name kept only in the
/// `/Names` tree beside it must still lead to its page.
@Suite struct NamedDestinationTests {
    @Test func aNameOnlyInTheNamesTreeBesideAnOldDestsDictionaryIsFound() throws {
        let folder = TestFolder()
        let pdf = folder.path("named.pdf")
        try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: folder.path("notes.ink.jsonl")))
        try editPDF(pdf) { document in
            let root = document.root
            let two = document.page(2), three = document.page(3)
            let old = document.newDictionary()
            old.set("/old", document.newArray([two, document.newName("/Fit")]))
            root.set("/Dests", old)
            let tree = document.newDictionary()
            tree.set("/Names", document.newArray([document.newText("new"), document.newArray([three, document.newName("/Fit")])]))
            let names = document.newDictionary()
            names.set("/Dests", tree)
            root.set("/Names", names)
            let outlines = document.makeIndirect(document.parse("<< /Type /Outlines /Count 2 >>"))
            let first = document.makeIndirect(document.parse("<< /Title (Old style) /Dest /old >>"))
            let second = document.makeIndirect(document.parse("<< /Title (Names tree) /Dest (new) >>"))
            for item in [first, second] { item.set("/Parent", outlines) }
            first.set("/Next", second)
            second.set("/Prev", first)
            outlines.set("/First", first)
            outlines.set("/Last", second)
            root.set("/Outlines", outlines)
        }
        let outline = try PDFDocument.open(path: pdf).outline()
        #expect(outline.map(\.title) == ["Old style", "Names tree"])
        let pages = outline.map { item -> Int? in if case .page(let page, _, _)? = item.target { page } else { nil } }
        #expect(pages == [2, 3], "each name leads to its page")
    }
}
