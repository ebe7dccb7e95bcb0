import InkFileSystem
import Foundation
import InkModel

/// Page backgrounds as Xournal++ resolves them (`XmlParser::parseBackgroundTag`,
/// `LoadHandler::loadBgPdf`, `getAbsoluteFilepath`): solid paper with a ruling,
/// images (files, zip attachments, clones of an earlier page's) and the one
/// background PDF of a document.
final class XournalBackgrounds {
    let documentPath: String
    let container: XournalContainer
    let options: ImportOptions
    /// The zip package, for a zip document: its attachments are read through it (once each, under one budget).
    let package: XournalPackage?
    /// The document's PDF once a `type="pdf"` background named one.
    private(set) var pdf: BackgroundPDF?
    /// Each page's image, to resolve `domain="clone"` (0-based page index).
    private var pageImages: [Int: [UInt8]] = [:]
    private(set) var warnings: [XournalWarning] = []

    init(documentPath: String, container: XournalContainer, options: ImportOptions, package: XournalPackage? = nil) {
        self.documentPath = documentPath
        self.container = container
        self.options = options
        self.package = package
    }

    static func ruling(_ style: String?) -> Paper.Ruling? {
        switch style ?? "plain" {
        case "plain": .plain
        case "lined": .lined
        case "ruled": .ruled
        case "graph": .graph
        case "dotted": .dotted
        case "isodotted": .isometricDotted
        case "isograph": .isometricGraph
        case "staves": .staves
        default: nil
        }
    }

    private var documentFolder: String { PathName.folder(of: documentPath) }

    /// Where `filename` of domain `absolute` is: an absolute path as it is, a relative one beside the document.
    private func absolutePath(_ filename: String) -> String {
        filename.hasPrefix("/") ? filename : (documentFolder as NSString).appendingPathComponent(filename)
    }

    /// An attachment beside a gzip document: `NAME.xopp.` followed by the file name (`old.xopp.bg.pdf`).
    private func attachedPath(_ filename: String) -> String { documentPath + "." + filename }

    /// The background of `page` (1-based) from its `<background>` attributes.
    func background(_ attributes: [(name: String, value: String)], page: Int,
                    place: XournalImportError.Place) throws(XournalImportError) -> DocumentPage.Background {
        func attribute(_ name: String) -> String? { attributes.last(where: { $0.name == name })?.value }
        switch attribute("type") {
        case "pdf":
            return .pdfPage(try pdfPage(attribute, place: place))
        case "pixmap":
            var paper = Paper(ruling: .plain)
            paper.image = try pixmap(attribute, page: page, place: place)
            if let image = paper.image { pageImages[page - 1] = image }
            return .paper(paper)
        case "solid", nil:
            if attribute("type") == nil { warnings.append(.init("backgrounds without a type: plain white paper is used", at: "page \(page)")) }
            let colorText = attribute("color") ?? "white"
            var color = XournalColor.parse(colorText, background: true)
            if color == nil {
                warnings.append(.init("backgrounds of an unknown colour: white is used (as Xournal++ does)", at: "page \(page)",
                                      text: "page \(page): background colour '\(colorText.prefix(40))' unknown; white is used (as Xournal++ does)", particular: "colour '\(colorText.prefix(40))'"))
                color = RGBAColor(red: 1, green: 1, blue: 1)
            }
            var ruling = Self.ruling(attribute("style"))
            if ruling == nil {
                warnings.append(.init("backgrounds of an unknown style: plain paper is used", at: "page \(page)",
                                      text: "page \(page): background style '\((attribute("style") ?? "").prefix(40))' unknown; plain paper is used", particular: "style '\((attribute("style") ?? "").prefix(40))'"))
                ruling = .plain
            }
            return .paper(Paper(color: color!, ruling: ruling!))
        case let other?:
            warnings.append(.init("backgrounds of an unknown type: plain white paper is used", at: "page \(page)",
                                  text: "page \(page): background type '\(other.prefix(40))' unknown; plain white paper is used", particular: "type '\(other.prefix(40))'"))
            return .paper(Paper())
        }
    }

