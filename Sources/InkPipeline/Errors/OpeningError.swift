/// Opening the inputs: the PDF (found, readable, a PDF, its password, its pages as asked) and what was asked of it.
/// One line each: what went wrong, where, and what to do.
public enum OpeningError: Error, Equatable, CustomStringConvertible {
    case inputMissing(path: String)
    case inputUnreadable(path: String, reason: String)
    case damagedPDF(path: String, reason: String)
    case emptyPDF(path: String)
    case passwordRequired(path: String)
    case wrongPassword(path: String)
    case pageSelectionOutOfRange(pdf: String, page: Int, pageCount: Int)
    /// `--pages` and/or `--only-annotated` (which were given) leave no page to write.
    case nothingSelected(pdf: String, pages: Bool, onlyAnnotated: Bool)
    /// `extract`: the PDF carries no ink layers.
    case noEmbeddedInk(path: String)
    /// `extract`: the PDF's embedded ink decodes to more than `limit` bytes.
    case embeddedInkTooLarge(path: String, limit: Int)
    /// `--ink-as annotations` on an encrypted PDF: new objects would need its key.
    case annotationsOnEncryptedPDF(path: String)
    /// Export of a PDF with its own annotations as the ink: export keeps them, so they would show twice.
    case ownAnnotationsAsInk(path: String)

    public var description: String {
        switch self {
        case .inputMissing(let path):
            "\(path): no such file; check the path"
        case .inputUnreadable(let path, let reason):
            "\(path): cannot be read (\(reason)); check its permissions"
        case .damagedPDF(let path, let reason):
            "\(path): not a PDF or damaged beyond repair (\(reason)); check that it opens in a PDF viewer"
        case .emptyPDF(let path):
            "\(path): the PDF has no pages; nothing to draw on"
        case .passwordRequired(let path):
            "\(path): the PDF is encrypted; give its password with --password or INKPDF_PASSWORD"
        case .wrongPassword(let path):
            "\(path): the password does not open this PDF; check it (a user or owner password works)"
        case .pageSelectionOutOfRange(let pdf, let page, let pageCount):
            "\(pdf): --pages asks for page \(page), but the PDF has \(pageCount) page\(pageCount == 1 ? "" : "s"); choose pages within 1-\(pageCount)"
        case .nothingSelected(let pdf, true, true):
            "\(pdf): no page is selected (--only-annotated and the ink has no page in --pages); nothing to write"
        case .nothingSelected(let pdf, false, true):
            "\(pdf): no page is selected (--only-annotated, and no page has ink); nothing to write; leave out --only-annotated to write every page"
        case .nothingSelected(let pdf, _, _):
            "\(pdf): no page is selected (--pages selects none); nothing to write; choose pages that exist"
        case .annotationsOnEncryptedPDF(let path):
            "\(path): the PDF is encrypted, and annotations added to it would need its key; export with --ink-as content (the output stays encrypted), or decrypt it first (qpdf --decrypt)"
        case .ownAnnotationsAsInk(let path):
            "\(path): export keeps the PDF's annotations, so its own annotations as ink would show twice; flatten it ('inkpdf flatten \(path) -o OUT.pdf'), or convert them ('inkpdf convert \(path) -o NOTES.ink.jsonl') and export that over the PDF they came from"
        case .noEmbeddedInk(let path):
            "\(path): the PDF carries no ink layers; only a PDF written by 'inkpdf export --embed-ink' has them"
        case .embeddedInkTooLarge(let path, let limit):
            "\(path): its embedded ink layers decode to more than \(limit) bytes, more than inkpdf reads from one file; nothing was written; check where the PDF came from"
        }
    }
}
