import Foundation
import Testing
@testable import Entitlements
@testable import LibCrypto

/// A clock turned back refuses time-limited grants; lifetime grants stand.
@Suite struct ClockRollbackTests {
    let pki = TestPKI.apple

    @Test func clockTurnedBackBelowTheHighWaterMark() throws {
        let state = EntitlementState(highWaterMark: Clock.now + Clock.days(30))
        let subscription = try pki.sign(App.subscription(expiresIn: Clock.days(60)))
        let refused = App.check(.exportAnnotated, [subscription], state: state)
        expectDecision(refused, allowed: false, tier: .free, reason: .clockRollback)
        #expect(refused.clockRolledBack)
        #expect(refused.state.highWaterMark == state.highWaterMark) // the mark never goes back
        let lifetime = App.check(.exportAnnotated, [subscription, try pki.sign(App.transaction())], state: state)
        expectDecision(lifetime, allowed: true, tier: .pro, reason: .pro)
    }

    @Test func withinTheTolerance() throws {
        let state = EntitlementState(highWaterMark: Clock.now + 4 * 60)
        expectDecision(App.check(.exportAnnotated, [try pki.sign(App.subscription(expiresIn: Clock.days(60)))], state: state),
                       allowed: true, tier: .pro, reason: .pro)
    }

    @Test func signedDateFarInTheFuture() throws {
        // Apple signed this 40 days after the clock's "now": the clock is behind.
        let future = try pki.sign(App.subscription(expiresIn: Clock.days(400), ["signedDate": Clock.ms(Clock.now + Clock.days(40))]))
        let report = App.check(.exportAnnotated, [future])
        expectDecision(report, allowed: false, tier: .free, reason: .clockRollback)
        #expect(report.state.highWaterMark == Date(unixMilliseconds: Clock.ms(Clock.now + Clock.days(40))))
        let lifetime = try pki.sign(App.transaction(["signedDate": Clock.ms(Clock.now + Clock.days(40))]))
        expectDecision(App.check(.exportAnnotated, [lifetime]), allowed: true, tier: .pro, reason: .pro)
    }

    @Test func expiringLicenceIsRefusedLifetimeLicenceStands() throws {
        let state = EntitlementState(highWaterMark: Clock.now + Clock.days(3))
        let expiring = try App.licence { $0.exp = Int64((Clock.now + Clock.days(100)).timeIntervalSince1970) }
        expectDecision(App.check(.exportAnnotated, [expiring], state: state), allowed: false, tier: .free, reason: .clockRollback)
        expectDecision(App.check(.exportAnnotated, [try App.licence()], state: state), allowed: true, tier: .pro, reason: .pro)
    }

    @Test func highWaterMarkAdvancesWithTheClock() throws {
        let report = App.check(.viewAnnotated, [], state: EntitlementState(highWaterMark: Clock.now - Clock.days(1)))
        #expect(report.state.highWaterMark == Clock.now)
        #expect(report.state.firstUse == Clock.now)
    }
}
