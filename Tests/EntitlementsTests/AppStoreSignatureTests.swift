import Foundation
import Testing
@testable import Entitlements
@testable import LibCrypto

/// The cryptographic checks, each with Apple's status name and inkpdf's failure code.
@Suite struct AppStoreSignatureTests {
    let pki = TestPKI.apple

    @Test func algNoneWithAnEmptySignature() throws {
        let input = JWS.signingInput(header: ["alg": "none", "x5c": pki.x5c], payload: App.transaction())
        expectFailure(App.verify(input + "."), .verificationFailure, "unsupported_algorithm")
    }

    @Test(arguments: ["DER", "PEM"])
    func hs256KeyedWithTheLeafsPublicKey(encoding: String) throws {
        let leafKey = try #require(pki.leaf.publicKey)
        let secret = encoding == "DER" ? leafKey.der : Array(try leafKey.pem.utf8)
        let input = JWS.signingInput(header: ["alg": "HS256", "x5c": pki.x5c], payload: App.transaction())
        let mac = MessageDigest.sha256.hmac(key: secret, message: Array(input.utf8))
        #expect(mac.count == 32)
        expectFailure(App.verify(input + "." + Base64URL.encode(mac)), .verificationFailure, "unsupported_algorithm")
    }

    @Test func es384() throws {
        let key = try PrivateKey.generate(curve: .p384)
        let jws = try JWS.make(header: ["alg": "ES384", "x5c": pki.x5c], payload: App.transaction(), key: key)
        #expect(JWS.signature(of: jws).count == 96)
        expectFailure(App.verify(jws), .verificationFailure, "unsupported_algorithm")
    }

    @Test func rs256() throws {
        let key = try PrivateKey.generateRSA(bits: 2048)
        let jws = try JWS.make(header: ["alg": "RS256", "x5c": pki.x5c], payload: App.transaction(), key: key)
        expectFailure(App.verify(jws), .verificationFailure, "unsupported_algorithm")
    }

    @Test func missingX5C() throws {
        let jws = try pki.sign(App.transaction(), header: ["alg": "ES256"])
        expectFailure(App.verify(jws), .verificationFailure, "missing_x5c")
    }

    @Test(arguments: [2, 4])
    func wrongNumberOfCertificates(count: Int) throws {
        let chain = count == 2 ? Array(pki.x5c.prefix(2)) : pki.x5c + [pki.x5c[2]]
        let jws = try pki.sign(App.transaction(), header: ["alg": "ES256", "x5c": chain])
        expectFailure(App.verify(jws), .invalidChainLength, "chain_length")
    }

    @Test(arguments: ["bm90IGEgY2VydGlmaWNhdGU=", "%%%not base64%%%", "MAA="])
    func garbageCertificate(garbage: String) throws {
        let jws = try pki.sign(App.transaction(), header: ["alg": "ES256", "x5c": [garbage, pki.x5c[1], pki.x5c[2]]])
        expectFailure(App.verify(jws), .invalidCertificate, "bad_certificate")
    }

    @Test func certificateWithTrailingBytes() throws {
        let padded = Data(pki.leaf.der + [0]).base64EncodedString()
        let jws = try pki.sign(App.transaction(), header: ["alg": "ES256", "x5c": [padded, pki.x5c[1], pki.x5c[2]]])
        expectFailure(App.verify(jws), .invalidCertificate, "bad_certificate")
    }

    @Test func chainToASelfMadeRootWithTheSameNames() throws {
        // The impostor's whole chain is consistent, and its x5c carries its own root: that root is never trusted.
        let jws = try TestPKI.impostor.sign(App.transaction())
        expectFailure(App.verify(jws), .invalidChain, "untrusted_chain")
        // …and trusting it explicitly is what makes it verify.
        if case .failure(let failure) = App.verify(jws, trust: App.trust(pki: .impostor)) { Issue.record("\(failure)") }
    }

    @Test func noRootConfigured() throws {
        var trust = App.trust()
        trust.appleRoots = []
        expectFailure(App.verify(try pki.sign(App.transaction()), trust: trust), .invalidCertificate, "no_trusted_roots")
    }

    @Test func leafWithoutItsOID() throws {
        let other = TestPKI.leafWithoutOID
        expectFailure(App.verify(try other.sign(App.transaction()), trust: App.trust(pki: other)), .invalidChain, "missing_oid")
    }

