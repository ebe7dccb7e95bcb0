import Glibc

/// The C library's calls on names of files and folders (those on open files are
/// `FileDescriptor`'s): the one place outside which inkpdf calls none of them.
/// Failures are thrown as the `errno` they left; the callers word the message.
public enum FileSystem {
    /// Removes the name `path` (the file goes when nothing holds it open).
    /// The corresponding C function is `unlink`.
    public static func remove(_ path: String) throws(Errno) {
        guard unlink(path) == 0 else { throw .current }
    }

    /// Gives the file at `source` the name `destination`, replacing what was there
    /// in one step. The corresponding C function is `rename`.
    public static func rename(_ source: String, to destination: String) throws(Errno) {
        guard Glibc.rename(source, destination) == 0 else { throw .current }
    }

    /// Gives the file at `existing` a second name, `newName` (which must not exist).
    /// The corresponding C function is `link`.
    public static func link(_ existing: String, as newName: String) throws(Errno) {
        guard Glibc.link(existing, newName) == 0 else { throw .current }
    }

    /// Creates the folder `path` (its parent must exist; EEXIST if anything is there).
    /// The corresponding C function is `mkdir`.
    public static func makeFolder(_ path: String, mode: mode_t) throws(Errno) {
        guard mkdir(path, mode) == 0 else { throw .current }
    }

    /// What the system knows of the file at `path` (of the link itself, when `followingLinks`
    /// is false): its type and mode, size, owner, device and inode.
    /// The corresponding C functions are `stat` and `lstat`.
    public static func status(of path: String, followingLinks: Bool = true) throws(Errno) -> stat {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { throw .current }
        return status
    }

    /// The names in the folder `path` (without `.` and `..`), in the order the system gives them.
    /// The corresponding C functions are `opendir`, `readdir` and `closedir`.
    public static func folderEntries(_ path: String) throws(Errno) -> [String] {
        guard let directory = opendir(path) else { throw .current }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What the system knows of the file whose name is the bytes `path` (which need not be UTF-8:
    /// a name written on another system, `caf\xe9.pdf`), as `status(of:)`.
    /// The corresponding C functions are `stat` and `lstat`.
    public static func status(ofBytes path: [UInt8], followingLinks: Bool = true) throws(Errno) -> stat {
        var status = stat()
        let result = PathName.withCString(path) { followingLinks ? stat($0, &status) : lstat($0, &status) }
        guard result == 0 else { throw .current }
        return status
    }

    /// The names in the folder whose name is the bytes `path`, each as its bytes (without `.` and
    /// `..`), in the order the system gives them: a name that is not UTF-8 stays the name it is.
    /// The corresponding C functions are `opendir`, `readdir` and `closedir`.
    public static func folderEntries(ofBytes path: [UInt8]) throws(Errno) -> [[UInt8]] {
        guard let directory = PathName.withCString(path, { opendir($0) }) else { throw .current }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    /// This process's executable file (`/proc/self/exe` read); nil when it cannot be told.
    /// The corresponding C function is `readlink`.
    public static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    /// `path` with every symbolic link, `.` and `..` resolved; nil when it cannot be.
    /// The corresponding C function is `realpath`.
    public static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether this process may `mode` (`R_OK`, `W_OK`, …) the file at `path`; the reason why not.
    /// The corresponding C function is `access`.
    public static func checkAccess(_ path: String, _ mode: Int32) throws(Errno) {
        guard access(path, mode) == 0 else { throw .current }
    }

    /// Creates a new folder (mode 0700) named after `template`, which ends in `XXXXXX`;
    /// `template` becomes the name made (as the C function leaves it, on failure too).
    /// The corresponding C function is `mkdtemp`.
    public static func makeUniqueFolder(from template: inout String) throws(Errno) {
        var name = Array(template.utf8CString)
        let made = name.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) } != nil
        let error = Errno.current
        template = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard made else { throw error }
    }

    /// Removes the empty folder `path`. The corresponding C function is `rmdir`.
    public static func removeFolder(_ path: String) throws(Errno) {
        guard rmdir(path) == 0 else { throw .current }
    }

    /// Creates a new empty file named after `template` (see `FileDescriptor.init(uniqueFrom:suffixLength:)`)
    /// and closes it: a name of one's own in a shared folder, for a library that opens the file by name.
    /// The corresponding C functions are `mkstemps` and `close`.
    public static func reserveUniqueName(from template: inout String, suffixLength: Int = 0) throws(Errno) {
        let file = try FileDescriptor(uniqueFrom: &template, suffixLength: suffixLength)
        _ = consume file
    }
}
