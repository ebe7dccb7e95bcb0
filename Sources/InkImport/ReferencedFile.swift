import Foundation
import InkFileSystem
import InkModel

/// Why a file that a document refers to (not one the user named) is not read.
public enum ReferencedFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case missing
    /// Not a regular file: a folder, a device, a FIFO, a socket.
    case notRegular(kind: String)
    case tooLarge(bytes: Int64, limit: Int)
    /// Under `--confine`, its real path lies outside the document's folder and the folders allowed.
    case outsideConfinement(resolved: String, folders: [String])

    public var description: String {
        switch self {
        case .missing: "it does not exist"
        case .notRegular(let kind): "it is \(kind), not a regular file"
        case .tooLarge(let bytes, let limit): "it has \(bytes) bytes, more than the \(limit) a referenced file may have"
        case .outsideConfinement(let resolved, let folders):
            "it is \(resolved), outside the folders --confine allows (\(folders.joined(separator: ", "))); give it with --pdf, or allow its folder with --allow FOLDER"
        }
    }
}

/// The one check for a file that a document names (a Xournal++ background PDF or image, a
/// reMarkable page file): a regular file (after symlinks), under the size cap, and under
/// `--confine` inside the document's folder or the folders given.
public enum ReferencedFile {
    /// The problem with reading `path`, which the document in `documentFolder` refers to, or nil.
    public static func problem(_ path: String, documentFolder: String, options: ImportOptions) -> ReferencedFileProblem? {
        guard let status = try? FileSystem.status(of: path) else { return .missing }
        if let kind = kind(of: status.st_mode) { return .notRegular(kind: kind) }
        if Int64(status.st_size) > Int64(options.maximumReferencedFileBytes) {
            return .tooLarge(bytes: Int64(status.st_size), limit: options.maximumReferencedFileBytes)
        }
        guard let confinement = options.confinement else { return nil }
        let folders = ([documentFolder] + confinement).map(realPath)
        let resolved = realPath(path)
        let inside = folders.contains { folder in
            folder == "/" || resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }
        return inside ? nil : .outsideConfinement(resolved: resolved, folders: folders)
    }

    /// What a file of `mode` (`st_mode`) is when it is not a regular file ("a folder", "a FIFO",
    /// "a symbolic link" from `lstat`, …), nil for a regular file.
    public static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }

    /// `path` with every symlink, `.` and `..` resolved (as it is when it cannot be).
    /// The corresponding C function is `realpath`.
    static func realPath(_ path: String) -> String {
        FileSystem.resolvedPath(path.isEmpty ? "." : path) ?? path
    }

    /// Whether `name` (a page id, an archive entry) stays inside its folder: not empty,
    /// not absolute, no `..` component, no NUL.
    public static func isContained(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\0") else { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}
