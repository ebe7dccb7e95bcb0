import InkFileSystem
import Foundation
import InkModel
import InkPDFContent
import InkRendering

/// Pages' compressed ink content kept in a file until the output can take it:
/// flatten makes the ink on one thread while cairo writes the pages on the
/// other, and the ink is appended only once cairo has finished the file.
/// Holding every page's stream in memory would grow with the page count;
/// here memory is one small entry per page.
///
/// The file is created beside the output and unlinked at once, so nothing is
/// left behind whatever ends the process; the descriptor is closed by `deinit`.
/// Written from the producer's threads (one append at a time), then read from
/// another after they are done (the producer's completion orders the two).
///
/// `asPDF`: each content is written as a Form XObject of a PDF (without its
/// resources), and `finishPDF()` ends the file with its cross-reference table,
/// so that qpdf can open it and copy the forms into the document it writes:
/// qpdf reads a copied stream's data only when it writes it, so the ink stays
/// on disk instead of in qpdf's memory (which otherwise held every page's ink
/// until the end; docs/benchmarks.md, "qpdf, kept to flat memory").
final class PageInkSpool: @unchecked Sendable {
    struct Entry {
        var page: Int
        /// The PDF object holding this content (`asPDF`), else 0.
        var object: Int32 = 0
        var offset: Int
        var count: Int
        var length: Int
        var graphicsStates: [InkGraphicsState]
        var grains: [Grain]
        var width: Double
        var height: Double
        /// The words shown over the ink (`CompressedInkContent.text`), kept here, not in the file.
        var text: [HandwritingWord] = []
        /// The words alone (`CompressedInkContent.isTextOnly`): nothing in the file (`object` 0).
        var isTextOnly = false
    }

    private let descriptor: FileDescriptor
    private let name: String
    private var appended: [Entry] = []
    private var end = 0
    private let lock = NSLock()
    private let asPDF: Bool
    /// Where each object starts (`asPDF`), by object number − 1.
    private var objectOffsets: [Int] = []

    /// What was appended, by page.
    var entries: [Entry] { lock.withLock { appended.sorted { $0.page < $1.page } } }

    /// A spool beside `output` (its folder); `name` is what errors call it.
    ///
    /// The corresponding C functions are `mkstemp` and `unlink`.
    init(besides output: String, name: String, asPDF: Bool = false) throws(ExportError) {
        let directory = PathName.folder(of: output)
        let folder = output.hasPrefix("/proc/") || directory.isEmpty ? NSTemporaryDirectory() : directory
        // Named as the output's temporary files are (`.NAME.inkpdf-PID-…`), so that the
        // clean-up after a killed process removes it too if it dies before the unlink below.
        let prefix = ".\((name as NSString).lastPathComponent).inkpdf-\(getpid())-spool-"
        var path = (folder as NSString).appendingPathComponent(prefix + "XXXXXX")
        do { self.descriptor = try FileDescriptor(uniqueFrom: &path) } catch {
            throw .writing(.cannotCreateOutput(path: name, reason: "cannot create a temporary file in \(folder): \(error.description)"))
        }
        try? FileSystem.remove(path)
        self.name = name
        self.asPDF = asPDF
        if asPDF { try write(Array("%PDF-1.7\n%\u{e2}\u{e3}\u{cf}\u{d3}\n".utf8)) }
    }

    /// Appends `bytes` at the end (the lock held).
    private func write(_ bytes: [UInt8]) throws(ExportError) {
        do {
            try descriptor.writeAll(bytes)
        } catch {
            throw .writing(.writeFailed(path: name, reason: error.description))
        }
        end += bytes.count
    }

    /// Appends `content` of `page`.
    func append(_ content: CompressedInkContent, page: Int) throws(ExportError) {
        lock.lock()
        defer { lock.unlock() }
        if content.isTextOnly {
            appended.append(Entry(page: page, offset: end, count: 0, length: 0, graphicsStates: [], grains: [],
                                  width: content.width, height: content.height, text: content.text, isTextOnly: true))
            return
        }
        var object: Int32 = 0
        if asPDF {
            objectOffsets.append(end)
            object = Int32(objectOffsets.count)
            try write(Array(("\(object) 0 obj\n<<" + InkResourceObjects.formKeys(width: content.width, height: content.height)
                             + "/Filter/FlateDecode/Length \(content.deflated.count)>>\nstream\n").utf8))
        }
        let offset = end
        try write(content.deflated)
        if asPDF { try write(Array("\nendstream\nendobj\n".utf8)) }
        appended.append(Entry(page: page, object: object, offset: offset, count: content.deflated.count, length: content.length,
                              graphicsStates: content.graphicsStates, grains: content.grains,
                              width: content.width, height: content.height, text: content.text))
    }

    /// Ends the PDF (`asPDF`: a page tree of one blank page, the cross-reference table, the trailer)
    /// and returns a path qpdf can open it by while this spool lives.
    func finishPDF() throws(ExportError) -> String {
        precondition(asPDF, "the spool was not made as a PDF")
        lock.lock()
        defer { lock.unlock() }
        // One blank page: a document without pages is refused when opened.
        let catalog = objectOffsets.count + 1, pages = catalog + 1, page = pages + 1
        objectOffsets.append(end)
        try write(Array("\(catalog) 0 obj\n<</Type/Catalog/Pages \(pages) 0 R>>\nendobj\n".utf8))
        objectOffsets.append(end)
        try write(Array("\(pages) 0 obj\n<</Type/Pages/Kids[\(page) 0 R]/Count 1>>\nendobj\n".utf8))
        objectOffsets.append(end)
        try write(Array("\(page) 0 obj\n<</Type/Page/Parent \(pages) 0 R/MediaBox[0 0 1 1]>>\nendobj\n".utf8))
        let table = end
        var xref = Array("xref\n0 \(objectOffsets.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in objectOffsets { PDFNumberWriter.appendCrossReferenceEntry(offset: offset, generation: 0, to: &xref) }
        xref += Array("trailer\n<</Size \(objectOffsets.count + 1)/Root \(catalog) 0 R>>\nstartxref\n\(table)\n%%EOF\n".utf8)
        try write(xref)
        return descriptor.procPath
    }

    /// The content `entry` stands for, read back.
    ///
    /// The corresponding C function is `pread`.
    func content(_ entry: Entry) throws(ExportError) -> CompressedInkContent {
        if entry.isTextOnly { return .textOnly(entry.text, width: entry.width, height: entry.height) }
        var bytes = [UInt8](repeating: 0, count: entry.count)
        let failure = bytes.withUnsafeMutableBytes { (buffer) -> Errno? in
            do throws(Errno) { try descriptor.read(at: Int64(entry.offset), into: buffer) } catch { return error }
            return nil
        }
        if let failure {
            throw .writing(.writeFailed(path: name, reason: failure == .ioError ? "the ink spooled for page \(entry.page) is short"
                                                                     : "cannot read back the ink: \(failure)"))
        }
        var content = CompressedInkContent(deflated: bytes, length: entry.length, graphicsStates: entry.graphicsStates,
                                           grains: entry.grains, width: entry.width, height: entry.height)
        content.text = entry.text
        return content
    }
}
