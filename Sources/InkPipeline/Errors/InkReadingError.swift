import InkModel
import InkRecognition

/// Reading the ink: an ink-layers file, another tool's document, a PDF's annotations, and its recognition. One line
/// each: what went wrong, where, and what to do.
public enum InkReadingError: Error, Equatable, CustomStringConvertible {
    case pageOutOfRange(inkFile: String, line: Int, page: Int, pageCount: Int, pdf: String)
    case documentMismatch(inkFile: String, recorded: String, actual: String, pdf: String)
    case invalidInk(InkLayersError)
    /// Invalid ink whose previous revision (kept when inkpdf replaced it) is good.
    case damagedInk(DamagedLayersError)
    /// Another tool's document that has no page at all (no page selection is involved).
    case noPages(inkFile: String)
    /// Another tool's ink file (Xournal++, reMarkable) that cannot be read: its importer's message.
    case invalidImport(message: String)
    /// The background PDF an imported document names is not there.
    case backgroundPDFMissing(message: String)
    /// An imported page shows a page the background PDF does not have.
    case backgroundPageOutOfRange(inkFile: String, page: Int, pdfPage: Int, pageCount: Int, pdf: String)
    /// An imported page lies on a page the PDF does not have, as its importer says (a single reMarkable page's `--page`).
    case importedPageOutOfRange(message: String)
    /// `--page N` given with ink that names its own pages (ink-layers, Xournal++, rnote, a PDF's annotations).
    case pageNotApplicable(inkFile: String, format: InkFormat)
    /// Export keeps a PDF's objects, but the imported document has no PDF (a notebook).
    case noPDFToKeep(inkFile: String)
    /// Ink-layers ink was given without the PDF it is drawn on.
    case pdfRequired(inkFile: String)
    /// The file given as ink is an HTML page.
    case htmlGivenAsInk(path: String)
    /// The file given as ink is not one inkpdf reads.
    case unknownInkFormat(path: String, isPDF: Bool)
    /// Recognition cannot run: a language inkpdf does not know, a model missing or damaged.
    case recognition(RecognitionError)

    public var description: String {
        switch self {
        case .pageOutOfRange(let inkFile, let line, let page, let pageCount, let pdf):
            "\(inkFile):\(line): ink for page \(page), but \(pdf) has \(pageCount) page\(pageCount == 1 ? "" : "s"); is this the right PDF?"
        case .documentMismatch(let inkFile, let recorded, let actual, let pdf):
            "\(inkFile):1: the ink was made for a PDF with SHA-256 \(recorded), but \(pdf) has \(actual); use the matching PDF, or --ignore-mismatch to draw anyway"
        case .invalidInk(let error):
            error.description
        case .damagedInk(let error):
            error.description
        case .noPages(let inkFile):
            "\(inkFile): the document has no pages (none listed, and no page file found); nothing to write; copy the document's whole folder, or export it again"
        case .invalidImport(let message), .backgroundPDFMissing(let message), .importedPageOutOfRange(let message):
            message
        case .pageNotApplicable(let inkFile, let format):
            "\(inkFile): --page N places a single reMarkable .rm page or an InkML document on page N of the PDF; \(format.rawValue) ink names its own pages, so --page does not apply (choose pages with --pages)"
        case .backgroundPageOutOfRange(let inkFile, let page, let pdfPage, let pageCount, let pdf):
            "\(inkFile): page \(page) shows page \(pdfPage) of \(pdf), which has \(pageCount) page\(pageCount == 1 ? "" : "s"); is this the right PDF? (give another with --pdf FILE)"
        case .noPDFToKeep(let inkFile):
            "\(inkFile): this notebook has no PDF whose objects export could keep; use 'inkpdf flatten' to make a PDF of it"
        case .pdfRequired(let inkFile):
            "\(inkFile): ink-layers ink is drawn over a PDF; give the PDF first and the ink with --ink \(inkFile)"
        case .htmlGivenAsInk(let path):
            "\(path): this is an HTML page, not ink (a web page saved in place of the file); download the file itself"
        case .unknownInkFormat(let path, let isPDF):
            isPDF ? "\(path): this is a PDF without annotations, not ink; give the PDF first and its ink with --ink FILE"
                : "\(path): not an ink file inkpdf reads (ink-layers .ink.jsonl[.gz], Xournal++ .xopp/.xoj, reMarkable .rm/.content/.rmdoc, rnote .rnote); check the file, or name its format with --ink-format"
        case .recognition(let error):
            error.description
        }
    }
}