    @Test func intermediateWithoutItsOID() throws {
        let other = TestPKI.intermediateWithoutOID
        expectFailure(App.verify(try other.sign(App.transaction()), trust: App.trust(pki: other)), .invalidChain, "missing_oid")
    }

    @Test func leafAndIntermediateSwapped() throws {
        let chain = [pki.x5c[1], pki.x5c[0], pki.x5c[2]]
        let jws = try pki.sign(App.transaction(), header: ["alg": "ES256", "x5c": chain])
        expectFailure(App.verify(jws), .invalidChain, "untrusted_chain")
    }

    @Test func flippedPayloadByte() throws {
        let jws = try pki.sign(App.transaction())
        var parts = jws.split(separator: ".").map(String.init)
        var payload = try #require(Base64URL.decode(Substring(parts[1])))
        let index = try #require(payload.firstIndex(of: UInt8(ascii: "G"))) // in "GBR", still valid JSON
        payload[index] ^= 0x01
        parts[1] = Base64URL.encode(payload)
        expectFailure(App.verify(parts.joined(separator: ".")), .verificationFailure, "bad_signature")
    }

    @Test func signatureByAnotherKey() throws {
        let jws = try pki.sign(App.transaction(), key: try PrivateKey.generate(curve: .p256))
        expectFailure(App.verify(jws), .verificationFailure, "bad_signature")
    }

    @Test(arguments: ["DER", "63 bytes", "all zero", "65 bytes"])
    func malformedSignatures(form: String) throws {
        let jws = try pki.sign(App.transaction())
        let raw = JWS.signature(of: jws)
        let signature: [UInt8] = switch form {
        case "DER": try #require(ECDSASignature.der(fromRaw: raw, scalarSize: 32))
        case "63 bytes": Array(raw.dropFirst())
        case "65 bytes": [0] + raw
        default: [UInt8](repeating: 0, count: 64)
        }
        expectFailure(App.verify(JWS.replacingSignature(of: jws, with: signature)), .verificationFailure, "bad_signature")
    }

    @Test(arguments: ["2024-12-31T23:59:59Z", "2026-01-01T00:00:01Z"])
    func signedDateOutsideTheLeafsValidity(signed: String) throws {
        let jws = try pki.sign(App.transaction(["signedDate": Clock.ms(Clock.date(signed))]))
        expectFailure(App.verify(jws), .invalidChain, "untrusted_chain")
    }

    @Test(arguments: [1e30, -1e30, 9.3e18])
    func signedDateBeyondAnyCalendar(milliseconds: Double) throws {
        let jws = try pki.sign(App.transaction(["signedDate": milliseconds]))
        expectFailure(App.verify(jws), .invalidChain, "untrusted_chain")
    }

    @Test func chainIsJudgedAtSignedDateNotNow() throws {
        // Signed while the leaf was valid; checked long after it expired: still good.
        let jws = try pki.sign(App.transaction(["signedDate": Clock.ms(Clock.date("2025-12-31T00:00:00Z"))]))
        let result = ProofVerifier(trust: App.trust()).verify(jws, now: Clock.date("2031-01-01T00:00:00Z")).result
        if case .failure(let failure) = result { Issue.record("\(failure)") }
    }

    @Test func headerKeysAreIgnored() throws {
        let attacker = try PrivateKey.generate(curve: .p256)
        let attackerKey = try attacker.publicKey
        let point = attackerKey.der.suffix(64) // an uncompressed P-256 point ends the SubjectPublicKeyInfo: X ‖ Y
        let jwk = ["kty": "EC", "crv": "P-256", "x": Base64URL.encode(Array(point.prefix(32))), "y": Base64URL.encode(Array(point.suffix(32)))]
        let header: [String: Any] = ["alg": "ES256", "x5c": pki.x5c, "kid": "attacker", "jku": "https://attacker.example/keys", "jwk": jwk]
        // Signed by the key the header names: refused, the leaf's key is the only one used.
        expectFailure(App.verify(try pki.sign(App.transaction(), header: header, key: attacker)), .verificationFailure, "bad_signature")
        // Signed by the leaf, with the same decorations: accepted, they are ignored.
        if case .failure(let failure) = App.verify(try pki.sign(App.transaction(), header: header)) { Issue.record("\(failure)") }
    }
}
