import Foundation
import Testing
@testable import Entitlements
@testable import LibCrypto

/// Subscriptions, grace periods, revocations, upgrades and family sharing.
@Suite struct SubscriptionTests {
    let pki = TestPKI.apple

    @Test func activeSubscription() throws {
        let report = App.check(.exportAnnotated, [try pki.sign(App.subscription(expiresIn: Clock.days(20)))])
        expectDecision(report, allowed: true, tier: .pro, reason: .pro)
        #expect(report.proofs[0].grant?.until == Date(timeIntervalSince1970: TimeInterval(Clock.ms(Clock.now + Clock.days(20))) / 1000))
    }

    @Test func expiredSubscription() throws {
        let report = App.check(.exportAnnotated, [try pki.sign(App.subscription(expiresIn: -Clock.days(2)))])
        expectDecision(report, allowed: false, tier: .free, reason: .expired)
        #expect(report.decision.message.contains("expired on"))
    }

    @Test func expiresExactlyNow() throws {
        expectDecision(App.check(.exportAnnotated, [try pki.sign(App.subscription(expiresIn: 0))]), allowed: false, tier: .free, reason: .expired)
        expectDecision(App.check(.exportAnnotated, [try pki.sign(App.subscription(expiresIn: 1))]), allowed: true, tier: .pro, reason: .pro)
    }

    @Test func inGrace() throws {
        let proofs = [try pki.sign(App.subscription(expiresIn: -Clock.days(2))), try pki.sign(App.renewalInfo(graceEndsIn: Clock.days(4)))]
        let report = App.check(.exportAnnotated, proofs)
        expectDecision(report, allowed: true, tier: .pro, reason: .inGrace)
        #expect(report.decision.grantedBy == "proof-0.jws")
    }

    @Test func graceOver() throws {
        let proofs = [try pki.sign(App.subscription(expiresIn: -Clock.days(20))), try pki.sign(App.renewalInfo(graceEndsIn: -Clock.days(4)))]
        expectDecision(App.check(.exportAnnotated, proofs), allowed: false, tier: .free, reason: .expired)
    }

    @Test func graceInfoFromAnotherTransaction() throws {
        let proofs = [try pki.sign(App.subscription(expiresIn: -Clock.days(2))),
                      try pki.sign(App.renewalInfo(graceEndsIn: Clock.days(4), ["originalTransactionId": "2999999999"]))]
        expectDecision(App.check(.exportAnnotated, proofs), allowed: false, tier: .free, reason: .expired)
    }

    @Test func graceInfoNotInBillingRetry() throws {
        let proofs = [try pki.sign(App.subscription(expiresIn: -Clock.days(2))),
                      try pki.sign(App.renewalInfo(graceEndsIn: Clock.days(4), ["isInBillingRetryPeriod": false]))]
        expectDecision(App.check(.exportAnnotated, proofs), allowed: false, tier: .free, reason: .expired)
    }

    @Test func unsignedGraceInfoIsIgnored() throws {
        let forged = try pki.sign(App.renewalInfo(graceEndsIn: Clock.days(4)), key: try PrivateKey.generate(curve: .p256))
        let report = App.check(.exportAnnotated, [try pki.sign(App.subscription(expiresIn: -Clock.days(2))), forged])
        expectDecision(report, allowed: false, tier: .free, reason: .expired)
        #expect(report.proofs[1].status == .verificationFailure)
    }

    @Test func revoked() throws {
        let jws = try pki.sign(App.transaction(["revocationDate": Clock.ms(Clock.now - Clock.days(1)), "revocationReason": 0,
                                                "revocationType": "REFUND_FULL"]))
        let report = App.check(.exportAnnotated, [jws])
        expectDecision(report, allowed: false, tier: .free, reason: .revoked)
        #expect(report.state.revokedPurchases["2000000001"] != nil)
    }

    @Test func olderCleanProofThenNewerRevokedProof() throws {
        let clean = try pki.sign(App.transaction(["signedDate": Clock.ms(Clock.now - Clock.days(9))]))
        let revoked = try pki.sign(App.transaction(["signedDate": Clock.ms(Clock.now - Clock.days(1)),
                                                    "revocationDate": Clock.ms(Clock.now - Clock.days(2))]))
        for order in [[clean, revoked], [revoked, clean]] {
            let report = App.check(.exportAnnotated, order)
            expectDecision(report, allowed: false, tier: .free, reason: .revoked)
            #expect(report.proofs.contains { $0.grant?.reason == .superseded })
        }
    }

    @Test func olderRevokedProofThenNewerCleanProof() throws {
        // A reversed refund: Apple's newer proof has no revocation fields, and it wins.
        let revoked = try pki.sign(App.transaction(["signedDate": Clock.ms(Clock.now - Clock.days(9)),
                                                    "revocationDate": Clock.ms(Clock.now - Clock.days(10))]))
        let clean = try pki.sign(App.transaction(["signedDate": Clock.ms(Clock.now - Clock.days(1))]))
        let report = App.check(.exportAnnotated, [revoked, clean])
        expectDecision(report, allowed: true, tier: .pro, reason: .pro)
        #expect(report.decision.grantedBy == "proof-1.jws")
    }

    @Test func revocationIsRememberedAcrossRuns() throws {
        let clean = try pki.sign(App.transaction(["signedDate": Clock.ms(Clock.now - Clock.days(9))]))
        let revoked = try pki.sign(App.transaction(["signedDate": Clock.ms(Clock.now - Clock.days(1)),
                                                    "revocationDate": Clock.ms(Clock.now - Clock.days(2))]))
        let first = App.check(.exportAnnotated, [revoked])
        // The next run offers only the older, clean proof: the state file says it was revoked since.
        let second = App.check(.exportAnnotated, [clean], state: first.state)
        expectDecision(second, allowed: false, tier: .free, reason: .revoked)
        // A newer clean proof (the refund reversed) clears it.
        let reversed = try pki.sign(App.transaction(["signedDate": Clock.ms(Clock.now - Clock.hours(1))]))
        let third = App.check(.exportAnnotated, [reversed], state: first.state)
        expectDecision(third, allowed: true, tier: .pro, reason: .pro)
        #expect(third.state.revokedPurchases.isEmpty)
    }

    @Test func upgraded() throws {
        let jws = try pki.sign(App.subscription(expiresIn: Clock.days(200), ["isUpgraded": true]))
        expectDecision(App.check(.exportAnnotated, [jws]), allowed: false, tier: .free, reason: .upgraded)
    }

    @Test func familyShared() throws {
        let shared = try pki.sign(App.transaction(["inAppOwnershipType": "FAMILY_SHARED"]))
        expectDecision(App.check(.exportAnnotated, [shared]), allowed: true, tier: .pro, reason: .pro)
        let familyRevoked = try pki.sign(App.transaction(["inAppOwnershipType": "FAMILY_SHARED", "revocationType": "FAMILY_REVOKE",
                                                          "revocationReason": 0, "revocationDate": Clock.ms(Clock.now - Clock.days(1))]))
        expectDecision(App.check(.exportAnnotated, [familyRevoked]), allowed: false, tier: .free, reason: .revoked)
    }

    @Test func lifetimeBeatsAnExpiredSubscription() throws {
        let report = App.check(.exportAnnotated, [try pki.sign(App.subscription(expiresIn: -Clock.days(2))), try pki.sign(App.transaction())])
        expectDecision(report, allowed: true, tier: .pro, reason: .pro)
        #expect(report.decision.grantedBy == "proof-1.jws")
    }
}

extension Clock {
    static func hours(_ count: Double) -> TimeInterval { count * 3_600 }
}
