import CPoppler
import LibPoppler
import Foundation
@testable import InkPipeline
import InkModel
import LibCrypto
import InkFixtures
import Testing
import LibQPDF

/// An exported document is the whole document: links, outline, labels,
/// metadata, a form field, an annotation and an attachment survive; the ink
/// layers can ride along and come back out; page selection leaves nothing dangling.
@Suite struct ExportDocumentTests {
    final class Fixture {
        let folder = TestFolder()
        let pdf: String
        let ink: String

        /// The course notes with a text field and a square annotation on page 1
        /// and an attachment, added with qpdf (cairo cannot write them).
        init() throws {
            pdf = folder.path("course-notes.pdf")
            ink = folder.path("course-notes.ink.jsonl")
            let original = folder.path("course-notes-cairo.pdf")
            try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: original), ink: URL(fileURLWithPath: ink))
            try FileManager.default.copyItem(atPath: original, toPath: pdf)
            try editPDF(pdf) { document in
                let page = document.page(1)
                let field = document.makeIndirect(document.parse(
                    "<< /Type /Annot /Subtype /Widget /FT /Tx /T (student) /V (Ada Lovelace) /F 4 /Rect [300 760 500 780] /DA (/Helv 10 Tf 0 g) >>"))
                field.set("/P", page)
                let square = document.makeIndirect(document.parse(
                    "<< /Type /Annot /Subtype /Square /Rect [400 600 500 650] /C [0 0 1] /F 4 /Contents (check this) >>"))
                let annotations = page["/Annots"] ?? document.newArray()
                annotations.append(field)
                annotations.append(square)
                page.set("/Annots", annotations)
                let form = document.newDictionary()
                form.set("/Fields", document.newArray([field]))
                form.set("/NeedAppearances", document.parse("true"))
                document.root.set("/AcroForm", form)
                try EmbeddedInk.attach(Array("syllabus".utf8), fileName: "syllabus.txt", date: "D:20240101000000Z", to: document)
                // The attachment helper's key is the ink's: re-key it as an ordinary attachment.
                let tree = document.root["/Names"]!["/EmbeddedFiles"]!
                tree.set("/Names", document.newArray([document.newText("syllabus.txt"), NameTree.entries(of: tree)[0].value]))
            }
            // The ink was made for the cairo original (its header says so): exports below ignore that.
        }

        func export(_ name: String, options: ExportOptions = ExportOptions()) async throws -> String {
            var options = options
            options.ignoreDocumentMismatch = true
            let output = folder.path("out/\(name).pdf")
            _ = try await exportChecked(pdf: pdf, ink: ink, output: output, options: options)
            return output
        }
    }

    @Test func everythingOfTheSourceSurvives() async throws {
        let f = try Fixture()
        let output = try await f.export("all")
        let source = try PDFDocument.open(path: f.pdf), result = try PDFDocument.open(path: output)
        #expect(result.pageCount == source.pageCount)
        let identity = Dictionary(uniqueKeysWithValues: (1...source.pageCount).map { ($0, $0) })
        let sourceLinks = try NavigationTests.links(of: source, pages: Array(1...source.pageCount))
        let resultLinks = try NavigationTests.links(of: result, pages: Array(1...result.pageCount))
        #expect(sourceLinks.joined().count > 20)
        #expect(sourceLinks.map(\.count) == resultLinks.map(\.count), "every link kept")
        for (a, b) in zip(sourceLinks.joined(), resultLinks.joined()) { #expect(NavigationTests.close(a, b, map: identity)) }
        #expect(NavigationTests.outlineTitles(result.outline()) == NavigationTests.outlineTitles(source.outline()))
        #expect(result.outline() == source.outline(), "outline targets and open states kept")
        for number in 1...source.pageCount {
            #expect(source.label(of: try source.page(number)) == result.label(of: try result.page(number)))
        }
        #expect(result.info == source.info, "metadata kept as it was")

        let sourceAnnotations = annotationTypes(f.pdf, page: 1), resultAnnotations = annotationTypes(output, page: 1)
        #expect(sourceAnnotations.contains(Int(POPPLER_ANNOT_WIDGET.rawValue)) && sourceAnnotations.contains(Int(POPPLER_ANNOT_SQUARE.rawValue)))
        #expect(resultAnnotations == sourceAnnotations, "annotations and the form field kept")
        #expect(formFieldValues(output) == ["Ada Lovelace"])
        #expect(attachmentNames(output) == ["syllabus.txt"], "no ink attached without --embed-ink")
        let bytes = try #require(fileBytes(output))
        #expect(bytes.range(of: Data("\"points\"".utf8)) == nil, "no stroke data in the PDF")

        // Pages without ink are left exactly as they were: page 2 has no ink.
        let sourcePage = try PopplerReader(path: f.pdf).render(page: 2), resultPage = try PopplerReader(path: output).render(page: 2)
        #expect(resultPage.meanDifference(from: sourcePage) == 0)
        let written = try pageObject(output, 2)
        #expect(try pageObject(f.pdf, 2) == written, "page 2's dictionary is untouched")
        try await expectQPDFCheckPasses(output)
    }

    @Test func embeddedInkComesBackByteForByte() async throws {
        let f = try Fixture()
        let output = try await f.export("embedded", options: ExportOptions(embedInk: true))
        #expect(Set(attachmentNames(output)) == ["syllabus.txt", "embedded.ink.jsonl.gz"], "the ink joins the attachment already there")
        let extracted = f.folder.path("back/notes.ink.jsonl.gz")
        let size = try EmbeddedInk.extract(pdf: output, to: extracted)
        let sidecar = try #require(fileBytes(f.folder.path("out/embedded.ink.jsonl.gz")))
        #expect(size == sidecar.count)
        #expect(fileBytes(extracted) == sidecar, "the attached layers are the sidecar's bytes")
        #expect(try layerLines(extracted) == layerLines(f.ink), "every layer line as it was in the input")
        // As poppler reads the attachment's parameters: the size and MD5 of the bytes attached.
        let attached = try #require(attachmentParameters(output)["embedded.ink.jsonl.gz"])
        #expect(attached.size == sidecar.count)
        #expect(attached.checksum == (try MessageDigest.md5.digest(Array(sidecar))))
        try await expectQPDFCheckPasses(output)

        #expect(throws: ExportError.opening(.noEmbeddedInk(path: f.pdf))) { try EmbeddedInk.extract(pdf: f.pdf, to: f.folder.path("none.ink.jsonl.gz")) }
        #expect(!FileManager.default.fileExists(atPath: f.folder.path("none.ink.jsonl.gz")))
    }

    /// `extract` decodes the attachment into its output as it reads it: layers another tool
    /// compressed again (qpdf puts a `/FlateDecode` over the gzip) come back byte for byte, and
    /// data that inflates past the limit is refused with nothing written (a small stream that
    /// expands without end costs neither memory nor disk).
    @Test func extractionDecodesAsItWritesAndStopsAtTheLimit() async throws {
        let f = try Fixture()
        let output = try await f.export("embedded", options: ExportOptions(embedInk: true))
        let sidecar = try #require(fileBytes(f.folder.path("out/embedded.ink.jsonl.gz")))
        let recompressed = f.folder.path("recompressed.pdf")
        try await runQPDF([output, recompressed], allowingWarnings: false)
        let rewritten = try QPDFDocument(path: recompressed, password: nil)
        #expect(try EmbeddedInk.attachedStream(in: rewritten)["/Filter"]?.name == "/FlateDecode", "qpdf compressed the attachment")
        let back = f.folder.path("back/recompressed.ink.jsonl.gz")
        #expect(try EmbeddedInk.extract(pdf: recompressed, to: back) == sidecar.count)
        #expect(fileBytes(back) == sidecar)

        // 16 MB of zeros attached under inkpdf's key (qpdf stores them as about 16 KB): over a 1 MB limit.
        let zeros = f.folder.path("zeros.bin")
        #expect(FileManager.default.createFile(atPath: zeros, contents: Data(count: 16 << 20)))
        let bomb = f.folder.path("bomb.pdf")
        try await runQPDF(["--add-attachment", zeros, "--key=\(EmbeddedInk.attachmentKey)", "--filename=notes.ink.jsonl.gz", "--",
                     f.pdf, bomb], allowingWarnings: false)
        #expect(fileBytes(bomb).map { $0.count < 1 << 20 } == true, "the zeros are stored compressed")
        let refused = f.folder.path("back/bomb.ink.jsonl.gz")
        #expect(throws: ExportError.opening(.embeddedInkTooLarge(path: bomb, limit: 1 << 20))) {
            try EmbeddedInk.extract(pdf: bomb, to: refused, limit: 1 << 20)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.folder.path("back")) == ["recompressed.ink.jsonl.gz"],
                "nothing written, not even a temporary file")
        // Under the default limit the zeros decode, and are refused as not ink-layers.
        #expect(throws: ExportError.self) { try EmbeddedInk.extract(pdf: bomb, to: refused) }
        #expect(!FileManager.default.fileExists(atPath: refused))
    }

    /// Ink without a stroke: every page is kept as it is, so the export is the original's
    /// bytes, not qpdf's rewrite (a signature over it stays valid; on a 1221-page manual the
    /// rewrite held 423 MB).
    @Test func inkWithoutStrokesGivesTheOriginalsBytes() async throws {
        let f = try Fixture()
        let empty = f.folder.path("empty.ink.jsonl")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data("{\"format\":\"inkpdf-layers\",\"version\":1}\n".utf8)))
        let output = f.folder.path("out/empty.pdf")
        let report = try await exportChecked(pdf: f.pdf, ink: empty, output: output, options: ExportOptions(writeSidecar: false))
        #expect(report.strokeCount == 0)
        #expect(try #require(fileBytes(output)) == (try #require(fileBytes(f.pdf))))
    }

    @Test func pageSelectionLeavesNothingDangling() async throws {
        let f = try Fixture()
        let selection = try #require(try? PageSelection.parse("1,3-5").get())
        let output = try await f.export("some", options: ExportOptions(pages: selection))
        let source = try PDFDocument.open(path: f.pdf), result = try PDFDocument.open(path: output)
        #expect(result.pageCount == 4)
        let map = [1: 1, 3: 2, 4: 3, 5: 4]
        let sourceLinks = try NavigationTests.links(of: source, pages: [1, 3, 4, 5])
        let resultLinks = try NavigationTests.links(of: result, pages: [1, 2, 3, 4])
        var dropped = 0
        for (page, (a, b)) in zip(sourceLinks, resultLinks).enumerated() {
            let kept = a.filter { if case .page(let p, _, _) = $0.target { map[p] != nil } else { true } }
            dropped += a.count - kept.count
            #expect(kept.count == b.count, "output page \(page + 1): links to kept pages only")
            for (x, y) in zip(kept, b) { #expect(NavigationTests.close(x, y, map: map)) }
        }
        #expect(dropped > 0, "the sample has links to pages left out")
        func pages(_ items: [OutlineItem]) -> [Int?] {
            items.flatMap { item -> [Int?] in
                var own: [Int?] = []
                if case .page(let p, _, _) = item.target { own = [p] }
                if item.target == nil { own = [nil] }
                return own + pages(item.children)
            }
        }
        let resultTargets = pages(result.outline()).compactMap { $0 }
        #expect(resultTargets.allSatisfy { (1...4).contains($0) }, "no outline entry leads nowhere")
        #expect(resultTargets.count == pages(source.outline()).compactMap { $0 }.filter { map[$0] != nil }.count)
        let labels = try (1...4).map { result.label(of: try result.page($0)) }
        #expect(labels == (try [1, 3, 4, 5].map { source.label(of: try source.page($0)) }))
        // The pages left out are gone from the file, not merely from the page tree.
        let objects = try await qpdfJSON(output)
        #expect(objects.components(separatedBy: "\"/Type\": \"/Page\"").count - 1 == 4)
        try await expectQPDFCheckPasses(output)

        let annotated = try await f.export("annotated", options: ExportOptions(onlyAnnotated: true))
        #expect(try PDFDocument.open(path: annotated).pageCount == PageOrderedLayers(path: f.ink).inkedPages.count)
        try await expectQPDFCheckPasses(annotated)
    }

    /// From this damaged file (a cyclic outline) qpdf writes a copy it cannot read back: the
    /// rewrite says so about the source before appending anything, and leaves nothing behind.
    /// (It needs the shared corpus; a clone without ../shared skips it with the reason, as the other corpus suites do.)
    @Test(.enabled(if: SharedCorpus.isAvailable, "\(SharedCorpus.missing)"))
    func aRewriteQPDFCannotReadBackIsTheSourcesDamage() async throws {
        let source = SharedCorpus.path("pdfs/pikepdf-cyclic-toc.pdf")
        try #require(FileManager.default.fileExists(atPath: source), "\(source) is missing from the corpus")
        let folder = TestFolder()
        let ink = folder.writeInk("one.ink.jsonl", layers: [PageLayer(page: 1, layer: "Notes", strokes: [redStroke([(10, 10), (60, 60)])])])
        let selection = try #require(try? PageSelection.parse("1").get())
        for embedInk in [false, true] {
            await #expect(throws: ExportError.opening(.damagedPDF(path: source, reason: "qpdf could not write a readable copy of it"))) {
                try Exporter.export(pdf: source, ink: ink, output: folder.path("out/cyclic.pdf"),
                                    options: ExportOptions(ignoreDocumentMismatch: true, pages: selection, embedInk: embedInk))
            }
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path("out"))) ?? []).isEmpty, "nothing written")
    }

    @Test func badInputsLeaveNothingWritten() async throws {
        let f = try Fixture()
        let out = f.folder.path("out/bad.pdf")
        let notPDF = f.folder.write("just text\n", to: "text.pdf")
        await #expect(throws: ExportError.self) { try await exportChecked(pdf: notPDF, ink: f.ink, output: out) }
        do { _ = try await exportChecked(pdf: notPDF, ink: f.ink, output: out) } catch {
            if case .opening(.damagedPDF) = error {} else { Issue.record("not a PDF: \(error)") }
            #expect(error.caseName == "damagedPDF")
        }
        await #expect(throws: ExportError.opening(.inputMissing(path: f.folder.path("missing.pdf")))) {
            try await exportChecked(pdf: f.folder.path("missing.pdf"), ink: f.ink, output: out)
        }
        let farInk = f.folder.writeInk("far.ink.jsonl", layers: [PageLayer(page: 40, layer: "Notes", strokes: [redStroke([(1, 1), (2, 2)])])])
        await #expect(throws: ExportError.reading(.pageOutOfRange(inkFile: farInk, line: 2, page: 40, pageCount: 8, pdf: f.pdf))) {
            try await exportChecked(pdf: f.pdf, ink: farInk, output: out)
        }
        let cairoOriginal = f.folder.path("course-notes-cairo.pdf")
        await #expect(throws: ExportError.self) { try await exportChecked(pdf: f.pdf, ink: f.ink, output: out) }   // ink made for the cairo original
        await #expect(throws: ExportError.writing(.outputIsInput(path: cairoOriginal))) { try await exportChecked(pdf: cairoOriginal, ink: f.ink, output: cairoOriginal) }
        // Encrypted without, and with a wrong, password.
        let locked = f.folder.path("locked.pdf")
        try await runQPDF(["--encrypt", "user", "owner", "256", "--", cairoOriginal, locked], allowingWarnings: false)
        await #expect(throws: ExportError.opening(.passwordRequired(path: locked))) { try await exportChecked(pdf: locked, ink: f.ink, output: out) }
        await #expect(throws: ExportError.opening(.wrongPassword(path: locked))) {
            try await exportChecked(pdf: locked, ink: f.ink, output: out, options: ExportOptions(password: "nope", ignoreDocumentMismatch: true))
        }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: f.folder.path("out"))) ?? []
        #expect(written.isEmpty, "nothing written, not even a temporary file")
        // The right password opens it, and the output stays encrypted.
        let unlocked = f.folder.path("out/unlocked.pdf")
        _ = try await exportChecked(pdf: locked, ink: f.ink, output: unlocked, options: ExportOptions(password: "user", ignoreDocumentMismatch: true))
        #expect(throws: (any Error).self) { try PopplerReader(path: unlocked) }
        #expect(try PopplerReader(path: unlocked, password: "user").pageCount == 8)
        // Encrypted, qpdf attaches the layers (its streams are encrypted): they come back as the sidecar.
        let lockedEmbedded = f.folder.path("out/locked-embedded.pdf")
        _ = try await exportChecked(pdf: locked, ink: f.ink, output: lockedEmbedded,
                              options: ExportOptions(password: "user", ignoreDocumentMismatch: true, embedInk: true))
        let back = f.folder.path("back/locked.ink.jsonl.gz")
        _ = try EmbeddedInk.extract(pdf: lockedEmbedded, password: "user", to: back)
        #expect(fileBytes(back) == fileBytes(f.folder.path("out/locked-embedded.ink.jsonl.gz")))
    }
}

