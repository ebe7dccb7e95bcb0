import Foundation

/// Where a document's files are read from: a folder as the tablet keeps them
/// (`UUID.content` beside `UUID/`), or a `.rmdoc` zip of the same names.
/// Names are relative, e.g. `UUID.content`, `UUID/PAGE.rm`.
final class ReMarkableDocumentSource {
    private enum Storage {
        case folder(String)
        case archive(ArchiveBox)
    }

    final class ArchiveBox {
        let archive: ZipArchive
        init(_ archive: consuming ZipArchive) { self.archive = archive }
    }

    private let storage: Storage
    /// The path the user named, for messages.
    let path: String
    /// A folder's files are files the document names: checked by `ReferencedFile` (regular,
    /// size-capped, inside `--confine`'s folders).
    private let options: ImportOptions
    /// What the archive's entries together may expand to: one budget for the whole document.
    private let budget: ExpansionBudget

    init(folder: String, path: String, options: ImportOptions) {
        storage = .folder(folder)
        self.path = path
        self.options = options
        budget = ExpansionBudget(limit: .max)
    }

    /// Opens a `.rmdoc`; an archive with an entry whose name climbs out (`..`, an absolute
    /// name) is refused whole, as libarchive's secure extraction does: no tablet writes one.
    init(archivePath: String, options: ImportOptions) throws(ReMarkableImportError) {
        let archive: ZipArchive
        do { archive = try ZipArchive(path: archivePath) } catch {
            throw .archive(path: archivePath, reason: error.description)
        }
        if let name = archive.entryNames.first(where: { !ReferencedFile.isContained($0) }) {
            throw .archive(path: archivePath, reason: "entry \"\(name)\" climbs out of the archive's folder (a \"..\" or an absolute name); refusing the archive, export the document again from the reMarkable app")
        }
        storage = .archive(ArchiveBox(archive))
        path = archivePath
        self.options = options
        budget = ExpansionBudget(limit: options.maximumExpandedBytes)
    }

    var isArchive: Bool { if case .archive = storage { true } else { false } }

    /// The entry names (archive) or the names in the folder and its page folders.
    var names: [String] {
        switch storage {
        case .archive(let box): return box.archive.entryNames
        case .folder(let root):
            let manager = FileManager.default
            var out: [String] = []
            for name in (try? manager.contentsOfDirectory(atPath: root)) ?? [] {
                out.append(name)
                var isDirectory: ObjCBool = false
                if manager.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory), isDirectory.boolValue {
                    out += ((try? manager.contentsOfDirectory(atPath: root + "/" + name)) ?? []).map { name + "/" + $0 }
                }
            }
            return out
        }
    }

    /// The names of the files in the document's page folder `folder` (`UUID`), as `UUID/NAME`:
    /// only that folder is listed, never the tablet's whole `xochitl/`.
    func names(inFolder folder: String) -> [String] {
        switch storage {
        case .archive(let box):
            return box.archive.entryNames.filter { $0.hasPrefix(folder + "/") && !$0.dropFirst(folder.count + 1).contains("/") }
        case .folder(let root):
            return ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).sorted().map { folder + "/" + $0 }
        }
    }

    func exists(_ name: String) -> Bool {
        switch storage {
        case .archive(let box): box.archive.contains(name)
        case .folder(let root): FileManager.default.fileExists(atPath: root + "/" + name)
        }
    }

    /// The bytes of `name`, nil when there is no such file; an archive's entries together may
    /// not expand past the limit.
    func read(_ name: String) throws(ReMarkableImportError) -> [UInt8]? {
        switch storage {
        case .folder(let root):
            guard let file = try checkedFile(name, in: root) else { return nil }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .unreadable(path: file, reason: "permission denied or not a regular file")
            }
            return [UInt8](data)
        case .archive(let box):
            guard box.archive.contains(name) else { return nil }
            // Refused by what the entry declares before a byte is inflated, and never read past
            // it or past what is left of the budget: a bomb costs at most one chunk more.
            let left = budget.remaining
            let declared = box.archive.declaredSize(of: name)
            if let declared, declared > UInt64(left) {
                throw .expandsTooFar(path: path, entry: name, limit: budget.limit)
            }
            let limit = declared.map { Int($0) } ?? left
            do {
                let bytes = try box.archive.read(name, limit: limit)
                budget.spend(bytes.count)
                return bytes
            } catch {
                if case .expandsTooFar = error {
                    if limit < left {
                        throw .archive(path: path, reason: "entry \(name) expands past the \(limit) bytes it declares; the archive is damaged, export the document again")
                    }
                    throw .expandsTooFar(path: path, entry: name, limit: budget.limit)
                }
                throw .archive(path: path, reason: error.description)
            }
        }
    }

    /// `root/name` when it is there and may be read; nil when it is missing; an error naming
    /// it when it is not a regular file, too large, or (under `--confine`) outside the folders allowed.
    private func checkedFile(_ name: String, in root: String) throws(ReMarkableImportError) -> String? {
        let file = root + "/" + name
        guard let problem = ReferencedFile.problem(file, documentFolder: root, options: options) else { return file }
        switch problem {
        case .missing: return nil
        // Its description says what to do (--pdf, --allow).
        case .outsideConfinement: throw .refusedFile(path: path, file: file, reason: problem.description)
        default: throw .refusedFile(path: path, file: file, reason: "\(problem.description); put the tablet's own file in its place")
        }
    }

    /// A path where `name` can be opened as a file: the file itself, or a copy extracted
    /// into `directory` (then `isTemporary`).
    func file(_ name: String, directory: String) throws(ReMarkableImportError) -> (path: String, isTemporary: Bool)? {
        switch storage {
        case .folder(let root):
            return try checkedFile(name, in: root).map { ($0, false) }
        case .archive:
            guard let bytes = try read(name) else { return nil }
            let destination = (directory as NSString).appendingPathComponent("inkpdf-rmdoc-\(UUID().uuidString).pdf")
            guard FileManager.default.createFile(atPath: destination, contents: Data(bytes)) else {
                throw .cannotWrite(path: destination, reason: "cannot create the file")
            }
            return (destination, true)
        }
    }
}
