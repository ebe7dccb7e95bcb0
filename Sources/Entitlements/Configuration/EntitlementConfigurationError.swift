/// A trust, policy, state or proof file that cannot be used, with the file and the fix.
public enum EntitlementConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    case fileMissing(path: String, role: String)
    case fileUnreadable(path: String, reason: String)
    case fileUnwritable(path: String, reason: String)
    case invalidJSON(path: String)
    case unknownKey(path: String, key: String, known: [String])
    case missingKey(path: String, key: String)
    case wrongValue(path: String, key: String, expected: String)
    case certificateUnreadable(path: String, reason: String)
    case vendorKeyUnreadable(path: String, reason: String)
    case vendorKeyNotP256(path: String, curve: String?)

    public var description: String {
        switch self {
        case .fileMissing(let path, let role): "\(path): no such \(role) file"
        case .fileUnreadable(let path, let reason): "\(path): cannot read it: \(reason)"
        case .fileUnwritable(let path, let reason): "\(path): cannot write it: \(reason)"
        case .invalidJSON(let path): "\(path): not a JSON object; see docs/entitlements.md for the format"
        case .unknownKey(let path, let key, let known):
            "\(path): unknown key \"\(key)\"; the keys are \(known.map { "\"\($0)\"" }.joined(separator: ", "))"
        case .missingKey(let path, let key): "\(path): \"\(key)\" is required"
        case .wrongValue(let path, let key, let expected): "\(path): \"\(key)\" must be \(expected)"
        case .certificateUnreadable(let path, let reason): "\(path): not a PEM certificate (\(reason)); give Apple's root as PEM"
        case .vendorKeyUnreadable(let path, let reason): "\(path): not a PEM public key (\(reason)); give the vendor's PUBLIC KEY block"
        case .vendorKeyNotP256(let path, let curve): "\(path): a vendor key must be EC P-256 (ES256), this is \(curve ?? "not an EC key")"
        }
    }
}
