import Foundation
import InkFileSystem

/// The service's own folder: made fresh by `mkdtemp` under an unpredictable name
/// (`inkpdf-serve-PID-XXXXXX`), private (0700) and owned by this user, then checked
/// to be so. A folder that already exists is never used: another local user who
/// made one (say 0777, in a shared `/tmp`) could otherwise swap the gate's copies
/// the workers read.
enum WorkFolder {
    static let prefix = "inkpdf-serve-"

    /// Makes the folder inside `base`, after removing those of services that are gone.
    ///
    /// The corresponding C functions are `mkdtemp` and `lstat`.
    static func make(in base: String) throws(ServeError) -> String {
        try checkBase(base)
        removeStale(in: base)
        var folder = base + "/" + prefix + "\(getpid())-XXXXXX"
        do { try FileSystem.makeUniqueFolder(from: &folder) } catch {
            throw .cannotCreateWorkFolder(path: base, reason: error.description)
        }
        guard let info = try? FileSystem.status(of: folder, followingLinks: false), (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(),
              info.st_mode & 0o777 == 0o700 else {
            throw .cannotCreateWorkFolder(path: folder, reason: "it is not a private folder of this user")
        }
        return folder
    }

    /// A base that others may write to without the sticky bit lets them rename our folder away
    /// and put theirs in its place: refused.
    private static func checkBase(_ base: String) throws(ServeError) {
        let info: stat
        do { info = try FileSystem.status(of: base) } catch {
            throw .cannotCreateWorkFolder(path: base, reason: error.description)
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .cannotCreateWorkFolder(path: base, reason: "it is not a folder") }
        let othersWrite = info.st_mode & (S_IWGRP | S_IWOTH) != 0
        let sticky = info.st_mode & S_ISVTX != 0
        if othersWrite && !sticky {
            throw .cannotCreateWorkFolder(path: base, reason: "others may write to it and it is not sticky (chmod +t, or a private folder)")
        }
    }

    /// Folders of services that are gone (killed, or the machine stopped): only this user's
    /// own folders (never a link, never another user's), named with a process that no longer runs.
    static func removeStale(in base: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
            guard let pid = pid_t(digits), pid != getpid() else { continue }
            let path = base + "/" + name
            guard let info = try? FileSystem.status(of: path, followingLinks: false), (info.st_mode & S_IFMT) == S_IFDIR,
                  info.st_uid == getuid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}
