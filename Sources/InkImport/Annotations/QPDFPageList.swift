import InkFileSystem
import LibPoppler
import LibQPDF

/// The pages of a file opened with qpdf, found without qpdf's list of all pages where
/// that can be done. qpdf's list parses every page dictionary (with the object streams
/// they sit in) and keeps them while the document is open: memory that grows with the
/// pages, most on a long manual full of links. A walk of the page tree (`PageReferenceScan`) finds each page's object
/// in flat memory instead; qpdf's list stays for a file the walk cannot read (encrypted,
/// repaired, a tree qpdf mends) and for what rewrites the document (arranging, removing pages).
/// The pipeline opens it with export's errors (`QPDFPageList.open()` there).
public struct QPDFPageList {
    public let path: String
    public let password: String?
    /// Each page's object, from the walk; nil: qpdf's list of pages.
    public let references: [QPDFReference]?

    /// Walks `path`'s page tree (unless a password is given), dropping what qpdf parsed every `interval` pages.
    public init(path: String, password: String?, reopeningEvery interval: Int = 32) {
        self.path = path
        self.password = password
        references = password == nil
            ? PageReferenceScan.references(path: path, reopeningEvery: interval)?.map { QPDFReference(id: $0.id, generation: $0.generation) }
            : nil
    }

    /// The document, opened without qpdf's list (and its check for a page) when the walk found the pages.
    public func openDocument() throws(QPDFOpeningError) -> QPDFDocument {
        try QPDFDocument(opening: path, password: password, checkingPages: references == nil)
    }

    /// How many pages the file has: the walk's count, else qpdf's (the document opened for it).
    public func countPages() throws(QPDFOpeningError) -> Int {
        if let references { return references.count }
        return try openDocument().pageCount
    }

    /// How many pages `document` (opened by `open`) has.
    public func pageCount(of document: QPDFDocument) -> Int { references?.count ?? document.pageCount }

    /// Page `number` (1-based) of `document` (opened by `open`).
    public func page(_ number: Int, of document: QPDFDocument) -> QPDFObject {
        guard let references else { return document.page(number) }
        let reference = references[number - 1]
        return document.object(id: reference.id, generation: reference.generation)
    }
}

/// Why qpdf could not open a PDF: what the pipeline tells as `ExportError` (`ExportError(_:)` there),
/// each case carrying what its message needs.
public enum QPDFOpeningError: Error {
    /// The file is not there or cannot be read (`FileIdentity.requireReadableFile`).
    case file(FileSystemError)
    /// qpdf refused it: `passwordGiven` tells a wrong password from a missing one.
    case qpdf(QPDFError, path: String, passwordGiven: Bool)
    /// It has no page.
    case emptyPDF(path: String)
}

extension QPDFDocument {
    /// Opens `path`, trying each form of `password` that `PasswordCandidates` lists (qpdf, like
    /// poppler, compares bytes and does not transcode).
    ///
    /// `checkingPages` false: the document is not refused for having no page, and qpdf's list of
    /// all pages (every page dictionary parsed and kept) is not made, for a caller that has found
    /// the pages otherwise (`PageReferenceScan`).
    public convenience init(opening path: String, password: String?, checkingPages: Bool = true) throws(QPDFOpeningError) {
        try self.init(opening: path, passwordForms: PasswordCandidates.forms(of: password), passwordGiven: password != nil,
                      checkingPages: checkingPages)
    }

    /// Opens `path` with the first of `passwordForms` (byte strings, nil for none) that qpdf accepts.
    public convenience init(opening path: String, passwordForms: [[UInt8]?], passwordGiven: Bool, checkingPages: Bool = true) throws(QPDFOpeningError) {
        do throws(FileSystemError) { try FileIdentity.requireReadableFile(path) } catch { throw .file(error) }
        do throws(QPDFError) {
            try self.init(path: path, passwordForms: passwordForms)
        } catch {
            throw .qpdf(error, path: path, passwordGiven: passwordGiven)
        }
        guard !checkingPages || pageCount > 0 else { throw .emptyPDF(path: path) }
    }
}