// MARK: Reading the output

/// poppler's annotation types on a page, sorted.
func annotationTypes(_ path: String, page number: Int) -> [Int] {
    withPopplerPage(path, number) { page in
        guard let list = poppler_page_get_annot_mapping(page) else { return [] }
        defer { poppler_page_free_annot_mapping(list) }
        var types: [Int] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            let mapping = current.pointee.data.assumingMemoryBound(to: PopplerAnnotMapping.self)
            types.append(Int(poppler_annot_get_annot_type(mapping.pointee.annot).rawValue))
            node = current.pointee.next
        }
        return types.sorted()
    }
}

/// Values of the text fields poppler finds.
func formFieldValues(_ path: String) -> [String] {
    withPopplerPage(path, 1) { page in
        guard let list = poppler_page_get_form_field_mapping(page) else { return [] }
        defer { poppler_page_free_form_field_mapping(list) }
        var values: [String] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            let mapping = current.pointee.data.assumingMemoryBound(to: PopplerFormFieldMapping.self)
            if let text = poppler_form_field_text_get_text(mapping.pointee.field) {
                values.append(String(cString: text))
                g_free(text)
            }
            node = current.pointee.next
        }
        return values
    }
}

/// The names poppler gives the attachments.
func attachmentNames(_ path: String) -> [String] {
    withPopplerDocument(path) { document in
        guard let list = poppler_document_get_attachments(document) else { return [] }
        defer { g_list_free(list) }
        var names: [String] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            let attachment = current.pointee.data.assumingMemoryBound(to: PopplerAttachment.self)
            if let name = poppler_attachment_get_name(attachment) { names.append(String(cString: name)) }
            inkpdf_g_object_unref(current.pointee.data)
            node = current.pointee.next
        }
        return names
    }
}

