import InkFileSystem
import Foundation

/// The documents `inkpdf search` goes through, from the files and folders it was given: every
/// `NAME.pdf` (any case) with the ink beside it (`NAME.ink.jsonl`, `NAME.ink.jsonl.gz`: the ink it
/// was flattened from, or its sidecar), and every ink-layers file (`.ink.jsonl`, `.ink.jsonl.gz`)
/// that lies beside no PDF. A folder is walked recursively in byte order of the names, following
/// symbolic links, each folder once; hidden names (`.x`, such as inkpdf's own temporary files) are
/// passed over. A file named on the command line is searched whatever its name: as a PDF when it
/// ends in `.pdf`, else as an ink-layers file.
public struct SearchDocuments: Sendable {
    public struct Document: Sendable, Equatable {
        /// As given, or the folder given joined with the path inside it.
        public var path: String
        public var isPDF: Bool
        /// The ink-layers files beside a PDF, searched as the PDF's handwriting.
        public var inkBeside: [String]
        /// Bytes of the document and its ink (for the time left).
        public var size: Int64
    }

    public var documents: [Document] = []
    /// What could not be looked at (one located line each); the rest is searched.
    public var problems: [String] = []

    /// The documents under `paths`, in the order given, each once.
    public init(paths: [String]) {
        var walk = Walk()
        for path in paths {
            let info: stat
            do { info = try FileSystem.status(of: path) } catch {
                problems.append("\(path): \(error == .noSuchFile ? "no such file or folder" : "cannot be examined (\(error.description))")")
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk.visit(folder: path, info: info)
            } else {
                walk.add(path, info: info, named: true)
            }
        }
        problems += walk.problems
        // An ink file that is a PDF's ink is searched with the PDF, not on its own.
        let claimed = Set(walk.documents.filter(\.isPDF).flatMap(\.inkBeside).compactMap(Walk.identity))
        var seen = Set<Walk.Identity>()
        for document in walk.documents {
            if let identity = Walk.identity(of: document.path) {
                if !document.isPDF, claimed.contains(identity) { continue }
                guard seen.insert(identity).inserted else { continue }
            }
            documents.append(document)
        }
    }

    /// Whether `name` is a PDF's name (`NAME.pdf`, any case, NAME not empty).
    static func isPDFName(_ name: String) -> Bool { name.utf8.count > 4 && name.lowercased().hasSuffix(".pdf") }

    /// Whether `name` is an ink-layers file's conventional name.
    static func isInkName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return (lowered.hasSuffix(".ink.jsonl") && name.utf8.count > 10) || (lowered.hasSuffix(".ink.jsonl.gz") && name.utf8.count > 13)
    }

    private struct Walk {
        struct Identity: Hashable {
            var device: UInt64
            var inode: UInt64
        }
        var documents: [Document] = []
        var problems: [String] = []
        var visited: Set<Identity> = []

        static func identity(of path: String) -> Identity? {
            guard let info = try? FileSystem.status(of: path) else { return nil }
            return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }

        mutating func add(_ path: String, info: stat, named: Bool) {
            let name = (path as NSString).lastPathComponent
            if Self.isPDF(name) {
                let stem = String(decoding: path.utf8.dropLast(4), as: UTF8.self)
                var ink: [String] = []
                var size = Int64(info.st_size)
                for suffix in [".ink.jsonl", ".ink.jsonl.gz"] {
                    if let beside = try? FileSystem.status(of: stem + suffix), beside.st_mode & S_IFMT == S_IFREG {
                        ink.append(stem + suffix)
                        size += Int64(beside.st_size)
                    }
                }
                documents.append(Document(path: path, isPDF: true, inkBeside: ink, size: size))
            } else if named || SearchDocuments.isInkName(name) {
                documents.append(Document(path: path, isPDF: false, inkBeside: [], size: Int64(info.st_size)))
            }
        }

        private static func isPDF(_ name: String) -> Bool { SearchDocuments.isPDFName(name) }

        mutating func visit(folder: String, info: stat) {
            guard visited.insert(Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { return }
            let names: [String]
            do { names = try FileSystem.folderEntries(folder).filter { !$0.hasPrefix(".") } } catch {
                problems.append("\(folder): cannot be read (\(error.description)); documents in it were not searched")
                return
            }
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                guard let entry = try? FileSystem.status(of: path) else { continue }   // a broken link: nothing to search
                switch entry.st_mode & S_IFMT {
                case S_IFDIR: visit(folder: path, info: entry)
                case S_IFREG: add(path, info: entry, named: false)
                default: continue
                }
            }
        }
    }
}
