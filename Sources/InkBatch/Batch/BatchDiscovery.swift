import InkFileSystem
import InkPipeline
import Foundation

/// What `batch` finds under its source folder: every `NAME.pdf`, with its ink
/// beside it when there is one (`NAME.ink.jsonl`, else `NAME.ink.jsonl.gz`,
/// `NAME.xopp`, `NAME.xoj`); every `.xopp`/`.xoj` without a PDF beside it (it
/// names its PDF or is a notebook); every `.rmdoc`; and every reMarkable
/// document of a folder kept as the tablet keeps it (`xochitl/` of a backup),
/// named by the name the tablet shows inside the tablet's folders. Documents in
/// the tablet's trash are left out (and noted).
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

    /// Every PDF found, with or without ink, and every other tool's document, ordered by relative path.
    public var documents: [BatchDocument]
    /// Folders that could not be read: documents in them may be missed, so the batch counts them as failures.
    public var unreadable: [Problem]
    /// What was left out on purpose: repeated folders (symlink loops), broken links, the output folder.
    public var ignored: [Problem]

    public var inked: [BatchDocument] { documents.filter { $0.ink != nil } }
    public var uninked: [BatchDocument] { documents.filter { $0.ink == nil } }

    /// Walks `source`; `excluding` folders (the output folder, when it lies inside the source) are not entered.
    /// `annotationsAsInk`: a PDF with no ink beside it whose annotations may be ink is flattened with them as its ink.
    public static func discover(source: String, excluding: [String] = [], annotationsAsInk: Bool = false) throws(BatchError) -> BatchDiscovery {
        let info: stat
        do { info = try FileSystem.status(of: source) } catch {
            throw error == .noSuchFile ? .sourceMissing(path: source) : .sourceUnreadable(path: source, reason: error.description)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .sourceNotAFolder(path: source) }
        var walk = Walk()
        walk.annotationsAsInk = annotationsAsInk
        for path in excluding {
            if let excluded = try? FileSystem.status(of: path) { walk.excluded.insert(FolderIdentity(excluded)) }
        }
        walk.visited.insert(FolderIdentity(info))
        guard let names = walk.entries(of: source) else {
            throw .sourceUnreadable(path: source, reason: walk.unreadable.first?.reason ?? "cannot list it")
        }
        walk.visit(folder: source, relative: "", names: names)
        walk.finish()
        return BatchDiscovery(documents: walk.documents, unreadable: walk.unreadable, ignored: walk.ignored)
    }
}
