import Foundation
import Testing
@testable import Entitlements
@testable import LibCrypto

/// After the signature: the app, the environment, and what the product is.
@Suite struct AppStorePayloadTests {
    let pki = TestPKI.apple

    @Test func wrongBundleId() throws {
        let jws = try pki.sign(App.transaction(["bundleId": "com.other.app"]))
        expectFailure(App.verify(jws), .invalidAppIdentifier, "wrong_bundle")
        expectDecision(App.check(.exportAnnotated, [jws]), allowed: false, tier: .free, reason: .invalidProof)
    }

    @Test func sandboxWhereProductionIsRequired() throws {
        let jws = try pki.sign(App.transaction(["environment": "Sandbox"]))
        expectFailure(App.verify(jws), .invalidEnvironment, "wrong_environment")
        // A trust file that accepts Sandbox (a test build) takes it.
        if case .failure(let failure) = App.verify(jws, trust: App.trust(environments: ["Production", "Sandbox"])) { Issue.record("\(failure)") }
    }

    @Test(arguments: ["Xcode", "LocalTesting"])
    func localEnvironmentsSkipNothing(environment: String) throws {
        let jws = try pki.sign(App.transaction(["environment": environment]))
        expectFailure(App.verify(jws), .invalidEnvironment, "wrong_environment")
        // Even where that environment is accepted, the signature is still checked.
        let forged = try pki.sign(App.transaction(["environment": environment]), key: try PrivateKey.generate(curve: .p256))
        expectFailure(App.verify(forged, trust: App.trust(environments: [environment])), .verificationFailure, "bad_signature")
        let unsigned = JWS.signingInput(header: ["alg": "none", "x5c": pki.x5c], payload: App.transaction(["environment": environment])) + "."
        expectFailure(App.verify(unsigned, trust: App.trust(environments: [environment])), .verificationFailure, "unsupported_algorithm")
    }

    @Test func missingEnvironment() throws {
        expectFailure(App.verify(try pki.sign(App.transaction(["environment": NSNull()]))), .invalidEnvironment, "wrong_environment")
    }

    @Test func mistypedField() throws {
        expectFailure(App.verify(try pki.sign(App.transaction(["expiresDate": "soon"]))), .invalidJWTFormat, "bad_json")
    }

    @Test func unknownProduct() throws {
        let jws = try pki.sign(App.transaction(["productId": "com.example.notes.stickers"]))
        let report = App.check(.exportAnnotated, [jws])
        expectDecision(report, allowed: false, tier: .free, reason: .notAProProduct)
        #expect(report.proofs[0].status == .ok)
    }

    @Test func consumable() throws {
        let jws = try pki.sign(App.transaction(["productId": App.coins, "type": "Consumable"]))
        expectDecision(App.check(.exportAnnotated, [jws]), allowed: false, tier: .free, reason: .consumable)
    }

    @Test func renewalInfoIsToldApartAndVerified() throws {
        let jws = try pki.sign(App.renewalInfo(graceEndsIn: Clock.days(3)))
        guard case .success(.renewalInfo(let info)) = App.verify(jws) else { Issue.record("did not verify"); return }
        #expect(info.isInBillingRetryPeriod == true)
        expectFailure(App.verify(try pki.sign(App.renewalInfo(graceEndsIn: 0, ["environment": "Sandbox"]))), .invalidEnvironment, "wrong_environment")
        // Renewal info alone grants nothing.
        expectDecision(App.check(.exportAnnotated, [jws]), allowed: false, tier: .free, reason: .requiresPro)
    }
}
