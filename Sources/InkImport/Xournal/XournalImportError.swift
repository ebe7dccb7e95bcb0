/// Why a Xournal++ (`.xopp`) or Xournal (`.xoj`) file could not be read.
/// Each case prints as one line: the file, the place, what is wrong and what to do.
public enum XournalImportError: Error, Equatable, CustomStringConvertible {
    /// Where in the file a problem is: an XML position, and the page and stroke when known.
    public struct Place: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        /// 1-based page number, when inside a page.
        public var page: Int?
        /// 1-based element number within the page (strokes, texts, images counted together), when inside one.
        public var element: Int?

        public init(line: Int, column: Int, page: Int? = nil, element: Int? = nil) {
            self.line = line
            self.column = column
            self.page = page
            self.element = element
        }

        public var description: String {
            var text = "\(line):\(column)"
            if let page { text += ": page \(page)" }
            if let element { text += ", element \(element)" }
            return text
        }
    }

    case cannotOpen(path: String, reason: String)
    /// The file is an HTML page (a browser saved the download page instead of the file).
    case htmlPage(path: String)
    /// Neither gzip nor zip nor XML with a `<xournal>` root.
    case notXournal(path: String, reason: String)
    case brokenGzip(path: String, reason: String)
    case brokenZip(path: String, reason: String)
    /// A zip `.xopp` without `mimetype`, `META-INF/version` or `content.xml`, or with the wrong mimetype.
    case badPackage(path: String, reason: String)
    /// Decompressed data (gzip stream, zip entry) grew past the limit.
    case expandsTooFar(path: String, part: String, limit: Int)
    /// libxml2 rejected the XML.
    case xml(path: String, place: Place, message: String)
    /// A document type declaration: Xournal++ never writes one; refused as the parser meets its name,
    /// before any entity in it is declared.
    case documentTypeDeclaration(path: String, place: Place)
    /// A value that is not a number, is not finite, or is absurdly large.
    case badNumber(path: String, place: Place, attribute: String, value: String)
    /// A finite number outside what the pipeline carries (`InkRange`): a page side, a width, a coordinate, a time.
    case outOfRange(path: String, place: Place, problem: String)
    /// More elements of a kind than any real document has (a hostile or broken file).
    case tooMany(path: String, place: Place, what: String, limit: Int)
    /// A structural problem: missing mandatory attribute, elements in the wrong place.
    case malformed(path: String, place: Place, problem: String)
    case noPages(path: String)
    /// The background PDF the document names cannot be found.
    case backgroundPDFNotFound(path: String, requested: String, tried: [String])
    case attachmentMissing(path: String, attachment: String)
    /// An attachment name that is absolute or climbs out with `..` (a zip entry, or a file beside a gzip document).
    case attachmentNameOutside(path: String, place: Place, name: String)
    /// A file the document refers to (a background PDF or image) that is not read: not a regular file,
    /// too large, or outside the folders `--confine` allows. `role` says what it is ("background image").
    case referencedFile(path: String, place: Place, role: String, file: String, problem: ReferencedFileProblem)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "\(path): cannot open (\(reason))"
        case .htmlPage(let path):
            "\(path): not a Xournal++ file: it is an HTML page; download the file itself"
        case .notXournal(let path, let reason):
            "\(path): not a Xournal++ file (\(reason)); give a .xopp or .xoj file saved by Xournal++ or Xournal"
        case .brokenGzip(let path, let reason):
            "\(path): the gzip data is damaged (\(reason)); is the file complete?"
        case .brokenZip(let path, let reason):
            "\(path): the zip archive is damaged (\(reason)); is the file complete?"
        case .badPackage(let path, let reason):
            "\(path): not a valid zip .xopp (\(reason)); save it again with Xournal++"
        case .expandsTooFar(let path, let part, let limit):
            "\(path): \(part) expands past \(limit) bytes; refusing it as a decompression bomb (raise the limit only for a file you trust)"
        case .xml(let path, let place, let message):
            "\(path):\(place): XML error: \(message); the file is damaged or not from Xournal++"
        case .documentTypeDeclaration(let path, let place):
            "\(path):\(place): the XML has a document type declaration, which Xournal++ never writes; refused before its entities are read (a file with one is not a Xournal++ document; save it again from Xournal++)"
        case .badNumber(let path, let place, let attribute, let value):
            "\(path):\(place): \(attribute) '\(Self.clip(value))' is not a usable number; the file is damaged"
        case .outOfRange(let path, let place, let problem):
            "\(path):\(place): \(problem); refusing the file as damaged or hostile (Xournal++ cannot show it either)"
        case .tooMany(let path, let place, let what, let limit):
            "\(path):\(place): more than \(limit) \(what); refusing the file as damaged or hostile"
        case .malformed(let path, let place, let problem):
            "\(path):\(place): \(problem); the file is damaged or not from Xournal++"
        case .noPages(let path):
            "\(path): the document has no pages; the file is damaged"
        case .backgroundPDFNotFound(let path, let requested, let tried):
            "\(path): background PDF '\(requested)' not found (looked for \(tried.joined(separator: ", "))); give it with --pdf FILE"
        case .attachmentMissing(let path, let attachment):
            "\(path): attachment '\(attachment)' is missing from the archive; save the file again with Xournal++"
        case .attachmentNameOutside(let path, let place, let name):
            "\(path):\(place): attachment name '\(Self.clip(name))' is absolute or climbs out with '..'; refusing it (save the file again with Xournal++)"
        case .referencedFile(let path, let place, let role, let file, let problem):
            "\(path):\(place): \(role) '\(file)' is not read: \(problem)\(Self.fix(for: problem, role: role))"
        case .cannotWrite(let path, let reason):
            "cannot write \(path) (\(reason)); check the temporary directory"
        }
    }

    /// What to do about a referenced file's problem (the confinement's own text already says it).
    private static func fix(for problem: ReferencedFileProblem, role: String) -> String {
        let pdf = role.contains("PDF")
        switch problem {
        case .outsideConfinement: return ""
        case .missing: return pdf ? "; give the PDF with --pdf FILE" : "; put the file back or remove the background"
        case .notRegular: return pdf ? "; give the PDF itself with --pdf FILE" : "; put the image file itself there, or remove the background"
        case .tooLarge: return pdf ? "; give a PDF you trust with --pdf FILE" : "; use a smaller image, or remove the background"
        }
    }

    private static func clip(_ value: String) -> String {
        value.count <= 40 ? value : String(value.prefix(40)) + "…"
    }
}

extension XournalImportError {
    /// The shared XML layer's failure, said as Xournal++'s.
    init(_ error: XMLInputError) {
        switch error {
        case .cannotOpen(let path, let reason): self = .cannotOpen(path: path, reason: reason)
        case .brokenGzip(let path, let reason): self = .brokenGzip(path: path, reason: reason)
        case .brokenZip(let path, let reason): self = .brokenZip(path: path, reason: reason)
        case .expandsTooFar(let path, let part, let limit): self = .expandsTooFar(path: path, part: part, limit: limit)
        case .xml(let path, let line, let column, let message): self = .xml(path: path, place: .init(line: line, column: column), message: message)
        }
    }

    /// The error for a step that reads a zip package: its own error as it is, a zip error
    /// said as an import error (an entry that expands too far, a damaged archive).
    static func fromZip(_ error: any Error, path: String) -> XournalImportError {
        switch error {
        case let error as XournalImportError: error
        case ZipArchiveError.expandsTooFar(_, let entry, let limit): .expandsTooFar(path: path, part: "entry \(entry)", limit: limit)
        case let error as ZipArchiveError: .brokenZip(path: path, reason: error.description)
        default: .brokenZip(path: path, reason: "\(error)")
        }
    }
}
