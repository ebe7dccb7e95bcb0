import Foundation
import InkFileSystem
import InkModel

/// Reads W3C InkML 1.0 documents (`.inkml`, plain or gzip XML) into inkpdf's
/// model: traces become strokes (see `InkMLStrokeBuilder` for channels, units,
/// pressure and brushes), streamed page by page into a temporary layers file
/// (see `InkMLDocumentReader` for contexts, references and pages).
///
/// InkML has no pages and no background. Given alone, each page is paper sized
/// to its ink (its farthest x and y, plus a margin), as other notebooks without a
/// PDF are; with `--pdf`, page k of the document lies over PDF page `--page` + k − 1
/// (`--page` defaults to 1), its coordinates from the top-left corner of the
/// displayed page, as a single reMarkable page is laid over its PDF page.
///
/// ```swift
/// let document = try InkMLImporter.read(path: "note.inkml", options: ImportOptions())
/// defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
/// ```
public enum InkMLImporter {
    /// The InkML namespace, which the root `<ink>` must be in.
    public static let namespace = "http://www.w3.org/2003/InkML"

    /// The size in points (as displayed) of page `page` (1-based) of the PDF at `pdfPath`, nil when it
    /// has none: InkImport reads no PDFs, the caller supplies this (the same as `ReMarkableImporter.PDFPageSize`).
    public typealias PDFPageSize = @Sendable (_ pdfPath: String, _ page: Int) -> (width: Double, height: Double)?

    /// Whether the file at `path` is an InkML document, decided from the XML parser's
    /// events (after gzip, in the encoding the prolog declares), never from the name: its
    /// root is `<ink>` in the InkML namespace, or a document type declaration names `ink`
    /// (which the reader then refuses, saying why).
    public static func recognizes(path: String) -> Bool {
        guard let input = try? InputFile(path: path) else { return false }
        let source = XMLByteSource(file: input, path: path, budget: ExpansionBudget(limit: 1 << 24))
        switch try? XMLPrologCheck.check(source) {
        case .root(let name, let namespace)?: return name == "ink" && namespace == Self.namespace
        case .documentType(let name, _, _)?: return name == "ink" || name.hasSuffix(":ink")
        default: return false
        }
    }

    /// Reads the document at `path`. `pdfPageSize` gives the sizes of `options.pdf`'s pages
    /// (the pages a document over a PDF lays out on). The ink goes to a new file in
    /// `options.temporaryDirectory` (`layersPath`, in `options.layersForm`), which the caller
    /// removes; on error nothing is left behind.
    public static func read(path: String, options: ImportOptions,
                            pdfPageSize: PDFPageSize? = nil) throws(InkMLImportError) -> ImportedDocument {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .cannotOpen(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        let input: InputFile
        do { input = try InputFile(path: path) } catch { throw .cannotOpen(path: path, reason: "\(error)") }
        let source = XMLByteSource(file: input, path: path, budget: ExpansionBudget(limit: options.maximumExpandedBytes))
        try checkProlog(source, path: path)

        let layersPath: String
        do { layersPath = try XournalBackgrounds.makeTemporaryFile(in: options.temporaryDirectory, suffix: options.layersForm.fileSuffix) } catch {
            throw .cannotWrite(path: options.temporaryDirectory, reason: error.description)
        }
        do {
            // The layers are written on a thread of their own while the XML is read.
            let writer: BackgroundLayerSink
            do { writer = BackgroundLayerSink(try options.makeSink(path: layersPath)) } catch {
                throw InkMLImportError.cannotWrite(path: layersPath, reason: "\(error)")
            }
            let document = InkMLDocumentReader(path: path, writer: writer, options: options, pdfPageSize: pdfPageSize)
            try writer.reading({ () throws(InkMLImportError) in
                let reader: XMLPullReader
                do throws(XMLInputError) { reader = try XMLPullReader(source: source, path: path) } catch { throw InkMLImportError(error) }
                try document.read(reader)
            }, writeFailure: { .cannotWrite(path: layersPath, reason: "\($0)") })
            do { try writer.close() } catch { throw InkMLImportError.cannotWrite(path: layersPath, reason: "\(error)") }
            let background = options.pdf.map { BackgroundPDF(requested: $0, resolved: FileManager.default.fileExists(atPath: $0) ? $0 : nil) }
            return ImportedDocument(format: .inkML, source: path, pages: document.pages, backgroundPDF: background,
                                    layersPath: layersPath, layersForm: options.layersForm, report: document.report)
        } catch let error as InkMLImportError {
            try? FileManager.default.removeItem(atPath: layersPath)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: layersPath)
            throw .cannotWrite(path: layersPath, reason: "\(error)")
        }
    }

    /// Refuses a document type declaration (no entity is ever declared) and another root
    /// before the reader starts, from the parser's events.
    private static func checkProlog(_ source: XMLByteSource, path: String) throws(InkMLImportError) {
        let outcome: XMLPrologCheck.Outcome
        do { outcome = try XMLPrologCheck.check(source) } catch { throw InkMLImportError(error) }
        switch outcome {
        case .root(let name, let namespace):
            guard name == "ink", namespace == Self.namespace else {
                throw .notInkML(path: path, reason: "its root element is <\(name.prefix(40))> in namespace \(namespace.map { "'\($0.prefix(60))'" } ?? "none")")
            }
        case .documentType(_, let line, let column):
            throw .documentTypeDeclaration(path: path, place: .init(line: line, column: column))
        case .prologTooLong:
            throw .notInkML(path: path, reason: "more than \(XMLPrologCheck.maximumPrologBytes) bytes come before its root element")
        case .unreadable:
            return  // the pull reader reports where the XML breaks
        }
    }
}
