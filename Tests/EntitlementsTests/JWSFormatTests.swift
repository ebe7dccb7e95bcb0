import Foundation
import Testing
@testable import Entitlements
@testable import LibCrypto

@Suite struct JWSFormatTests {
    @Test func validLifetimeProofGrantsPro() throws {
        let jws = try TestPKI.apple.sign(App.transaction())
        guard case .success(.transaction(let transaction)) = App.verify(jws) else { Issue.record("did not verify"); return }
        #expect(transaction.productId == App.lifetime)
        let report = App.check(.exportAnnotated, [jws])
        expectDecision(report, allowed: true, tier: .pro, reason: .pro)
        #expect(report.decision.grantedBy == "proof-0.jws")
        #expect(report.proofs[0].status == .ok)
        #expect(report.proofs[0].kind == .appStoreTransaction)
    }

    @Test(arguments: [2, 4])
    func wrongSegmentCount(segments: Int) throws {
        let jws = try TestPKI.apple.sign(App.transaction())
        let parts = jws.split(separator: ".").map(String.init)
        let changed = segments == 2 ? parts[0] + "." + parts[1] : jws + "." + parts[2]
        expectFailure(App.verify(changed), .invalidJWTFormat, "segment_count")
        expectDecision(App.check(.exportAnnotated, [changed]), allowed: false, tier: .free, reason: .invalidProof)
    }

    @Test(arguments: [
        ("+", "a standard-base64 character"),
        ("=", "padding"),
        (" ", "a space"),
        ("*", "a character outside both alphabets"),
    ])
    func badBase64URL(insert: String, _: String) throws {
        let jws = try TestPKI.apple.sign(App.transaction())
        var parts = jws.split(separator: ".").map(String.init)
        parts[1] = String(parts[1].dropLast(4)) + insert + String(parts[1].suffix(3))
        expectFailure(App.verify(parts.joined(separator: ".")), .invalidJWTFormat, "bad_base64url")
    }

    @Test func base64URLDecodingIsStrict() {
        #expect(Base64URL.decode("QQ") == [0x41])
        #expect(Base64URL.decode("QR") == nil) // non-zero unused bits: a second spelling of "A"
        #expect(Base64URL.decode("QQ==") == nil)
        #expect(Base64URL.decode("Q") == nil)
        #expect(Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
        #expect(Base64URL.decode("+/+/") == nil)
        #expect(Base64URL.decode("") == [])
    }

    @Test func headerThatIsNotJSON() throws {
        let jws = try TestPKI.apple.sign(App.transaction())
        let parts = jws.split(separator: ".")
        let changed = Base64URL.encode(Array("{\"alg\":".utf8)) + "." + parts[1] + "." + parts[2]
        expectFailure(App.verify(changed), .invalidJWTFormat, "bad_json")
    }

    @Test func payloadOfNoKnownKind() throws {
        let jws = try TestPKI.apple.sign(["hello": "world"])
        expectFailure(App.verify(jws), .invalidJWTFormat, "unknown_payload")
    }
}