/// Each attachment's size and checksum as poppler reads them from its `/Params`, by name.
func attachmentParameters(_ path: String) -> [String: (size: Int, checksum: [UInt8])] {
    withPopplerDocument(path) { document in
        guard let list = poppler_document_get_attachments(document) else { return [:] }
        defer { g_list_free(list) }
        var found: [String: (size: Int, checksum: [UInt8])] = [:]
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            let attachment = current.pointee.data.assumingMemoryBound(to: PopplerAttachment.self)
            if let name = poppler_attachment_get_name(attachment) {
                let checksum = attachment.pointee.checksum.map { string in
                    Array(UnsafeRawBufferPointer(start: string.pointee.str, count: Int(string.pointee.len))).map { $0 }
                } ?? []
                found[String(cString: name)] = (Int(attachment.pointee.size), checksum)
            }
            inkpdf_g_object_unref(current.pointee.data)
            node = current.pointee.next
        }
        return found
    }
}

func withPopplerDocument<T>(_ path: String, _ body: (OpaquePointer) -> T) -> T {
    let document = poppler_document_new_from_file(URL(fileURLWithPath: path).absoluteString, nil, nil)!
    defer { inkpdf_g_object_unref(UnsafeMutableRawPointer(document)) }
    return body(document)
}

func withPopplerPage<T>(_ path: String, _ number: Int, _ body: (OpaquePointer) -> T) -> T {
    withPopplerDocument(path) { document in
        let page = poppler_document_get_page(document, Int32(number - 1))!
        defer { inkpdf_g_object_unref(UnsafeMutableRawPointer(page)) }
        return body(page)
    }
}

/// What a page is made of: its keys, boxes, resource names and decoded content.
func pageObject(_ path: String, _ number: Int) throws -> [String] {
    let document = try QPDFDocument(path: path, password: nil)
    let page = document.page(number)
    let contents = page["/Contents"].map { $0.isArray ? $0.items : [$0] } ?? []
    return [page.keys.sorted().joined(separator: " "), page["/MediaBox"]?.unparsed ?? "",
            page["/Resources"]?.keys.sorted().joined(separator: " ") ?? "",
            page["/Resources"]?["/Font"]?.keys.sorted().joined(separator: " ") ?? ""]
        + contents.map { String(decoding: $0.streamData() ?? [], as: UTF8.self) }
}

/// Every layer line (after the header) of an ink-layers file.
func layerLines(_ path: String) throws -> [[UInt8]] {
    let reader = try InkLayersReader(path: path)
    var lines: [[UInt8]] = []
    while let line = try reader.nextLine() { lines.append(Array(line.bytes)) }
    return lines
}

func qpdfJSON(_ path: String) async throws -> String {
    String(decoding: try await OutsideTool.qpdf.outcome(["--json=2", "--json-key=qpdf", path]).output, as: UTF8.self)
}
