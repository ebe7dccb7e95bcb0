import Glibc
import LibCrypto

/// Digests of files' bytes, read in chunks.
public enum FileDigest {
    /// Lower-case hex SHA-256 of the file at `path`.
    public static func sha256Hex(ofFileAt path: String) throws(FileSystemError) -> String {
        DigestContext.hex(try digest(.sha256, ofFileAt: path).digest)
    }

    /// The `algorithm` digest of the file at `path` and the number of bytes it read.
    public static func digest(_ algorithm: MessageDigest, ofFileAt path: String) throws(FileSystemError) -> (digest: [UInt8], size: Int) {
        let file: FileDescriptor
        do {
            file = try FileDescriptor(opening: path, flags: O_RDONLY)
        } catch {
            throw .reading(path, error)
        }
        do {
            let digest = try DigestContext(algorithm)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { buffer.deallocate() }
            var size = 0
            while true {
                let count: Int
                do { count = try file.read(into: buffer) } catch { throw FileSystemError.reading(path, error) }
                if count == 0 { break }
                size += count
                try digest.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
            return (try digest.finish(), size)
        } catch let error as FileSystemError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }
}