    private func pdfPage(_ attribute: (String) -> String?, place: XournalImportError.Place) throws(XournalImportError) -> Int {
        let number = attribute("pageno").flatMap(XournalNumbers.leadingInteger) ?? 1
        guard InkRange.isPageNumber(number) else {
            throw .badNumber(path: documentPath, place: place, attribute: "pageno", value: attribute("pageno") ?? "")
        }
        if pdf == nil {
            guard let filename = attribute("filename"), !filename.isEmpty else {
                if let given = options.pdf {
                    pdf = try resolveGiven(given, requested: "")
                    return number
                }
                throw .malformed(path: documentPath, place: place,
                                 problem: "a PDF background without a file name, before any page names the PDF")
            }
            var domain = attribute("domain") ?? "absolute"
            if domain == "clone" {
                // Xournal++: "clone" is invalid for a PDF and read as "absolute".
                warnings.append(.init("PDF background with domain 'clone' read as 'absolute' (as Xournal++ does)", at: "\(place)",
                                      text: "PDF background with domain 'clone' read as 'absolute' (as Xournal++ does)"))
                domain = "absolute"
            }
            pdf = try resolvePDF(filename, attach: domain == "attach", place: place)
        }
        return number
    }

    private func resolveGiven(_ given: String, requested: String) throws(XournalImportError) -> BackgroundPDF {
        guard FileManager.default.fileExists(atPath: given) else {
            throw .backgroundPDFNotFound(path: documentPath, requested: given, tried: [given])
        }
        return BackgroundPDF(requested: requested.isEmpty ? given : requested, resolved: given)
    }

    /// The order Xournal++ uses, then the same name beside the document (what
    /// Xournal++ offers when the PDF has moved); `--pdf` overrides everything.
    /// A candidate that is there but is not a regular file, is too large or lies outside
    /// `--confine`'s folders is an error, never skipped for the next one.
    private func resolvePDF(_ filename: String, attach: Bool, place: XournalImportError.Place) throws(XournalImportError) -> BackgroundPDF {
        if let given = options.pdf { return try resolveGiven(given, requested: filename) }
        if attach {
            guard ReferencedFile.isContained(filename) else {
                throw .attachmentNameOutside(path: documentPath, place: place, name: filename)
            }
        }
        if attach, container == .zip, let package {
            guard package.contains(filename) else {
                throw .backgroundPDFNotFound(path: documentPath, requested: filename, tried: ["attachment \(filename) inside \(documentPath)"])
            }
            let destination = try temporaryFile(suffix: ".pdf")
            do {
                try package.extract(filename, to: destination, place: place)
            } catch {
                try? FileManager.default.removeItem(atPath: destination)
                throw error
            }
            return BackgroundPDF(requested: filename, resolved: destination, isTemporary: true)
        }
        var tried: [String] = []
        if attach {
            tried.append(attachedPath(filename))
        } else {
            tried.append(absolutePath(filename))
        }
        let beside = (documentFolder as NSString).appendingPathComponent((filename as NSString).lastPathComponent)
        if !tried.contains(beside) { tried.append(beside) }
        if !attach {
            let named = attachedPath((filename as NSString).lastPathComponent)
            if !tried.contains(named) { tried.append(named) }
        }
        for candidate in tried {
            switch ReferencedFile.problem(candidate, documentFolder: documentFolder, options: options) {
            case nil: return BackgroundPDF(requested: filename, resolved: candidate)
            case .missing: continue
            case let problem?:
                throw .referencedFile(path: documentPath, place: place, role: "the background PDF", file: candidate, problem: problem)
            }
        }
        throw .backgroundPDFNotFound(path: documentPath, requested: filename, tried: tried)
    }

