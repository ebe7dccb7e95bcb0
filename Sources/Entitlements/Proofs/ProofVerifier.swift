import LibCrypto
import Foundation

/// Verifies proofs against a trust configuration, the way Apple's `SignedDataVerifier`
/// does offline: ES256 only, the `x5c` chain to a configured root (never the chain's own
/// third certificate) with Apple's OIDs at `signedDate`, the signature over
/// `header.payload`, then the bundle id and environment. No environment skips a check.
public struct ProofVerifier: Sendable {
    /// On the receipt-signing leaf.
    public static let leafMarkerOID = "1.2.840.113635.100.6.11.1"
    /// On Apple's WWDR intermediate.
    public static let intermediateMarkerOID = "1.2.840.113635.100.6.2.1"

    public var trust: TrustConfiguration

    public init(trust: TrustConfiguration) { self.trust = trust }

    /// Tells the kind of `jws` apart and verifies it. `now` is the validation time of an
    /// App Store proof that carries no `signedDate`.
    public func verify(_ jws: String, now: Date) -> (kind: ProofKind, result: Result<VerifiedProof, ProofFailure>) {
        let parsed: CompactJWS
        do {
            parsed = try CompactJWS(jws)
        } catch {
            return (.unknown, .failure(error))
        }
        let kind = Self.kind(of: parsed)
        do throws(ProofFailure) {
            switch kind {
            case .vendorLicence: return (kind, .success(try verifyLicence(parsed)))
            case .appStoreTransaction:
                try verifyAppStoreSignature(parsed, now: now)
                let transaction = try parsed.decodePayload(AppStoreTransaction.self)
                guard transaction.bundleId == trust.bundleId else { throw .wrongBundle(expected: trust.bundleId, found: transaction.bundleId) }
                try checkEnvironment(transaction.environment)
                return (kind, .success(.transaction(transaction)))
            case .appStoreRenewalInfo:
                try verifyAppStoreSignature(parsed, now: now)
                let info = try parsed.decodePayload(AppStoreRenewalInfo.self)
                try checkEnvironment(info.environment)
                return (kind, .success(.renewalInfo(info)))
            case .unknown: throw .unknownPayload
            }
        } catch {
            return (kind, .failure(error))
        }
    }

    static func kind(of jws: CompactJWS) -> ProofKind {
        let payload = jws.payloadObject
        if jws.header.typ == "inkpdf-licence" || payload["jti"] != nil { return .vendorLicence }
        if payload["transactionId"] != nil { return .appStoreTransaction }
        let renewalFields = ["autoRenewProductId", "autoRenewStatus", "renewalDate", "gracePeriodExpiresDate", "isInBillingRetryPeriod", "expirationIntent"]
        if renewalFields.contains(where: { payload[$0] != nil }) { return .appStoreRenewalInfo }
        return .unknown
    }

    private func checkEnvironment(_ environment: String?) throws(ProofFailure) {
        guard let environment, trust.environments.contains(environment) else {
            throw .wrongEnvironment(found: environment, accepted: trust.environments)
        }
    }

    private func verifyAppStoreSignature(_ jws: CompactJWS, now: Date) throws(ProofFailure) {
        guard jws.header.alg == "ES256" else { throw .unsupportedAlgorithm(jws.header.alg) }
        guard let x5c = jws.header.x5c else { throw .missingCertificateChain }
        guard x5c.count == 3 else { throw .chainLength(x5c.count) }
        var certificates: [Certificate] = []
        for (index, encoded) in x5c.enumerated() {
            guard let der = Data(base64Encoded: encoded) else { throw .badCertificate(index: index, detail: "not base64") }
            do {
                certificates.append(try Certificate(der: [UInt8](der)))
            } catch {
                throw .badCertificate(index: index, detail: error.reason)
            }
        }
        guard !trust.appleRoots.isEmpty else { throw .noTrustedRoots }
        // Offline, the chain is judged when Apple signed, or every old purchase would die when the leaf expires.
        let signedAt = (jws.payloadObject["signedDate"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue / 1000) } ?? now
        let leaf = certificates[0], intermediate = certificates[1]
        switch leaf.verifyChain(intermediates: [intermediate], trustedRoots: trust.appleRoots, at: signedAt) {
        case .failure(let failure):
            throw .untrustedChain(detail: "\(failure.reason) (certificate \(failure.depth), error \(failure.code))")
        case .success(let path) where path.count != 3:
            throw .untrustedChain(detail: "the path to the root has \(path.count) certificates, not 3")
        case .success:
            break
        }
        guard leaf.hasExtension(oid: Self.leafMarkerOID) else { throw .missingMarkerOID(certificate: "signing (x5c[0])", oid: Self.leafMarkerOID) }
        guard intermediate.hasExtension(oid: Self.intermediateMarkerOID) else {
            throw .missingMarkerOID(certificate: "intermediate (x5c[1])", oid: Self.intermediateMarkerOID)
        }
        guard let key = leaf.publicKey, key.isP256 else { throw .leafKeyNotP256 }
        guard jws.signature.count == 64 else { throw .badSignature(detail: "an ES256 signature is 64 bytes (r‖s), this is \(jws.signature.count)") }
        guard key.verifiesES256(signature: jws.signature, over: jws.signingInput) else {
            throw .badSignature(detail: "not made by the signing certificate's key over this header and payload")
        }
    }

    private func verifyLicence(_ jws: CompactJWS) throws(ProofFailure) -> VerifiedProof {
        guard jws.header.typ == "inkpdf-licence" else { throw .wrongType(found: jws.header.typ) }
        guard jws.header.alg == "ES256" else { throw .unsupportedAlgorithm(jws.header.alg) }
        let licence = try jws.decodePayload(VendorLicence.self)
        guard !trust.vendorKeys.isEmpty else { throw .noVendorKeys }
        guard jws.signature.count == 64 else { throw .badSignature(detail: "an ES256 signature is 64 bytes (r‖s), this is \(jws.signature.count)") }
        guard let vendor = trust.vendorKeys.first(where: { $0.key.verifiesES256(signature: jws.signature, over: jws.signingInput) }) else {
            throw .badSignature(detail: "made by none of the \(trust.vendorKeys.count) configured vendor key(s)")
        }
        guard licence.aud == trust.bundleId else { throw .wrongBundle(expected: trust.bundleId, found: licence.aud) }
        return .licence(licence, verifiedBy: vendor.source)
    }
}
