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
        /// As given, or the folder given joined with the path inside it, as a person reads it
        /// (`PathName.shown`: a byte of a name that is not UTF-8 as `\xHH`).
        public var path: String
        /// The name itself, to open (a folder's names are kept as the bytes they are).
        public var pathBytes: [UInt8]
        public var isPDF: Bool
        /// The ink-layers files beside a PDF, searched as the PDF's handwriting: as shown, and as named.
        public var inkBeside: [String]
        public var inkBesideBytes: [[UInt8]]
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
                walk.visit(folder: Array(path.utf8), info: info)
            } else {
                walk.add(Array(path.utf8), info: info, named: true)
            }
        }
        problems += walk.problems
        // An ink file that is a PDF's ink is searched with the PDF, not on its own.
        let claimed = Set(walk.documents.filter(\.isPDF).flatMap(\.inkBesideBytes).compactMap(Walk.identity))
        var seen = Set<Walk.Identity>()
        for document in walk.documents {
            if let identity = Walk.identity(of: document.pathBytes) {
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

    /// Whether the name's bytes end in `suffix` (ASCII), any case: a name need not be UTF-8 for its ending to be read.
    static func hasSuffix(_ name: ArraySlice<UInt8>, _ suffix: String) -> Bool {
        let ending = Array(suffix.utf8)
        guard name.count > ending.count else { return false }
        return zip(name.suffix(ending.count), ending).allSatisfy { (byte, wanted) in
            (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) == wanted
        }
    }

    private struct Walk {
        struct Identity: Hashable {
            var device: UInt64
            var inode: UInt64
        }
        var documents: [Document] = []
        var problems: [String] = []
        var visited: Set<Identity> = []

        static func identity(of path: [UInt8]) -> Identity? {
            guard let info = try? FileSystem.status(ofBytes: path) else { return nil }
            return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }

        static func name(of path: [UInt8]) -> ArraySlice<UInt8> {
            path.lastIndex(of: 0x2F).map { path[(path.index(after: $0))...] } ?? path[...]
        }

        mutating func add(_ path: [UInt8], info: stat, named: Bool) {
            let name = Self.name(of: path)
            if SearchDocuments.hasSuffix(name, ".pdf") {
                let stem = Array(path.dropLast(4))
                var ink: [[UInt8]] = []
                var size = Int64(info.st_size)
                for suffix in [".ink.jsonl", ".ink.jsonl.gz"] {
                    if let beside = try? FileSystem.status(ofBytes: stem + Array(suffix.utf8)), beside.st_mode & S_IFMT == S_IFREG {
                        ink.append(stem + Array(suffix.utf8))
                        size += Int64(beside.st_size)
                    }
                }
                documents.append(Document(path: PathName.shown(path), pathBytes: path, isPDF: true, inkBeside: ink.map(PathName.shown),
                                          inkBesideBytes: ink, size: size))
            } else if named || SearchDocuments.hasSuffix(name, ".ink.jsonl") || SearchDocuments.hasSuffix(name, ".ink.jsonl.gz") {
                documents.append(Document(path: PathName.shown(path), pathBytes: path, isPDF: false, inkBeside: [], inkBesideBytes: [],
                                          size: Int64(info.st_size)))
            }
        }

        mutating func visit(folder: [UInt8], info: stat) {
            guard visited.insert(Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { return }
            let names: [[UInt8]]
            do { names = try FileSystem.folderEntries(ofBytes: folder).filter { $0.first != 0x2E } } catch {
                problems.append("\(PathName.shown(folder)): cannot be read (\(error.description)); documents in it were not searched")
                return
            }
            for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                let path = folder.last == 0x2F ? folder + name : folder + [0x2F] + name
                let entry: stat
                do { entry = try FileSystem.status(ofBytes: path) } catch {
                    // A broken link: nothing to search. Anything else is said.
                    if error != .noSuchFile { problems.append("\(PathName.shown(path)): cannot be examined (\(error.description)); not searched") }
                    continue
                }
                switch entry.st_mode & S_IFMT {
                case S_IFDIR: visit(folder: path, info: entry)
                case S_IFREG: add(path, info: entry, named: false)
                default: continue
                }
            }
        }
    }
}
