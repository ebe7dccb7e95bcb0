import InkPDFContent
import LibQPDF

/// The pages of a file opened with qpdf, found without qpdf's list of all pages where
/// that can be done. qpdf's list parses every page dictionary (with the object streams
/// they sit in) and keeps them while the document is open: memory that grows with the
/// pages, most on a long manual full of links. A walk of the page tree (`PageReferenceScan`) finds each page's object
/// in flat memory instead; qpdf's list stays for a file the walk cannot read (encrypted,
/// repaired, a tree qpdf mends) and for what rewrites the document (arranging, removing pages).
struct QPDFPageList {
    let path: String
    let password: String?
    /// Each page's object, from the walk; nil: qpdf's list of pages.
    let references: [QPDFReference]?

    /// Walks `path`'s page tree (unless a password is given), dropping what qpdf parsed every `interval` pages.
    init(path: String, password: String?, reopeningEvery interval: Int = 32) {
        self.path = path
        self.password = password
        references = password == nil
            ? PageReferenceScan.references(path: path, reopeningEvery: interval)?.map { QPDFReference(id: $0.id, generation: $0.generation) }
            : nil
    }

    /// The document, opened without qpdf's list (and its check for a page) when the walk found the pages.
    func open() throws(ExportError) -> QPDFDocument {
        try QPDFDocument(path: path, password: password, checkingPages: references == nil)
    }

    /// How many pages the file has: the walk's count, else qpdf's (the document opened for it).
    func pageCount() throws(ExportError) -> Int {
        if let references { return references.count }
        return try open().pageCount
    }

    /// How many pages `document` (opened by `open`) has.
    func pageCount(of document: QPDFDocument) -> Int { references?.count ?? document.pageCount }

    /// Page `number` (1-based) of `document` (opened by `open`).
    func page(_ number: Int, of document: QPDFDocument) -> QPDFObject {
        guard let references else { return document.page(number) }
        let reference = references[number - 1]
        return document.object(id: reference.id, generation: reference.generation)
    }
}
