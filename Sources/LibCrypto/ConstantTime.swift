import CCrypto

/// Comparisons whose time does not depend on where two secrets differ.
public enum ConstantTime {
    /// Whether `a` and `b` are equal. Both are hashed with SHA-256 first, so that
    /// neither their lengths nor their first difference shows in the time taken.
    ///
    /// The corresponding C function is `CRYPTO_memcmp`.
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard let left = try? MessageDigest.sha256.digest(a), let right = try? MessageDigest.sha256.digest(b),
              left.count == right.count else { return false }
        return left.withUnsafeBytes { l in right.withUnsafeBytes { r in CRYPTO_memcmp(l.baseAddress, r.baseAddress, l.count) == 0 } }
    }
}