    /// The bytes of a pixmap background, or nil (with a warning) when they cannot be found, as Xournal++ goes on without.
    /// A file that is there is read only when it is a regular file under the size cap (and under `--confine`, inside).
    private func pixmap(_ attribute: (String) -> String?, page: Int, place: XournalImportError.Place) throws(XournalImportError) -> [UInt8]? {
        let domain = attribute("domain") ?? "absolute"
        let filename = attribute("filename") ?? ""
        switch domain {
        case "clone":
            guard let source = XournalNumbers.leadingInteger(filename), let image = pageImages[source] else {
                warnings.append(.init("cloned background images that are not there: plain paper is used", at: "page \(page)",
                                      text: "page \(page): the cloned background image of page '\(filename.prefix(40))' is not there; plain paper is used", particular: "page '\(filename.prefix(40))'"))
                return nil
            }
            return image
        case "attach" where !ReferencedFile.isContained(filename):
            throw .attachmentNameOutside(path: documentPath, place: place, name: filename)
        case "attach" where container == .zip:
            guard let package, package.contains(filename) else {
                warnings.append(.init("background image attachments that are missing: plain paper is used", at: "page \(page)",
                                      text: "page \(page): background image attachment '\(filename.prefix(80))' is missing; plain paper is used", particular: "'\(filename.prefix(80))'"))
                return nil
            }
            return try package.read(filename, place: place)
        default:
            let path = domain == "attach" ? attachedPath(filename) : absolutePath(filename)
            if let problem = ReferencedFile.problem(path, documentFolder: documentFolder, options: options) {
                guard problem != .missing else {
                    warnings.append(.init("background images not found: plain paper is used", at: "page \(page)",
                                          text: "page \(page): background image '\(path)' not found; plain paper is used", particular: "'\(path)'"))
                    return nil
                }
                throw .referencedFile(path: documentPath, place: place, role: "the background image", file: path, problem: problem)
            }
            return try readReferenced(path, place: place)
        }
    }

    /// The bytes of a referenced file that passed `ReferencedFile.problem`, checked again on the open
    /// descriptor (a file swapped for a FIFO or a larger one since is refused the same way, without blocking).
    private func readReferenced(_ path: String, place: XournalImportError.Place) throws(XournalImportError) -> [UInt8] {
        let limit = options.maximumReferencedFileBytes
        func refuse(_ problem: ReferencedFileProblem) -> XournalImportError {
            .referencedFile(path: documentPath, place: place, role: "the background image", file: path, problem: problem)
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor(opening: path, flags: O_RDONLY | O_NONBLOCK)
        } catch {
            throw .cannotOpen(path: path, reason: error.description)
        }
        let outcome = Self.readRegularFile(descriptor, limit: limit)
        switch outcome {
        case .success(let bytes): return bytes
        case .failure(.problem(let problem)): throw refuse(problem)
        case .failure(.system(let error)): throw .cannotOpen(path: path, reason: error.description)
        }
    }

    enum ReadFailure: Error {
        case problem(ReferencedFileProblem)
        case system(Errno)
    }

    /// The bytes of the open file `descriptor` when it is a regular file of at most `limit` bytes, read to
    /// its end (not to the size fstat gave: a file that grew since passes the cap as an error).
    /// The corresponding C functions are `fstat` and `read`.
    static func readRegularFile(_ descriptor: borrowing FileDescriptor, limit: Int) -> Result<[UInt8], ReadFailure> {
        let status: stat
        do { status = try descriptor.status() } catch { return .failure(.system(error)) }
        if let kind = ReferencedFile.kind(of: status.st_mode) { return .failure(.problem(.notRegular(kind: kind))) }
        guard Int64(status.st_size) <= Int64(limit) else {
            return .failure(.problem(.tooLarge(bytes: Int64(status.st_size), limit: limit)))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // withUnsafeMutableBytes rethrows untyped errors; the typed one is carried out by hand.
            let outcome = chunk.withUnsafeMutableBytes { buffer -> Result<Int, Errno> in
                do throws(Errno) {
                    return .success(try descriptor.read(into: buffer))
                } catch {
                    return .failure(error)
                }
            }
            let count: Int
            switch outcome {
            case .success(let n): count = n
            case .failure(let error): return .failure(.system(error))
            }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= limit else {
                return .failure(.problem(.tooLarge(bytes: Int64(bytes.count + count), limit: limit)))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// A new, empty file in the temporary directory, for an extracted attachment or the layers.
    func temporaryFile(suffix: String) throws(XournalImportError) -> String {
        do { return try Self.makeTemporaryFile(in: options.temporaryDirectory, suffix: suffix) } catch {
            throw .cannotWrite(path: options.temporaryDirectory, reason: error.description)
        }
    }

    static func makeTemporaryFile(in folder: String, suffix: String) throws(Errno) -> String {
        var path = (folder as NSString).appendingPathComponent("inkpdf-xournal-XXXXXX") + suffix
        try FileSystem.reserveUniqueName(from: &path, suffixLength: suffix.utf8.count)
        return path
    }
}
