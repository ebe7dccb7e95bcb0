import InkFileSystem
import InkPipeline
import InkImport
import InkModel
import Foundation

struct Walk {
    var visited: Set<FolderIdentity> = []
    var excluded: Set<FolderIdentity> = []
    var documents: [BatchDocument] = []
    /// The IDs of documents named by the tablet (`visibleName`), by their index in `documents`.
    var tabletIDs: [Int: String] = [:]
    var unreadable: [BatchDiscovery.Problem] = []
    var ignored: [BatchDiscovery.Problem] = []
    /// `batch --annotations`: a PDF with no ink beside it and annotations that may be ink is its own ink.
    var annotationsAsInk = false

    /// The folder's entry names in byte order, or nil (recorded) if it cannot be listed.
    mutating func entries(of folder: String, relative: String = ".") -> [String]? {
        let names: [String]
        do { names = try FileSystem.folderEntries(folder) } catch {
            unreadable.append(.init(path: relative, reason: "cannot be read (\(error.description)); documents in it were not looked at"))
            return nil
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    mutating func visit(folder: String, relative: String, names: [String]) {
        let tablet = TabletFolder.read(folder: folder, relative: relative, names: names)
        if let tablet {
            ignored += tablet.ignored
            for document in tablet.documents {
                tabletIDs[documents.count] = document.id
                documents.append(BatchDocument(relativePath: document.relativePath, pdf: nil, ink: document.content,
                                               size: document.size, format: .remarkable))
            }
        }
        let pdfStems = Set(names.filter(Self.isPDFName).map { String(decoding: $0.utf8.dropLast(4), as: UTF8.self) })
        for name in names {
            if let tablet, tablet.claims(name) { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            let info: stat
            do { info = try FileSystem.status(of: path) } catch {
                if let link = try? FileSystem.status(of: path, followingLinks: false), link.st_mode & S_IFMT == S_IFLNK {
                    ignored.append(.init(path: relativePath, reason: "broken symbolic link (\(error.description)); skipped"))
                } else {
                    unreadable.append(.init(path: relativePath, reason: "cannot be examined (\(error.description))"))
                }
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let identity = FolderIdentity(info)
                if excluded.contains(identity) {
                    ignored.append(.init(path: relativePath, reason: "the output folder; not searched"))
                } else if !visited.insert(identity).inserted {
                    ignored.append(.init(path: relativePath, reason: "a folder already searched (symbolic link loop or second link); skipped"))
                } else if let children = entries(of: path, relative: relativePath) {
                    visit(folder: path, relative: relativePath, names: children)
                }
            case S_IFREG where Self.isPDFName(name):
                var ink = Self.ink(besidePDF: path)
                if ink == nil, annotationsAsInk, PDFAnnotationReader.mayHoldInk(pdf: path) {
                    ink = (path, 0, .pdfAnnotations)
                }
                documents.append(BatchDocument(relativePath: relativePath, pdf: path, ink: ink?.path,
                                               size: Int64(info.st_size) + (ink?.size ?? 0), format: ink?.format ?? .inkLayers))
            case S_IFREG:
                guard let kind = Self.foreignKind(name) ?? Self.rnoteKind(path: path, name: name) else { continue }
                let stem = String(name.dropLast(kind.suffixLength))
                let folderPrefix = relative.isEmpty ? "" : relative + "/"
                switch kind.format {
                case .xournal:
                    // Beside NAME.pdf it is that PDF's ink; NAME.xopp wins over NAME.xoj.
                    guard !pdfStems.contains(stem) else { continue }
                    if name.lowercased().hasSuffix(".xoj"),
                       names.contains(where: { $0.lowercased().hasSuffix(".xopp") && String($0.dropLast(5)) == stem }) {
                        ignored.append(.init(path: relativePath, reason: "\(stem).xopp beside it is flattened to the same output; skipped"))
                        continue
                    }
                    documents.append(BatchDocument(relativePath: folderPrefix + stem + ".pdf", pdf: nil, ink: path,
                                                   size: Int64(info.st_size), format: .xournal))
                case .inkML:
                    // Beside NAME.pdf it is that PDF's ink. Named .inkml, it must be InkML by its content.
                    guard !pdfStems.contains(stem) else { continue }
                    guard InkMLImporter.recognizes(path: path) else {
                        ignored.append(.init(path: relativePath, reason: "named .inkml but not InkML by its content (no <ink> root in the InkML namespace); skipped"))
                        continue
                    }
                    documents.append(BatchDocument(relativePath: folderPrefix + stem + ".pdf", pdf: nil, ink: path,
                                                   size: Int64(info.st_size), format: .inkML))
                case .rnote:
                    // Beside NAME.pdf it is that PDF's ink (the PDF rnote imported).
                    guard !pdfStems.contains(stem) else { continue }
                    documents.append(BatchDocument(relativePath: folderPrefix + stem + ".pdf", pdf: nil, ink: path,
                                                   size: Int64(info.st_size), format: .rnote))
                default:
                    let size = Int64(info.st_size)
                    let info = (try? ReMarkableImporter.documentInfo(path: path)) ?? ReMarkableDocumentInfo()
                    if info.parent == "trash" {
                        ignored.append(.init(path: relativePath, reason: "in the tablet's trash; skipped"))
                        continue
                    }
                    if info.visibleName != nil, let id = info.id { tabletIDs[documents.count] = id }
                    let file = OutputName.pdfFile(info.visibleName ?? stem, fallback: stem)
                    documents.append(BatchDocument(relativePath: folderPrefix + file, pdf: nil, ink: path,
                                                   size: size, format: .remarkable))
                }
            default:
                continue
            }
        }
    }

    /// Documents with one output path: those named by the tablet get their ID's first 8
    /// characters appended (all of them, so that none depends on which was found first),
    /// then the whole ID, then a number, until every path is unique. Then sorts them.
    mutating func finish() {
        var taken: [String: Int] = [:]
        for document in documents { taken[document.relativePath, default: 0] += 1 }
        let colliding = Set(taken.filter { $0.value > 1 }.keys)
        // In path order, then by ID, so that the outcome does not depend on the walk.
        let renamed = documents.indices.filter { colliding.contains(documents[$0].relativePath) && tabletIDs[$0] != nil }
            .sorted { (documents[$0].relativePath, tabletIDs[$0]!) < (documents[$1].relativePath, tabletIDs[$1]!) }
        for index in renamed {
            let original = documents[index].relativePath, id = tabletIDs[index]!
            let candidates = [OutputName.suffixed(original, String(id.prefix(8))), OutputName.suffixed(original, id)]
                + (2...documents.count + 2).map { OutputName.suffixed(original, id + " \($0)") }
            for candidate in candidates where taken[candidate] == nil {
                taken[original]! -= 1
                taken[candidate] = 1
                documents[index].relativePath = candidate
                break
            }
        }
        documents.sort(by: BatchDocument.precedes)
    }

    /// `NAME.pdf` (any case) with a non-empty NAME.
    static func isPDFName(_ name: String) -> Bool {
        name.utf8.count > 4 && name.lowercased().hasSuffix(".pdf")
    }

    /// Another tool's document by its name: `.xopp`, `.xoj` (Xournal++), `.rmdoc` (reMarkable), `.inkml`
    /// (InkML, confirmed by its content where it is read).
    static func foreignKind(_ name: String) -> (format: InkFormat, suffixLength: Int)? {
        let lowered = name.lowercased()
        for (suffix, format) in [(".xopp", InkFormat.xournal), (".xoj", .xournal), (".rmdoc", .remarkable), (".inkml", .inkML)]
        where lowered.hasSuffix(suffix) && name.utf8.count > suffix.utf8.count {
            return (format, suffix.utf8.count)
        }
        return nil
    }

    /// An rnote notebook: a `NAME.rnote` (any case) whose content is rnote's (gzip of its JSON).
    /// Only such names are opened: the batch's own process reads no other file of the folder
    /// (a picture or a PDF a document names is its worker's to read, under `--confine`).
    static func rnoteKind(path: String, name: String) -> (format: InkFormat, suffixLength: Int)? {
        guard name.lowercased().hasSuffix(".rnote"), name.utf8.count > 6, RNoteImporter.recognizes(path: path) else { return nil }
        return (.rnote, 6)
    }

    /// The ink beside `DIR/NAME.pdf`, the first of `DIR/NAME.ink.jsonl`, `NAME.ink.jsonl.gz`,
    /// `NAME.xopp`, `NAME.xoj`, `NAME.inkml`, `NAME.rnote` (the last two only when their content says so).
    static func ink(besidePDF pdf: String) -> (path: String, size: Int64, format: InkFormat)? {
        let stem = String(decoding: pdf.utf8.dropLast(4), as: UTF8.self)
        for (suffix, format) in [(".ink.jsonl", InkFormat.inkLayers), (".ink.jsonl.gz", .inkLayers), (".xopp", .xournal), (".xoj", .xournal),
                                 (".inkml", .inkML), (".rnote", .rnote)] {
            if let info = try? FileSystem.status(of: stem + suffix), info.st_mode & S_IFMT == S_IFREG {
                if format == .inkML, !InkMLImporter.recognizes(path: stem + suffix) { continue }
                if format == .rnote, !RNoteImporter.recognizes(path: stem + suffix) { continue }
                return (stem + suffix, Int64(info.st_size), format)
            }
        }
        return nil
    }
}
