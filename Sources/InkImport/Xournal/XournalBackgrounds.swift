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
    /// The document's PDF once a `type="pdf"` background named one.
    private(set) var pdf: BackgroundPDF?
    /// Each page's image, to resolve `domain="clone"` (0-based page index).
    private var pageImages: [Int: [UInt8]] = [:]
    private(set) var warnings: [String] = []

    init(documentPath: String, container: XournalContainer, options: ImportOptions) {
        self.documentPath = documentPath
        self.container = container
        self.options = options
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

    private var documentFolder: String { (documentPath as NSString).deletingLastPathComponent }

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
            paper.image = try pixmap(attribute, page: page)
            if let image = paper.image { pageImages[page - 1] = image }
            return .paper(paper)
        case "solid", nil:
            if attribute("type") == nil { warnings.append("page \(page): a background without a type; plain white paper is used") }
            let colorText = attribute("color") ?? "white"
            var color = XournalColor.parse(colorText, background: true)
            if color == nil {
                warnings.append("page \(page): background colour '\(colorText)' unknown; white is used (as Xournal++ does)")
                color = RGBAColor(red: 1, green: 1, blue: 1)
            }
            var ruling = Self.ruling(attribute("style"))
            if ruling == nil {
                warnings.append("page \(page): background style '\(attribute("style") ?? "")' unknown; plain paper is used")
                ruling = .plain
            }
            return .paper(Paper(color: color!, ruling: ruling!))
        case let other?:
            warnings.append("page \(page): background type '\(other)' unknown; plain white paper is used")
            return .paper(Paper())
        }
    }

    private func pdfPage(_ attribute: (String) -> String?, place: XournalImportError.Place) throws(XournalImportError) -> Int {
        let number = attribute("pageno").flatMap(XournalNumbers.leadingInteger) ?? 1
        guard number >= 1, number <= 1_000_000 else {
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
                warnings.append("PDF background with domain 'clone' read as 'absolute' (as Xournal++ does)")
                domain = "absolute"
            }
            pdf = try resolvePDF(filename, attach: domain == "attach")
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
    private func resolvePDF(_ filename: String, attach: Bool) throws(XournalImportError) -> BackgroundPDF {
        if let given = options.pdf { return try resolveGiven(given, requested: filename) }
        if attach && container == .zip {
            let destination = try temporaryFile(suffix: ".pdf")
            do {
                let archive = try ZipArchive(path: documentPath)
                guard archive.contains(filename) else {
                    try? FileManager.default.removeItem(atPath: destination)
                    throw XournalImportError.backgroundPDFNotFound(path: documentPath, requested: filename,
                                                                   tried: ["attachment \(filename) inside \(documentPath)"])
                }
                try archive.extract(filename, to: destination, limit: options.maximumExpandedBytes)
            } catch let error as XournalImportError {
                throw error
            } catch let error as ZipArchiveError {
                try? FileManager.default.removeItem(atPath: destination)
                if case .expandsTooFar(_, let entry, let limit) = error {
                    throw .expandsTooFar(path: documentPath, part: "entry \(entry)", limit: limit)
                }
                throw .brokenZip(path: documentPath, reason: error.description)
            } catch {
                throw .brokenZip(path: documentPath, reason: "\(error)")
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
        for candidate in tried where FileManager.default.fileExists(atPath: candidate) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue {
                return BackgroundPDF(requested: filename, resolved: candidate)
            }
        }
        throw .backgroundPDFNotFound(path: documentPath, requested: filename, tried: tried)
    }

    /// The bytes of a pixmap background, or nil (with a warning) when they cannot be found, as Xournal++ goes on without.
    private func pixmap(_ attribute: (String) -> String?, page: Int) throws(XournalImportError) -> [UInt8]? {
        let domain = attribute("domain") ?? "absolute"
        let filename = attribute("filename") ?? ""
        switch domain {
        case "clone":
            guard let source = XournalNumbers.leadingInteger(filename), let image = pageImages[source] else {
                warnings.append("page \(page): the cloned background image of page '\(filename)' is not there; plain paper is used")
                return nil
            }
            return image
        case "attach" where container == .zip:
            do {
                let archive = try ZipArchive(path: documentPath)
                guard archive.contains(filename) else {
                    warnings.append("page \(page): background image attachment '\(filename)' is missing; plain paper is used")
                    return nil
                }
                return try archive.read(filename, limit: options.maximumExpandedBytes)
            } catch {
                if case .expandsTooFar(_, let entry, let limit) = error {
                    throw .expandsTooFar(path: documentPath, part: "entry \(entry)", limit: limit)
                }
                throw .brokenZip(path: documentPath, reason: error.description)
            }
        default:
            let path = domain == "attach" ? attachedPath(filename) : absolutePath(filename)
            guard let data = FileManager.default.contents(atPath: path) else {
                warnings.append("page \(page): background image '\(path)' not found; plain paper is used")
                return nil
            }
            return [UInt8](data)
        }
    }

    /// A new, empty file in the temporary directory, for an extracted attachment or the layers.
    func temporaryFile(suffix: String) throws(XournalImportError) -> String {
        guard let path = Self.makeTemporaryFile(in: options.temporaryDirectory, suffix: suffix) else {
            throw .cannotWrite(path: options.temporaryDirectory, reason: Errno.current.description)
        }
        return path
    }

    static func makeTemporaryFile(in folder: String, suffix: String) -> String? {
        var template = Array(((folder as NSString).appendingPathComponent("inkpdf-xournal-XXXXXX") + suffix).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
        guard descriptor >= 0 else { return nil }
        close(descriptor)
        return String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
