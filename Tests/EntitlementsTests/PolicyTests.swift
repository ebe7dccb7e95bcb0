import Foundation
import Testing
@testable import Entitlements
@testable import LibCrypto

/// Each row of the rules table, at its boundaries.
@Suite struct PolicyTests {
    static let lifetime = try! TestPKI.apple.sign(App.transaction())

    @Test(arguments: [(0, true), (4, true), (5, false), (6, false)])
    func createNoteOnFree(notes: Int, allowed: Bool) {
        let report = App.check(.createNote, [], usage: Usage(noteCount: notes))
        expectDecision(report, allowed: allowed, tier: .free, reason: allowed ? .underNoteLimit : .noteLimit)
        if !allowed { #expect(report.decision.message.contains("(\(notes)/5)")) }
    }

    @Test func createNoteOnPro() {
        expectDecision(App.check(.createNote, [Self.lifetime], usage: Usage(noteCount: 500)), allowed: true, tier: .pro, reason: .pro)
    }

    @Test func createNoteUnderAPolicyLimit() {
        let policy = EntitlementPolicy(freeNoteLimit: 10)
        expectDecision(App.check(.createNote, [], policy: policy, usage: Usage(noteCount: 9)), allowed: true, tier: .free, reason: .underNoteLimit)
        expectDecision(App.check(.createNote, [], policy: policy, usage: Usage(noteCount: 10)), allowed: false, tier: .free, reason: .noteLimit)
    }

    @Test func viewAnnotatedIsAllowedOnEveryTier() {
        expectDecision(App.check(.viewAnnotated, []), allowed: true, tier: .free, reason: .freeAction)
        expectDecision(App.check(.viewAnnotated, [Self.lifetime]), allowed: true, tier: .pro, reason: .freeAction)
    }

    @Test(arguments: [EntitlementAction.exportAnnotated, .handwritingSearch])
    func proActions(action: EntitlementAction) {
        let free = App.check(action, [])
        expectDecision(free, allowed: false, tier: .free, reason: .requiresPro)
        #expect(free.decision.message.contains("needs Pro, and no proof of a Pro purchase was given"))
        expectDecision(App.check(action, [Self.lifetime]), allowed: true, tier: .pro, reason: .pro)
        let policy = action == .exportAnnotated ? EntitlementPolicy(exportAnnotated: .free) : EntitlementPolicy(handwritingSearch: .free)
        expectDecision(App.check(action, [], policy: policy), allowed: true, tier: .free, reason: .freeByPolicy)
    }

    @Test(arguments: [
        (6.0, 10, false, ReasonCode.tooEarly),
        (6.99, 10, false, .tooEarly),
        (7.0, 3, true, .suggestPro),
        (7.0, 2, false, .tooFewNotes),
        (8.0, 3, true, .suggestPro),
        (30.0, 2, false, .tooFewNotes),
    ])
    func suggestProOnFree(day: Double, notes: Int, allowed: Bool, reason: ReasonCode) {
        let usage = Usage(noteCount: notes, firstUse: Clock.now - Clock.days(day))
        expectDecision(App.check(.suggestPro, [], usage: usage), allowed: allowed, tier: .free, reason: reason)
    }

    @Test func neverSuggestProToPro() {
        let usage = Usage(noteCount: 50, firstUse: Clock.now - Clock.days(100))
        expectDecision(App.check(.suggestPro, [Self.lifetime], usage: usage), allowed: false, tier: .pro, reason: .alreadyPro)
    }

    @Test func firstUseComesFromTheStateFile() {
        let state = EntitlementState(firstUse: Clock.now - Clock.days(7))
        expectDecision(App.check(.suggestPro, [], usage: Usage(noteCount: 3), state: state), allowed: true, tier: .free, reason: .suggestPro)
        // With neither, today is the first day.
        expectDecision(App.check(.suggestPro, [], usage: Usage(noteCount: 3)), allowed: false, tier: .free, reason: .tooEarly)
    }

    @Test func proofsWithoutTrustCannotGrant() {
        let report = EntitlementChecker(trust: nil, clock: FixedClock(Clock.now))
            .check(.exportAnnotated, proofs: [ProofSource(name: "p.jws", jws: Self.lifetime)])
        expectDecision(report, allowed: false, tier: .free, reason: .invalidProof)
        #expect(report.proofs[0].failure == .noTrustConfiguration)
    }
}
