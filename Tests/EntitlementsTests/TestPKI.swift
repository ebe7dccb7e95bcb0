import Foundation
@testable import Entitlements
@testable import LibCrypto

/// An App Store–like PKI made by the test with libcrypto: a P-384 root and intermediate
/// (the intermediate with Apple's WWDR OID), and a P-256 leaf with the receipt-signing OID.
/// Validity dates are fixed, so nothing here expires with the calendar.
struct TestPKI: Sendable {
    let rootKey: PrivateKey, intermediateKey: PrivateKey, leafKey: PrivateKey
    let root: Certificate, intermediate: Certificate, leaf: Certificate

    static let leafValidity = Clock.date("2025-01-01T00:00:00Z")...Clock.date("2026-01-01T00:00:00Z")

    init(rootName: String = "Test Apple Root CA - G3", leafOID: Bool = true, intermediateOID: Bool = true) throws {
        rootKey = try PrivateKey.generate(curve: .p384)
        intermediateKey = try PrivateKey.generate(curve: .p384)
        leafKey = try PrivateKey.generate(curve: .p256)
        root = try CertificateBuilder(commonName: rootName, serial: 1,
                                      validity: Clock.date("2014-04-30T00:00:00Z")...Clock.date("2039-04-30T00:00:00Z"),
                                      isCertificateAuthority: true)
            .build(subjectKey: rootKey.publicKey, issuer: nil, issuerKey: rootKey, digest: .sha384)
        intermediate = try CertificateBuilder(commonName: "Test Worldwide Developer Relations CA - G6", serial: 2,
                                              validity: Clock.date("2021-03-17T00:00:00Z")...Clock.date("2036-03-19T00:00:00Z"),
                                              isCertificateAuthority: true,
                                              markerOIDs: intermediateOID ? [ProofVerifier.intermediateMarkerOID] : [])
            .build(subjectKey: intermediateKey.publicKey, issuer: root, issuerKey: rootKey, digest: .sha384)
        leaf = try CertificateBuilder(commonName: "Test Prod ECC Mac App Store and iTunes Store Receipt Signing", serial: 3,
                                      validity: Self.leafValidity, isCertificateAuthority: false,
                                      markerOIDs: leafOID ? [ProofVerifier.leafMarkerOID] : [])
            .build(subjectKey: leafKey.publicKey, issuer: intermediate, issuerKey: intermediateKey, digest: .sha384)
    }

    /// The header chain as StoreKit sends it: leaf, intermediate, root, each standard base64 DER.
    var x5c: [String] { [leaf, intermediate, root].map { Data($0.der).base64EncodedString() } }

    /// A signed App Store JWS over `payload` with the leaf key (or `header`/`key` overrides).
    func sign(_ payload: [String: Any], header: [String: Any]? = nil, key: PrivateKey? = nil) throws -> String {
        try JWS.make(header: header ?? ["alg": "ES256", "x5c": x5c], payload: payload, key: key ?? leafKey)
    }

    /// Shared PKIs: making keys costs little, but there is no need to make them per test.
    static let apple = try! TestPKI()
    static let impostor = try! TestPKI()
    static let leafWithoutOID = try! TestPKI(leafOID: false)
    static let intermediateWithoutOID = try! TestPKI(intermediateOID: false)
}

/// Builds compact JWSs the way a signer (honest or not) would.
enum JWS {
    static func json(_ object: [String: Any]) -> [UInt8] {
        [UInt8](try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    static func signingInput(header: [String: Any], payload: [String: Any]) -> String {
        Base64URL.encode(json(header)) + "." + Base64URL.encode(json(payload))
    }

    /// ES256 with a P-256 key; other algorithms are signed as their header says, with whatever key is given.
    static func make(header: [String: Any], payload: [String: Any], key: PrivateKey) throws -> String {
        let input = signingInput(header: header, payload: payload)
        let signature: [UInt8]
        switch header["alg"] as? String {
        case "ES384": signature = ECDSASignature.raw(fromDER: try key.sign(Array(input.utf8), digest: .sha384), scalarSize: 48)!
        case "RS256": signature = try key.sign(Array(input.utf8), digest: .sha256)
        default: signature = try key.signES256(Array(input.utf8))
        }
        return input + "." + Base64URL.encode(signature)
    }

    static func replacingSignature(of jws: String, with signature: [UInt8]) -> String {
        let parts = jws.split(separator: ".")
        return parts[0] + "." + parts[1] + "." + Base64URL.encode(signature)
    }

    static func signature(of jws: String) -> [UInt8] { Base64URL.decode(jws.split(separator: ".")[2])! }
}

/// Fixed moments for the tests; no test reads the real clock.
enum Clock {
    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    /// "Now" in most tests.
    static let now = date("2025-06-15T12:00:00Z")
    static func ms(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970 * 1000) }
    static func days(_ count: Double) -> TimeInterval { count * 86_400 }
}

/// The app the tests' proofs are for.
enum App {
    static let bundleId = "com.example.notes"
    static let lifetime = "com.example.notes.pro.lifetime"
    static let yearly = "com.example.notes.pro.yearly"
    static let coins = "com.example.notes.coins"
    static let vendorKey = try! PrivateKey.generate(curve: .p256)

