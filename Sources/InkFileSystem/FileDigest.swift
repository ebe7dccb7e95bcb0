import Glibc
import LibCrypto

/// Digests of files' bytes, read in chunks.
public enum FileDigest {
    /// Lower-case hex SHA-256 of the file at `path`.
    public static func sha256Hex(ofFileAt path: String) throws(FileSystemError) -> String {
        let file: FileDescriptor
        do {
            file = try FileDescriptor(opening: path, flags: O_RDONLY)
        } catch {
            throw .reading(path, error)
        }
        do {
            let digest = try DigestContext(.sha256)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let count: Int
                do { count = try file.read(into: buffer) } catch { throw FileSystemError.reading(path, error) }
                if count == 0 { break }
                try digest.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
            return DigestContext.hex(try digest.finish())
        } catch let error as FileSystemError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }
}
