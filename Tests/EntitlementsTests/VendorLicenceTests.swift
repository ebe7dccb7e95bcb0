import Foundation
import Testing
@testable import Entitlements
@testable import LibCrypto

@Suite struct VendorLicenceTests {
    @Test func validLicence() throws {
        let jws = try App.licence()
        guard case .success(.licence(let licence, let key)) = App.verify(jws) else { Issue.record("did not verify"); return }
        #expect(licence.jti == "lic-0001")
        #expect(key == "vendor-0.pub.pem")
        let report = App.check(.exportAnnotated, [jws])
        expectDecision(report, allowed: true, tier: .pro, reason: .pro)
        #expect(report.proofs[0].kind == .vendorLicence)
        #expect(report.decision.grantedBy == "proof-0.jws")
        let header = try #require(Base64URL.decode(jws.split(separator: ".")[0]))
        #expect(String(decoding: header, as: UTF8.self) == #"{"alg":"ES256","typ":"inkpdf-licence"}"#)
    }

    @Test func expiredLicence() throws {
        let jws = try App.licence { $0.exp = Int64((Clock.now - Clock.days(1)).timeIntervalSince1970) }
        expectDecision(App.check(.exportAnnotated, [jws]), allowed: false, tier: .free, reason: .expired)
        let valid = try App.licence { $0.exp = Int64((Clock.now + Clock.days(1)).timeIntervalSince1970) }
        expectDecision(App.check(.exportAnnotated, [valid]), allowed: true, tier: .pro, reason: .pro)
    }

    @Test func notYetValidLicence() throws {
        let jws = try App.licence { $0.nbf = Int64((Clock.now + Clock.days(1)).timeIntervalSince1970) }
        expectDecision(App.check(.exportAnnotated, [jws]), allowed: false, tier: .free, reason: .notYetValid)
    }

    @Test func licenceForAnotherApp() throws {
        let jws = try App.licence { $0.aud = "com.other.app" }
        expectFailure(App.verify(jws), .invalidAppIdentifier, "wrong_bundle")
    }

    @Test func licenceSignedByAnotherKey() throws {
        let jws = try App.licence(key: try PrivateKey.generate(curve: .p256))
        expectFailure(App.verify(jws), .verificationFailure, "bad_signature")
        // Listing that key as well is what makes it verify.
        let second = try PrivateKey.generate(curve: .p256)
        if case .failure(let failure) = App.verify(try App.licence(key: second), trust: App.trust(vendorKeys: [App.vendorKey, second])) {
            Issue.record("\(failure)")
        }
    }

    @Test func licenceWithAlgNone() throws {
        let claims = try JSONSerialization.jsonObject(with: JSONEncoder().encode(VendorLicence(
            id: "lic-0002", customer: "eve@example.com", bundleId: App.bundleId, product: App.lifetime,
            issuedAt: Clock.now, notBefore: Clock.now, expires: nil))) as! [String: Any]
        let jws = JWS.signingInput(header: ["alg": "none", "typ": "inkpdf-licence"], payload: claims) + "."
        expectFailure(App.verify(jws), .verificationFailure, "unsupported_algorithm")
    }

    @Test func licenceWithoutItsType() throws {
        let claims = try JSONSerialization.jsonObject(with: JSONEncoder().encode(VendorLicence(
            id: "lic-0003", customer: "eve@example.com", bundleId: App.bundleId, product: App.lifetime,
            issuedAt: Clock.now, notBefore: Clock.now, expires: nil))) as! [String: Any]
        let jws = try JWS.make(header: ["alg": "ES256"], payload: claims, key: App.vendorKey)
        expectFailure(App.verify(jws), .invalidJWTFormat, "wrong_type")
    }

    @Test func licenceMissingAClaim() throws {
        let jws = try JWS.make(header: ["alg": "ES256", "typ": "inkpdf-licence"],
                               payload: ["jti": "x", "aud": App.bundleId, "product": App.lifetime, "iat": 1, "nbf": 1], key: App.vendorKey)
        expectFailure(App.verify(jws), .invalidJWTFormat, "bad_json")
    }

    @Test func licenceForANonProProduct() throws {
        let jws = try App.licence { $0.product = "com.example.notes.stickers" }
        expectDecision(App.check(.exportAnnotated, [jws]), allowed: false, tier: .free, reason: .notAProProduct)
    }

    @Test func noVendorKeyConfigured() throws {
        expectFailure(App.verify(try App.licence(), trust: App.trust(vendorKeys: [])), .verificationFailure, "no_vendor_keys")
    }
}
