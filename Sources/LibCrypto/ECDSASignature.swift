import CCrypto

/// Conversions between JOSE's fixed-size ECDSA signatures (r‖s, RFC 7518 §3.4) and
/// the DER `ECDSA-Sig-Value` that libcrypto signs and verifies.
public enum ECDSASignature {
    /// DER for a raw r‖s of `2 × scalarSize` bytes, or nil when the length is wrong.
    ///
    /// The corresponding C functions are `BN_bin2bn`, `ECDSA_SIG_set0` and `i2d_ECDSA_SIG`.
    public static func der(fromRaw raw: [UInt8], scalarSize: Int) -> [UInt8]? {
        guard raw.count == 2 * scalarSize, let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let r = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32(scalarSize), nil) }
        let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + scalarSize, Int32(scalarSize), nil) }
        guard let r, let s else { BN_free(r); BN_free(s); return nil }
        guard ECDSA_SIG_set0(signature, r, s) == 1 else { BN_free(r); BN_free(s); return nil }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_ECDSA_SIG(signature, &output)
        guard length > 0, let output else { return nil }
        defer { inkpdf_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// The raw r‖s (each left-padded to `scalarSize`) of a DER signature.
    ///
    /// The corresponding C functions are `d2i_ECDSA_SIG`, `ECDSA_SIG_get0` and `BN_bn2binpad`.
    public static func raw(fromDER der: [UInt8], scalarSize: Int) -> [UInt8]? {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let parsed else { return nil }
        defer { ECDSA_SIG_free(parsed) }
        var r: OpaquePointer?, s: OpaquePointer?
        ECDSA_SIG_get0(parsed, &r, &s)
        var raw = [UInt8](repeating: 0, count: 2 * scalarSize)
        let ok = raw.withUnsafeMutableBufferPointer { buffer in
            BN_bn2binpad(r, buffer.baseAddress, Int32(scalarSize)) == scalarSize
                && BN_bn2binpad(s, buffer.baseAddress! + scalarSize, Int32(scalarSize)) == scalarSize
        }
        return ok ? raw : nil
    }
}
