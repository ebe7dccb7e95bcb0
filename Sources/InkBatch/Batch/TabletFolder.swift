import Foundation
import InkFileSystem
import InkImport
import InkModel

/// The reMarkable documents of one folder kept as the tablet keeps them
/// (`xochitl/` of a backup): `UUID.metadata` says a document's name, its
/// folder (`parent`, a `CollectionType` entry of the same folder) and whether
/// it was deleted; `UUID.content`, `UUID/`, `UUID.pdf` and the rest are its parts.
///
/// Each document is flattened to `NAME.pdf` inside the folders of its parent
/// chain; folders themselves and documents in the trash are not documents.
struct TabletFolder {
    struct Document {
        var id: String
        /// Below the batch's source folder, with `.pdf`.
        var relativePath: String
        /// `UUID.content`, what flatten reads.
        var content: String
        var size: Int64
    }

    private struct Entry {
        var name: String?
        var parent: String?
        var isCollection: Bool
        var deleted: Bool
        var isDocument: Bool
    }

    var documents: [Document] = []
    var ignored: [BatchDiscovery.Problem] = []
    /// The IDs of the folder's entries: their files (`ID`, `ID.*`) are parts of them, not searched.
    private(set) var ids: Set<String> = []

    /// Whether `name` is a part of one of the folder's entries (`ID`, `ID.pdf`, `ID.thumbnails`…).
    func claims(_ name: String) -> Bool {
        if ids.contains(name) { return true }
        var index = name.startIndex
        while let dot = name[index...].firstIndex(of: ".") {
            if ids.contains(String(name[..<dot])) { return true }
            index = name.index(after: dot)
        }
        return false
    }

    /// The tablet entries among `names` (sorted) of `folder` (`relative` below the source);
    /// nil when there are none.
    static func read(folder: String, relative: String, names: [String]) -> TabletFolder? {
        let nameSet = Set(names)
        var entries: [String: Entry] = [:]
        for name in names {
            let isMetadata = name.hasSuffix(".metadata"), isContent = name.hasSuffix(".content")
            guard isMetadata || isContent else { continue }
            let id = String(name.dropLast(isMetadata ? ".metadata".count : ".content".count))
            guard !id.isEmpty, entries[id] == nil else { continue }
            let metadata = Self.metadata(folder + "/" + id + ".metadata")
            let hasContent = nameSet.contains(id + ".content")
            let isCollection = metadata?["type"] as? String == "CollectionType"
            let isDocument = !isCollection && hasContent
                && (metadata != nil || ReMarkableImporter.detect(path: folder + "/" + id + ".content") == .content)
            guard isCollection || isDocument || metadata?["visibleName"] != nil else { continue }
            entries[id] = Entry(name: metadata?["visibleName"] as? String, parent: metadata?["parent"] as? String,
                                isCollection: isCollection, deleted: metadata?["deleted"] as? Bool ?? false,
                                isDocument: isDocument)
        }
        guard !entries.isEmpty else { return nil }
        var tablet = TabletFolder()
        tablet.ids = Set(entries.keys)
        let prefix = relative.isEmpty ? "" : relative + "/"
        for id in entries.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let entry = entries[id]!
            let shown = prefix + id + " (“\(entry.name ?? id)”)"
            guard entry.isDocument else {
                if !entry.isCollection {
                    tablet.ignored.append(.init(path: shown, reason: "a reMarkable document without its .content; skipped"))
                }
                continue
            }
            guard !entry.deleted else {
                tablet.ignored.append(.init(path: shown, reason: "deleted on the tablet; skipped"))
                continue
            }
            var folders: [String] = []
            var parent = entry.parent ?? ""
            var seen: Set<String> = [id]
            var trashed = false
            while !parent.isEmpty {
                if parent == "trash" { trashed = true; break }
                // A parent that is not here (a partial backup) or a loop: the chain stops, the document stays.
                guard seen.insert(parent).inserted, let folder = entries[parent], folder.isCollection else { break }
                if folder.deleted { trashed = true; break }
                folders.insert(OutputName.component(folder.name ?? parent, fallback: parent), at: 0)
                parent = folder.parent ?? ""
            }
            guard !trashed else {
                tablet.ignored.append(.init(path: shown, reason: "in the tablet's trash; skipped"))
                continue
            }
            let file = OutputName.pdfFile(entry.name ?? id, fallback: id)
            tablet.documents.append(Document(id: id, relativePath: prefix + (folders + [file]).joined(separator: "/"),
                                             content: folder + "/" + id + ".content",
                                             size: Self.size(of: id, in: folder, names: names)))
        }
        return tablet
    }

    private static func metadata(_ path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Bytes of the document's files: `ID.*` beside it and the pages in `ID/`.
    private static func size(of id: String, in folder: String, names: [String]) -> Int64 {
        var total: Int64 = 0
        for name in names where name.hasPrefix(id + ".") {
            if let info = try? FileSystem.status(of: folder + "/" + name), info.st_mode & S_IFMT == S_IFREG { total += Int64(info.st_size) }
        }
        for page in (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + id)) ?? [] {
            if let info = try? FileSystem.status(of: folder + "/" + id + "/" + page), info.st_mode & S_IFMT == S_IFREG { total += Int64(info.st_size) }
        }
        return total
    }
}
