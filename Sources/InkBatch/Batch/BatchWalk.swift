import InkPipeline
import Foundation

struct Walk {
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
