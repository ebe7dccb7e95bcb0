import LibCrypto
import Foundation

/// What inkpdf trusts: the app's bundle id, the App Store environments it accepts, the
/// Apple roots a signed transaction must chain to, the vendor keys that sign licences,
/// and the product ids that mean Pro. Nothing in a proof can add to this.
public struct TrustConfiguration: Sendable {
    /// A vendor key and the file it came from (to say which key verified a licence).
    public struct VendorKey: Sendable {
        public var source: String
        public var key: PublicKey
        public init(source: String, key: PublicKey) {
            self.source = source
            self.key = key
        }
    }

    public static let environmentNames = ["Production", "Sandbox", "Xcode", "LocalTesting"]
    public static let keys = ["bundleId", "environments", "appleRootCertificates", "vendorPublicKeys", "proProducts"]

    public var bundleId: String
    /// Accepted App Store environments; Production unless the file says otherwise.
    public var environments: [String]
    public var appleRoots: [Certificate]
    public var vendorKeys: [VendorKey]
    public var proProducts: Set<String>

    public init(bundleId: String, environments: [String] = ["Production"], appleRoots: [Certificate] = [],
                vendorKeys: [VendorKey] = [], proProducts: Set<String>) {
        self.bundleId = bundleId
        self.environments = environments
        self.appleRoots = appleRoots
        self.vendorKeys = vendorKeys
        self.proProducts = proProducts
    }

    /// Reads a trust file; certificate and key paths are relative to the file's folder.
    public static func load(path: String) throws(EntitlementConfigurationError) -> TrustConfiguration {
        let reader = try JSONObjectReader(path: path, role: "trust", known: keys)
        guard let bundleId = try reader.string("bundleId") else { throw .missingKey(path: path, key: "bundleId") }
        let environments = try reader.strings("environments") ?? ["Production"]
        guard !environments.isEmpty, environments.allSatisfy(environmentNames.contains) else {
            throw .wrongValue(path: path, key: "environments", expected: "a list drawn from \(environmentNames.joined(separator: ", "))")
        }
        guard let products = try reader.strings("proProducts"), !products.isEmpty else {
            throw .wrongValue(path: path, key: "proProducts", expected: "a non-empty list of product ids")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        func resolve(_ file: String) -> String { file.hasPrefix("/") ? file : folder.appendingPathComponent(file).path }

        var roots: [Certificate] = []
        for file in try reader.strings("appleRootCertificates") ?? [] {
            let resolved = resolve(file)
            let text = String(decoding: try ConfigurationFile.contents(of: resolved, role: "certificate"), as: UTF8.self)
            do {
                roots += try Certificate.certificates(pem: text)
            } catch {
                throw .certificateUnreadable(path: resolved, reason: error.reason)
            }
        }
        var vendorKeys: [VendorKey] = []
        for file in try reader.strings("vendorPublicKeys") ?? [] {
            let resolved = resolve(file)
            let text = String(decoding: try ConfigurationFile.contents(of: resolved, role: "vendor key"), as: UTF8.self)
            let key: PublicKey
            do {
                key = try PublicKey(pem: text)
            } catch {
                throw .vendorKeyUnreadable(path: resolved, reason: error.reason)
            }
            guard key.isP256 else { throw .vendorKeyNotP256(path: resolved, curve: key.curveName) }
            vendorKeys.append(VendorKey(source: resolved, key: key))
        }
        return TrustConfiguration(bundleId: bundleId, environments: environments, appleRoots: roots,
                                  vendorKeys: vendorKeys, proProducts: Set(products))
    }
}
