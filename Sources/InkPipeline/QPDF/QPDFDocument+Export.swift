import Foundation
import InkImport
import LibPoppler
import LibQPDF

/// qpdf's documents as export, flatten and the annotation reader open and write them: with the
/// password forms `PasswordCandidates` lists, and qpdf's errors told as `ExportError`s.
extension QPDFDocument {
    /// Opens `path`, trying each form of `password` that `PasswordCandidates` lists (qpdf, like
    /// poppler, compares bytes and does not transcode). A missing password for an encrypted file,
    /// a wrong one and a file qpdf cannot repair become the same errors flatten reports.
    ///
    /// `checkingPages` false: the document is not refused for having no page, and qpdf's list of
    /// all pages (every page dictionary parsed and kept) is not made, for a caller that has found
    /// the pages otherwise (`PageReferenceScan`).
    convenience init(path: String, password: String?, checkingPages: Bool = true) throws(ExportError) {
        try self.init(path: path, passwordForms: PasswordCandidates.forms(of: password), passwordGiven: password != nil,
                      checkingPages: checkingPages)
    }

    /// Opens `path` with the first of `passwordForms` (byte strings, nil for none) that qpdf accepts
    /// (`init(opening:passwordForms:passwordGiven:checkingPages:)`, InkImport), its errors told as export tells them.
    convenience init(path: String, passwordForms: [[UInt8]?], passwordGiven: Bool, checkingPages: Bool = true) throws(ExportError) {
        do throws(QPDFOpeningError) {
            try self.init(opening: path, passwordForms: passwordForms, passwordGiven: passwordGiven, checkingPages: checkingPages)
        } catch {
            throw ExportError(error)
        }
    }

    /// Writes the whole document to `path` (`QPDFDocument.write`), named `name` in errors.
    func write(to path: String, name: String) throws(ExportError) {
        do throws(QPDFError) { try write(to: path) } catch { throw ExportError(qpdf: error, path: name) }
    }

    /// Takes `page` out of the page tree (`QPDFDocument.removePage`).
    func removingPage(_ page: QPDFObject) throws(ExportError) {
        do throws(QPDFError) { try removePage(page) } catch { throw ExportError(qpdf: error, path: path) }
    }

    /// Adds `page` at the end of the page tree (`QPDFDocument.addPage`).
    func addingPage(_ page: QPDFObject, from other: QPDFDocument? = nil) throws(ExportError) {
        do throws(QPDFError) { try addPage(page, from: other) } catch { throw ExportError(qpdf: error, path: path) }
    }
}

extension ExportError {
    /// What qpdf could not do with `path` (an input read, or an output written), as export tells it.
    init(qpdf error: QPDFError, path: String, passwordGiven: Bool = false) {
        switch error {
        case .passwordRejected: self = passwordGiven ? .opening(.wrongPassword(path: path)) : .opening(.passwordRequired(path: path))
        case .damaged(let reason): self = .opening(.damagedPDF(path: path, reason: reason))
        case .warned(let reason): self = .opening(.damagedPDF(path: path, reason: "qpdf warns: " + reason))
        case .encrypted: self = .opening(.passwordRequired(path: path))
        case .cannotCreate(let reason): self = .writing(.cannotCreateOutput(path: path, reason: reason))
        case .writeFailed(let reason, let isSystemError):
            self = isSystemError ? .writing(.writeFailed(path: path, reason: reason)) : .drawing(.renderFailed(path: path, page: nil, reason: reason))
        }
    }
}

extension ExportError {
    /// Why qpdf could not open a PDF, as export tells it.
    init(_ error: QPDFOpeningError) {
        switch error {
        case .file(let error): self = ExportError(error)
        case .qpdf(let error, let path, let passwordGiven): self = ExportError(qpdf: error, path: path, passwordGiven: passwordGiven)
        case .emptyPDF(let path): self = .opening(.emptyPDF(path: path))
        }
    }

    /// Why the annotations of a PDF could not be read, as export tells it; `headerError` is what the
    /// caller's header closure met when it returned nil (`AnnotationReadError.headerRefused`).
    init(_ error: AnnotationReadError, headerError: ExportError? = nil) {
        switch error {
        case .opening(let error): self = ExportError(error)
        case .layers(let error, let path): self = Flattener.exportError(from: error, path: path)
        case .temporaryFile(let folder, let reason): self = .writing(.writeFailed(path: folder, reason: reason))
        case .headerRefused: self = headerError ?? .drawing(.renderFailed(path: "", page: nil, reason: "the ink-layers header was refused"))
        }
    }
}

extension QPDFPageList {
    /// The document, opened without qpdf's list (and its check for a page) when the walk found the pages.
    func open() throws(ExportError) -> QPDFDocument {
        do throws(QPDFOpeningError) { return try openDocument() } catch { throw ExportError(error) }
    }

    /// How many pages the file has: the walk's count, else qpdf's (the document opened for it).
    func pageCount() throws(ExportError) -> Int {
        do throws(QPDFOpeningError) { return try countPages() } catch { throw ExportError(error) }
    }
}
