/// Why a reMarkable document or lines file could not be read: one line each,
/// saying what, where (file, byte offset or page) and what to do.
public enum ReMarkableImportError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// Neither a lines file, a `.content` document, a document folder nor a `.rmdoc` archive.
    case notReMarkable(path: String)
    /// A lines file of a version this reader does not know.
    case unknownVersion(path: String, version: String)
    /// The file ends inside a structure that starts at `offset`.
    case truncated(path: String, offset: Int, what: String)
    /// A length or count points outside the file or its enclosing block.
    case badLength(path: String, offset: Int, what: String)
    /// A structure whose contents make no sense (wrong tag, impossible value).
    case corrupt(path: String, offset: Int, what: String)
    /// The scene tree (or a CRDT sequence) loops back on itself.
    case cycle(path: String, what: String)
    /// The `.content` file cannot be parsed.
    case badContent(path: String, reason: String)
    /// Pages the `.content` names whose lines files are missing although their metadata is there.
    case missingPages(path: String, pages: [String])
    /// A page that shows a PDF page which the PDF does not have.
    case pdfPageOutOfRange(path: String, page: Int, pdfPage: Int, pdfPageCount: Int?)
    /// A single `.rm` page over a PDF needs `--page` (or the page is out of range).
    case pageRequired(path: String)
    /// An archive entry, with the entries read before it, expands (or declares it expands) past
    /// the limit: one budget for the whole archive.
    case expandsTooFar(path: String, entry: String, limit: Int)
    /// The archive itself cannot be read.
    case archive(path: String, reason: String)
    /// A file of the document (`file`: a page, its metadata, the PDF) that is not read or packed:
    /// not a regular file, too large, a link, or outside the folders `--confine` allows
    /// (`reason` says which, and what to do).
    case refusedFile(path: String, file: String, reason: String)
    /// A point (or a highlight's rectangle, or the typed text) lies outside what a PDF page can carry.
    case outOfRange(path: String, place: String, problem: String)
    /// The temporary layers file (or an extracted PDF) cannot be written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): cannot be read (\(reason)); check the path and its permissions"
        case .notReMarkable(let path):
            "\(path): not a reMarkable lines file, .content document, document folder or .rmdoc archive"
        case .unknownVersion(let path, let version):
            "\(path): reMarkable lines format version \(version) is not one inkpdf reads (3, 5 and 6 are); convert it with the tablet's current software"
        case .truncated(let path, let offset, let what):
            "\(path): byte \(offset): the file ends inside \(what); the file is incomplete, copy it again from the tablet"
        case .badLength(let path, let offset, let what):
            "\(path): byte \(offset): \(what) points outside the file; the file is damaged, copy it again from the tablet"
        case .corrupt(let path, let offset, let what):
            "\(path): byte \(offset): \(what); the file is damaged, copy it again from the tablet"
        case .cycle(let path, let what):
            "\(path): \(what) loops back on itself; the file is damaged, copy it again from the tablet"
        case .badContent(let path, let reason):
            "\(path): not a readable reMarkable .content file (\(reason)); copy the document again from the tablet"
        case .missingPages(let path, let pages):
            "\(path): \(pages.count) page(s) named in the .content have metadata but no .rm lines file (\(pages.prefix(3).joined(separator: ", "))\(pages.count > 3 ? ", …" : "")); copy the document's whole folder"
        case .pdfPageOutOfRange(let path, let page, let pdfPage, let count):
            "\(path): page \(page) shows PDF page \(pdfPage), but the PDF has \(count.map(String.init) ?? "no such page")\(count == nil ? "" : " pages"); give the PDF the document was annotated on"
        case .pageRequired(let path):
            "\(path): a single .rm page over a PDF needs the PDF page it was written on; give --page N"
        case .expandsTooFar(let path, let entry, let limit):
            "\(path): \(entry) expands past \(limit) bytes, what the whole archive may expand to; refusing it as a decompression bomb (for a document that large, give its folder as the tablet keeps it)"
        case .archive(let path, let reason):
            "\(path): \(reason)"
        case .refusedFile(let path, let file, let reason):
            "\(path): \(file): \(reason)"
        case .outOfRange(let path, let place, let problem):
            "\(path): \(place): \(problem); the file is damaged, copy it again from the tablet"
        case .cannotWrite(let path, let reason):
            "\(path): cannot be written (\(reason)); check the temporary directory"
        }
    }
}
