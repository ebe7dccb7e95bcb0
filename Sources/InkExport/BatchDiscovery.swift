import Foundation

/// What `batch` finds under its source folder: every `NAME.pdf`, with
/// `NAME.ink.jsonl` (preferred) or `NAME.ink.jsonl.gz` beside it when there is one.
///
/// Symbolic links are followed; a folder reached a second time (a symlink
/// loop, or two links to one folder) is walked once and the repeat noted.
/// A folder that cannot be read is listed, and the walk goes on.
public struct BatchDiscovery: Sendable, Equatable {
    /// A place the walk could not use, and why.
    public struct Problem: Sendable, Equatable {
        /// Relative to the source folder (`.` for the folder itself).
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Every PDF found, with or without ink, ordered by relative path.
    public var documents: [BatchDocument]
    /// Folders that could not be read: documents in them may be missed, so the batch counts them as failures.
    public var unreadable: [Problem]
    /// What was left out on purpose: repeated folders (symlink loops), broken links, the output folder.
    public var ignored: [Problem]

    public var inked: [BatchDocument] { documents.filter { $0.ink != nil } }
    public var uninked: [BatchDocument] { documents.filter { $0.ink == nil } }

    /// Walks `source`; `excluding` folders (the output folder, when it lies inside the source) are not entered.
    public static func discover(source: String, excluding: [String] = []) throws(BatchError) -> BatchDiscovery {
        var info = stat()
        guard stat(source, &info) == 0 else {
            throw errno == ENOENT ? .sourceMissing(path: source) : .sourceUnreadable(path: source, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .sourceNotAFolder(path: source) }
        var walk = Walk()
        for path in excluding {
            var excluded = stat()
            if stat(path, &excluded) == 0 { walk.excluded.insert(FolderIdentity(excluded)) }
        }
        walk.visited.insert(FolderIdentity(info))
        guard let names = walk.entries(of: source) else {
            throw .sourceUnreadable(path: source, reason: walk.unreadable.first?.reason ?? "cannot list it")
        }
        walk.visit(folder: source, relative: "", names: names)
        walk.documents.sort(by: BatchDocument.precedes)
        return BatchDiscovery(documents: walk.documents, unreadable: walk.unreadable, ignored: walk.ignored)
    }
}

/// A folder's device and inode: what makes "the same folder" reached by two paths.
private struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

private struct Walk {
    var visited: Set<FolderIdentity> = []
    var excluded: Set<FolderIdentity> = []
    var documents: [BatchDocument] = []
    var unreadable: [BatchDiscovery.Problem] = []
    var ignored: [BatchDiscovery.Problem] = []

    /// The folder's entry names in byte order, or nil (recorded) if it cannot be listed.
    mutating func entries(of folder: String, relative: String = ".") -> [String]? {
        guard let directory = opendir(folder) else {
            unreadable.append(.init(path: relative, reason: "cannot be read (\(String(cString: strerror(errno)))); documents in it were not looked at"))
            return nil
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    mutating func visit(folder: String, relative: String, names: [String]) {
        for name in names {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else {
                var link = stat()
                if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                    ignored.append(.init(path: relativePath, reason: "broken symbolic link (\(String(cString: strerror(errno)))); skipped"))
                } else {
                    unreadable.append(.init(path: relativePath, reason: "cannot be examined (\(String(cString: strerror(errno))))"))
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
                let ink = Self.ink(besidePDF: path)
                documents.append(BatchDocument(relativePath: relativePath, pdf: path, ink: ink?.path,
                                               size: Int64(info.st_size) + (ink?.size ?? 0)))
            default:
                continue
            }
        }
    }

    /// `NAME.pdf` (any case) with a non-empty NAME.
    static func isPDFName(_ name: String) -> Bool {
        name.utf8.count > 4 && name.lowercased().hasSuffix(".pdf")
    }

    /// The ink beside `DIR/NAME.pdf`: `DIR/NAME.ink.jsonl`, else `DIR/NAME.ink.jsonl.gz`.
    static func ink(besidePDF pdf: String) -> (path: String, size: Int64)? {
        let stem = String(decoding: pdf.utf8.dropLast(4), as: UTF8.self)
        for candidate in [stem + ".ink.jsonl", stem + ".ink.jsonl.gz"] {
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return (candidate, Int64(info.st_size)) }
        }
        return nil
    }
}
