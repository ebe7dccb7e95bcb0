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

    /// Whether the files at `a` and `b` hold the same bytes (false when either cannot be read).
    ///
    /// Sizes are compared first; then both are read in 1 MB blocks, stopping at the first difference.
    public static func sameContents(_ a: String, _ b: String) -> Bool {
        var statusA = stat(), statusB = stat()
        guard stat(a, &statusA) == 0, stat(b, &statusB) == 0, statusA.st_size == statusB.st_size else { return false }
        let size = Int64(statusA.st_size)
        do throws(Errno) {
            let fileA = try FileDescriptor(opening: a, flags: O_RDONLY), fileB = try FileDescriptor(opening: b, flags: O_RDONLY)
            let block = 1 << 20
            let bufferA = UnsafeMutableRawBufferPointer.allocate(byteCount: block, alignment: 16)
            let bufferB = UnsafeMutableRawBufferPointer.allocate(byteCount: block, alignment: 16)
            defer { bufferA.deallocate(); bufferB.deallocate() }
            var offset: Int64 = 0
            while offset < size {
                let count = Int(min(Int64(block), size - offset))
                try fileA.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: bufferA[..<count]))
                try fileB.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: bufferB[..<count]))
                if memcmp(bufferA.baseAddress!, bufferB.baseAddress!, count) != 0 { return false }
                offset += Int64(count)
            }
            return true
        } catch {
            return false
        }
    }

    /// One version of the file at a path: its device, inode, size and change time
    /// (not following a link). Equal versions are the same file, not changed since.
    public struct Version: Equatable, Sendable {
        var device: UInt64, inode: UInt64, size: Int64, changeSeconds: Int, changeNanoseconds: Int

        /// The file at `path` as it is now; nil when there is none.
        ///
        /// The corresponding C function is `lstat`.
        public init?(of path: String) {
            var status = stat()
            guard lstat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            changeSeconds = status.st_ctim.tv_sec
            changeNanoseconds = status.st_ctim.tv_nsec
        }
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
