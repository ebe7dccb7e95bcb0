import Foundation
import InkFileSystem
import InkModel
import InkRecognition

/// Why an export could not be made. Each case prints as one line that says
/// what went wrong, where, and what to do.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    case inputMissing(path: String)
    case inputUnreadable(path: String, reason: String)
    case outputIsInput(path: String)
    case damagedPDF(path: String, reason: String)
    case emptyPDF(path: String)
    case passwordRequired(path: String)
    case wrongPassword(path: String)
    case pageOutOfRange(inkFile: String, line: Int, page: Int, pageCount: Int, pdf: String)
    case documentMismatch(inkFile: String, recorded: String, actual: String, pdf: String)
    case invalidInk(InkLayersError)
    /// Invalid ink whose previous revision (kept when inkpdf replaced it) is good.
    case damagedInk(DamagedLayersError)
    case cannotCreateOutput(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    case renderFailed(path: String, page: Int?, reason: String)
    case interrupted(signal: Int32)
    case pageSelectionOutOfRange(pdf: String, page: Int, pageCount: Int)
    /// `--pages` and/or `--only-annotated` (which were given) leave no page to write.
    case nothingSelected(pdf: String, pages: Bool, onlyAnnotated: Bool)
    /// Another tool's document that has no page at all (no page selection is involved).
    case noPages(inkFile: String)
    /// `extract`: the PDF carries no ink layers.
    case noEmbeddedInk(path: String)
    /// `extract`: the PDF's embedded ink decodes to more than `limit` bytes.
    case embeddedInkTooLarge(path: String, limit: Int)
    /// A failure reported by a worker process, with its one-line message and exit code.
    case reportedByWorker(message: String, status: Int32)
    case timedOut(path: String, seconds: Double)
    /// The worker went `seconds` without progress: before the document opened (`opened`
    /// false), on source page `page`, or after its last page (`page` nil).
    case stalled(path: String, seconds: Double, opened: Bool, page: Int?)
    /// The worker died by `signal`; `addressSpaceMB` is what its crash handler found in use (nil
    /// when it wrote no report: killed from outside, as by the kernel's out-of-memory killer).
    case workerCrashed(path: String, signal: Int32, memoryLimitMB: Int, addressSpaceMB: Int?)
    /// Another tool's ink file (Xournal++, reMarkable) that cannot be read: its importer's message.
    case invalidImport(message: String)
    /// The background PDF an imported document names is not there.
    case backgroundPDFMissing(message: String)
    /// An imported page shows a page the background PDF does not have.
    case backgroundPageOutOfRange(inkFile: String, page: Int, pdfPage: Int, pageCount: Int, pdf: String)
    /// Export keeps a PDF's objects, but the imported document has no PDF (a notebook).
    case noPDFToKeep(inkFile: String)
    /// `--ink-as annotations` on an encrypted PDF: new objects would need its key.
    case annotationsOnEncryptedPDF(path: String)
    /// Export of a PDF with its own annotations as the ink: export keeps them, so they would show twice.
    case ownAnnotationsAsInk(path: String)
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
        case .inputMissing(let path):
            "\(path): no such file; check the path"
        case .inputUnreadable(let path, let reason):
            "\(path): cannot be read (\(reason)); check its permissions"
        case .outputIsInput(let path):
            "\(path): the output would replace an input; choose another output path with -o"
        case .damagedPDF(let path, let reason):
            "\(path): not a PDF or damaged beyond repair (\(reason)); check that it opens in a PDF viewer"
        case .emptyPDF(let path):
            "\(path): the PDF has no pages; nothing to draw on"
        case .passwordRequired(let path):
            "\(path): the PDF is encrypted; give its password with --password or INKPDF_PASSWORD"
        case .wrongPassword(let path):
            "\(path): the password does not open this PDF; check it (a user or owner password works)"
        case .pageOutOfRange(let inkFile, let line, let page, let pageCount, let pdf):
            "\(inkFile):\(line): ink for page \(page), but \(pdf) has \(pageCount) page\(pageCount == 1 ? "" : "s"); is this the right PDF?"
        case .documentMismatch(let inkFile, let recorded, let actual, let pdf):
            "\(inkFile):1: the ink was made for a PDF with SHA-256 \(recorded), but \(pdf) has \(actual); use the matching PDF, or --ignore-mismatch to draw anyway"
        case .invalidInk(let error):
            error.description
        case .damagedInk(let error):
            error.description
        case .cannotCreateOutput(let path, let reason):
            "\(path): cannot create the output (\(reason)); choose a writable place with -o"
        case .writeFailed(let path, let reason):
            "\(path): writing failed (\(reason)); nothing was left at the destination; check free space and retry"
        case .renderFailed(let path, let page, let reason):
            "\(path)\(page.map { ": page \($0)" } ?? ""): drawing failed (\(reason))"
        case .interrupted(let signal):
            "interrupted by signal \(signal); no partial output was left"
        case .pageSelectionOutOfRange(let pdf, let page, let pageCount):
            "\(pdf): --pages asks for page \(page), but the PDF has \(pageCount) page\(pageCount == 1 ? "" : "s"); choose pages within 1-\(pageCount)"
        case .reportedByWorker(let message, _):
            message
        case .timedOut(let path, let seconds):
            "\(path): stopped after \(Int(seconds)) s without finishing (a damaged PDF can make poppler loop); nothing was written; check the file, or raise --timeout"
        case .stalled(let path, let seconds, let opened, let page):
            "\(path)\(page.map { ": page \($0)" } ?? ""): stopped after \(Self.seconds(seconds)) s without progress "
                + (!opened ? "while opening the document" : page == nil ? "after the last page, while writing the output" : "on this page")
                + " (a damaged PDF can make poppler loop); nothing was written; check the file, or raise --stall-timeout"
        case .workerCrashed(let path, let signal, let memoryLimitMB, let addressSpaceMB?) where addressSpaceMB * 2 >= memoryLimitMB:
            // An allocation refused at the limit ends in a trap too; half the limit in use tells them apart.
            "\(path): the work on this document ran into the \(memoryLimitMB) MB memory limit (\(addressSpaceMB) MB in use when it stopped, signal \(signal)); nothing was written; check the file, or raise --memory-limit"
        case .workerCrashed(let path, let signal, let memoryLimitMB, let addressSpaceMB?):
            "\(path): the work on this document crashed (signal \(signal)\(Self.signalName(signal))) with \(addressSpaceMB) MB of its \(memoryLimitMB) MB memory limit in use, so not for memory; nothing was written; this is a bug in inkpdf: please report it with the file"
        case .workerCrashed(let path, SIGKILL, let memoryLimitMB, nil):
            "\(path): the work on this document was killed (signal \(SIGKILL)) from outside, as the system's out-of-memory killer does; nothing was written; check the file, or raise --memory-limit (now \(memoryLimitMB) MB)"
        case .workerCrashed(let path, let signal, let memoryLimitMB, nil):
            "\(path): the work on this document crashed (signal \(signal)) or passed the \(memoryLimitMB) MB memory limit; nothing was written; check the file, or raise --memory-limit"
        case .nothingSelected(let pdf, true, true):
            "\(pdf): no page is selected (--only-annotated and the ink has no page in --pages); nothing to write"
        case .nothingSelected(let pdf, false, true):
            "\(pdf): no page is selected (--only-annotated, and no page has ink); nothing to write; leave out --only-annotated to write every page"
        case .nothingSelected(let pdf, _, _):
            "\(pdf): no page is selected (--pages selects none); nothing to write; choose pages that exist"
        case .noPages(let inkFile):
            "\(inkFile): the document has no pages (none listed, and no page file found); nothing to write; copy the document's whole folder, or export it again"
        case .invalidImport(let message), .backgroundPDFMissing(let message):
            message
        case .backgroundPageOutOfRange(let inkFile, let page, let pdfPage, let pageCount, let pdf):
            "\(inkFile): page \(page) shows page \(pdfPage) of \(pdf), which has \(pageCount) page\(pageCount == 1 ? "" : "s"); is this the right PDF? (give another with --pdf FILE)"
        case .noPDFToKeep(let inkFile):
            "\(inkFile): this notebook has no PDF whose objects export could keep; use 'inkpdf flatten' to make a PDF of it"
        case .annotationsOnEncryptedPDF(let path):
            "\(path): the PDF is encrypted, and annotations added to it would need its key; export with --ink-as content (the output stays encrypted), or decrypt it first (qpdf --decrypt)"
        case .ownAnnotationsAsInk(let path):
            "\(path): export keeps the PDF's annotations, so its own annotations as ink would show twice; flatten it ('inkpdf flatten \(path) -o OUT.pdf'), or convert them ('inkpdf convert \(path) -o NOTES.ink.jsonl') and export that over the PDF they came from"
        case .pdfRequired(let inkFile):
            "\(inkFile): ink-layers ink is drawn over a PDF; give the PDF first and the ink with --ink \(inkFile)"
        case .htmlGivenAsInk(let path):
            "\(path): this is an HTML page, not ink (a web page saved in place of the file); download the file itself"
        case .unknownInkFormat(let path, let isPDF):
            isPDF ? "\(path): this is a PDF without annotations, not ink; give the PDF first and its ink with --ink FILE"
                : "\(path): not an ink file inkpdf reads (ink-layers .ink.jsonl[.gz], Xournal++ .xopp/.xoj, reMarkable .rm/.content/.rmdoc, rnote .rnote); check the file, or name its format with --ink-format"
        case .recognition(let error):
            error.description
        case .noEmbeddedInk(let path):
            "\(path): the PDF carries no ink layers; only a PDF written by 'inkpdf export --embed-ink' has them"
        case .embeddedInkTooLarge(let path, let limit):
            "\(path): its embedded ink layers decode to more than \(limit) bytes, more than inkpdf reads from one file; nothing was written; check where the PDF came from"
        }
    }
}

