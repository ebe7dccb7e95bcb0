import Foundation
import Glibc

/// Whether two paths name one file.
public enum FileIdentity {
    /// True when `a` and `b` are the same file (same device and inode), or,
    /// when either does not exist yet, the same path once standardised.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var statusA = stat(), statusB = stat()
        if stat(a, &statusA) == 0, stat(b, &statusB) == 0 {
            return statusA.st_dev == statusB.st_dev && statusA.st_ino == statusB.st_ino
        }
        return URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
    }

    /// Whether `path` exists as a readable regular file (or a link to one).
    public static func requireReadableFile(_ path: String) throws(FileSystemError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .missing(path: path)
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
    }
}
