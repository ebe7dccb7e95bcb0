import CCrypto
import Foundation

/// SHA-256 of a file's bytes, read in chunks, from libcrypto.
public enum SHA256Digest {
    /// Lower-case hex digest of the file at `path`.
    ///
    /// The corresponding C functions are `EVP_DigestInit_ex`, `EVP_DigestUpdate` and `EVP_DigestFinal_ex`.
    public static func hexDigest(ofFileAt path: String) throws(ExportError) -> String {
        guard let file = fopen(path, "rb") else {
            throw errno == ENOENT ? .inputMissing(path: path) : .inputUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        guard let context = EVP_MD_CTX_new() else { throw .renderFailed(path: path, page: nil, reason: "libcrypto is out of memory") }
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { _ = buffer.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, count) } }
            if count < buffer.count {
                if ferror(file) != 0 { throw .inputUnreadable(path: path, reason: "read error") }
                break
            }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }
}