extension ExportError {
    /// `60`, `0.5`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The same failure, said as export says it.
    public init(_ error: FileSystemError) {
        switch error {
        case .missing(let path): self = .inputMissing(path: path)
        case .unreadable(let path, let reason): self = .inputUnreadable(path: path, reason: reason)
        case .cannotCreate(let path, let reason): self = .cannotCreateOutput(path: path, reason: reason)
        case .writeFailed(let path, let reason): self = .writeFailed(path: path, reason: reason)
        case .interrupted(let signal): self = .interrupted(signal: signal)
        }
    }

    /// Runs a file-system step inside export's error domain.
    public static func fileStep<T>(_ body: () throws(FileSystemError) -> T) throws(ExportError) -> T {
        do { return try body() } catch { throw ExportError(error) }
    }

    /// The SHA-256 (hex) of the file at `path`, failing as export fails.
    public static func sha256(ofFileAt path: String) throws(ExportError) -> String {
        try fileStep { () throws(FileSystemError) in try FileDigest.sha256Hex(ofFileAt: path) }
    }

    /// Throws `inputMissing` unless `path` is a file, `inputUnreadable` unless it can be read.
    static func requireReadableFile(_ path: String) throws(ExportError) {
        try fileStep { () throws(FileSystemError) in try FileIdentity.requireReadableFile(path) }
    }

    /// `, a trap` for the signals a failed check ends in, and so on.
    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL, SIGTRAP: ", a trap"
        case SIGABRT: ", an abort"
        case SIGSEGV, SIGBUS: ", a bad memory access"
        case SIGFPE: ", an arithmetic fault"
        default: ""
        }
    }

}