    static func trust(pki: TestPKI = .apple, environments: [String] = ["Production"], vendorKeys: [PrivateKey] = [vendorKey]) -> TrustConfiguration {
        TrustConfiguration(bundleId: bundleId, environments: environments, appleRoots: [pki.root],
                           vendorKeys: vendorKeys.enumerated().map { .init(source: "vendor-\($0.offset).pub.pem", key: try! $0.element.publicKey) },
                           proProducts: [lifetime, yearly, coins])
    }

    /// A Production lifetime purchase signed yesterday; `changes` override or (with NSNull) remove fields.
    static func transaction(_ changes: [String: Any] = [:]) -> [String: Any] {
        var payload: [String: Any] = [
            "transactionId": "2000000001", "originalTransactionId": "2000000001", "bundleId": bundleId,
            "productId": lifetime, "type": "Non-Consumable", "inAppOwnershipType": "PURCHASED",
            "purchaseDate": Clock.ms(Clock.now - Clock.days(30)), "signedDate": Clock.ms(Clock.now - Clock.days(1)),
            "environment": "Production", "quantity": 1, "storefront": "GBR", "transactionReason": "PURCHASE",
        ]
        for (key, value) in changes { payload[key] = value is NSNull ? nil : value }
        return payload
    }

    /// A yearly subscription that expires `expiresIn` from now.
    static func subscription(expiresIn: TimeInterval, _ changes: [String: Any] = [:]) -> [String: Any] {
        transaction(["productId": yearly, "type": "Auto-Renewable Subscription", "transactionId": "2000000050",
                     "originalTransactionId": "2000000050", "expiresDate": Clock.ms(Clock.now + expiresIn)]
            .merging(changes) { $1 })
    }

    /// Renewal info of a subscription in billing retry with a grace period ending `graceEndsIn` from now.
    static func renewalInfo(graceEndsIn: TimeInterval, _ changes: [String: Any] = [:]) -> [String: Any] {
        var payload: [String: Any] = [
            "originalTransactionId": "2000000050", "autoRenewProductId": yearly, "productId": yearly, "autoRenewStatus": 1,
            "isInBillingRetryPeriod": true, "gracePeriodExpiresDate": Clock.ms(Clock.now + graceEndsIn), "expirationIntent": 2,
            "signedDate": Clock.ms(Clock.now - Clock.days(1)), "environment": "Production",
        ]
        for (key, value) in changes { payload[key] = value is NSNull ? nil : value }
        return payload
    }

    static func licence(_ changes: (inout VendorLicence) -> Void = { _ in }, key: PrivateKey = vendorKey) throws -> String {
        var licence = VendorLicence(id: "lic-0001", customer: "ada@example.com", bundleId: bundleId, product: lifetime,
                                    issuedAt: Clock.now - Clock.days(10), notBefore: Clock.now - Clock.days(10), expires: nil)
        changes(&licence)
        return try licence.issue(signingKey: key)
    }

    /// Runs the gate at `now` on these proofs.
    static func check(_ action: EntitlementAction = .exportAnnotated, _ proofs: [String], now: Date = Clock.now,
                      trust: TrustConfiguration = App.trust(), policy: EntitlementPolicy = EntitlementPolicy(),
                      usage: Usage = Usage(), state: EntitlementState = EntitlementState()) -> EntitlementReport {
        EntitlementChecker(trust: trust, policy: policy, clock: FixedClock(now))
            .check(action, proofs: proofs.enumerated().map { ProofSource(name: "proof-\($0.offset).jws", jws: $0.element) },
                   usage: usage, state: state)
    }

    /// Verifies one proof at `Clock.now`.
    static func verify(_ jws: String, trust: TrustConfiguration = App.trust()) -> Result<VerifiedProof, ProofFailure> {
        ProofVerifier(trust: trust).verify(jws, now: Clock.now).result
    }
}
