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
    private let budget: Int
    private var expanded = 0

    init(folder: String, path: String) {
        storage = .folder(folder)
        self.path = path
        budget = .max
    }

    init(archivePath: String, limit: Int) throws(ReMarkableImportError) {
        do { storage = .archive(ArchiveBox(try ZipArchive(path: archivePath))) } catch {
            throw .archive(path: archivePath, reason: error.description)
        }
        path = archivePath
        budget = limit
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
            let file = root + "/" + name
            guard FileManager.default.fileExists(atPath: file) else { return nil }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .unreadable(path: file, reason: "permission denied or not a regular file")
            }
            return [UInt8](data)
        case .archive(let box):
            guard box.archive.contains(name) else { return nil }
            do {
                let bytes = try box.archive.read(name, limit: budget - expanded)
                expanded += bytes.count
                return bytes
            } catch {
                if case .expandsTooFar = error { throw .expandsTooFar(path: path, entry: name, limit: budget) }
                throw .archive(path: path, reason: error.description)
            }
        }
    }

    /// A path where `name` can be opened as a file: the file itself, or a copy extracted
    /// into `directory` (then `isTemporary`).
    func file(_ name: String, directory: String) throws(ReMarkableImportError) -> (path: String, isTemporary: Bool)? {
        switch storage {
        case .folder(let root):
            let file = root + "/" + name
            return FileManager.default.fileExists(atPath: file) ? (file, false) : nil
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
