import Foundation

/// The tier a set of proofs gives, and why.
struct TierEvaluation {
    var tier: Tier
    /// `pro`/`in_grace` for Pro; for free, the proof outcome that best explains it (or `requires_pro`).
    var reason: ReasonCode
    /// Index of the proof that granted Pro, or of the one that explains free.
    var proofIndex: Int?
    var detail: String?
    var clockRolledBack: Bool
    var state: EntitlementState
}

extension EntitlementChecker {
    /// Applies the rules to verified proofs: newest `signedDate` per purchase wins; revoked,
    /// upgraded, consumable and non-Pro products grant nothing; non-consumables are for life;
    /// subscriptions until `expiresDate` or the end of a grace period vouched for by renewal
    /// info of the same purchase; a clock behind the high-water mark refuses time-limited grants.
    func evaluateTier(_ reports: inout [ProofReport], now: Date, state: EntitlementState) -> TierEvaluation {
        let signedDates = reports.compactMap { $0.proof?.signedDate }
        let highWaterMark = ([state.highWaterMark].compactMap { $0 } + signedDates).max()
        let rolledBack = highWaterMark.map { now < $0.addingTimeInterval(-rollbackTolerance) } ?? false
        let trustedNow = max(now, highWaterMark ?? now)
        var newState = state
        newState.highWaterMark = max(trustedNow, state.highWaterMark ?? trustedNow)
        let proProducts = trust?.proProducts ?? []

        // Renewal infos, newest per purchase.
        var renewals: [String: AppStoreRenewalInfo] = [:]
        for report in reports {
            guard case .renewalInfo(let info)? = report.proof, let id = info.originalTransactionId else { continue }
            if let known = renewals[id], (known.signedDate ?? 0) >= (info.signedDate ?? 0) { continue }
            renewals[id] = info
        }

        // Transactions: the newest signedDate of each purchase decides it.
        var newest: [String: Int] = [:]
        for (index, report) in reports.enumerated() {
            guard case .transaction(let transaction)? = report.proof else { continue }
            let id = transaction.purchaseIdentity
            if let known = newest[id], case .transaction(let other)? = reports[known].proof, (other.signedDate ?? 0) >= (transaction.signedDate ?? 0) {
                continue
            }
            newest[id] = index
        }
        for (index, report) in reports.enumerated() {
            switch report.proof {
            case .transaction(let transaction)?:
                let id = transaction.purchaseIdentity
                guard newest[id] == index else {
                    reports[index].grant = .none(.superseded, "transaction \(transaction.transactionId ?? "?"): a newer proof of purchase \(id) decides")
                    continue
                }
                let signed = transaction.signedDate.map(Date.init(unixMilliseconds:)) ?? .distantPast
                if let tombstone = state.revokedPurchases[id], signed <= tombstone, transaction.revocationDate == nil {
                    reports[index].grant = .none(.revoked, "purchase \(id) was seen revoked on \(tombstone.iso8601) by a newer proof than this one")
                    continue
                }
                let outcome = outcome(of: transaction, proProducts: proProducts, renewal: renewals[id], now: trustedNow, rolledBack: rolledBack)
                if transaction.revocationDate != nil {
                    newState.revokedPurchases[id] = max(signed, state.revokedPurchases[id] ?? signed)
                } else if let tombstone = newState.revokedPurchases[id], signed > tombstone {
                    newState.revokedPurchases[id] = nil // a refund reversed: the newer clean proof wins
                }
                reports[index].grant = outcome
            case .licence(let licence, _)?:
                reports[index].grant = outcome(of: licence, proProducts: proProducts, now: trustedNow, rolledBack: rolledBack)
            case .renewalInfo?, nil:
                break
            }
        }

        let granting = reports.indices.filter { reports[$0].grant?.grantsPro == true }
        if let best = granting.max(by: { Self.rank(reports[$0].grant!) < Self.rank(reports[$1].grant!) }) {
            let grant = reports[best].grant!
            return TierEvaluation(tier: .pro, reason: grant.reason, proofIndex: best, detail: grant.detail, clockRolledBack: rolledBack, state: newState)
        }
        for reason in ReasonCode.explanationPriority {
            let index = reports.indices.first { reports[$0].grant?.reason == reason || (reason == .invalidProof && reports[$0].failure != nil) }
            if let index {
                return TierEvaluation(tier: .free, reason: reason, proofIndex: index, detail: "\(reports[index].source): \(reports[index].detail)",
                                      clockRolledBack: rolledBack, state: newState)
            }
        }
        return TierEvaluation(tier: .free, reason: .requiresPro, proofIndex: nil, detail: nil, clockRolledBack: rolledBack, state: newState)
    }

    /// Lifetime grants first, then plain Pro before grace, then the one that lasts longest.
    private static func rank(_ grant: GrantOutcome) -> (Int, Int, Date) {
        (grant.until == nil ? 1 : 0, grant.reason == .pro ? 1 : 0, grant.until ?? .distantFuture)
    }

    private func outcome(of transaction: AppStoreTransaction, proProducts: Set<String>, renewal: AppStoreRenewalInfo?,
                         now: Date, rolledBack: Bool) -> GrantOutcome {
        let product = transaction.productId ?? "?"
        let name = "App Store purchase \(transaction.purchaseIdentity) of \(product)"
            + (transaction.inAppOwnershipType == "FAMILY_SHARED" ? " (family shared)" : "")
        guard proProducts.contains(product) else { return .none(.notAProProduct, "\(name): not a Pro product in the trust file") }
        switch transaction.type {
        case "Consumable": return .none(.consumable, "\(name): a consumable never grants Pro")
        case "Non-Consumable", "Auto-Renewable Subscription", "Non-Renewing Subscription": break
        default: return .none(.unsupportedProductType, "\(name): product type \(transaction.type.map { "\"\($0)\"" } ?? "missing")")
        }
        if let revoked = transaction.revocationDate {
            let why = transaction.revocationType.map { " (\($0))" } ?? ""
            return .none(.revoked, "\(name) was revoked on \(Date(unixMilliseconds: revoked).iso8601)\(why)")
        }
        if transaction.isUpgraded == true { return .none(.upgraded, "\(name) was upgraded to another subscription; its proof grants nothing") }
        if transaction.type == "Non-Consumable" { return .grant(until: nil, "\(name): lifetime") }

        guard let expiresMilliseconds = transaction.expiresDate else { return .none(.expired, "\(name) has no expiresDate") }
        let expires = Date(unixMilliseconds: expiresMilliseconds)
        if rolledBack {
            return .none(.clockRollback, "\(name) is time-limited and the clock is behind the latest time already seen")
        }
        if now < expires { return .grant(until: expires, "\(name): active until \(expires.iso8601)") }
        if transaction.type == "Auto-Renewable Subscription", let renewal, renewal.environment == transaction.environment,
           renewal.isInBillingRetryPeriod == true, let graceEnd = renewal.gracePeriodExpiresDate.map(Date.init(unixMilliseconds:)) {
            if now < graceEnd {
                return .grant(.inGrace, until: graceEnd, "\(name): expired on \(expires.iso8601), in the billing grace period until \(graceEnd.iso8601)")
            }
            return .none(.expired, "\(name) expired on \(expires.iso8601) and its grace period ended on \(graceEnd.iso8601)")
        }
        return .none(.expired, "\(name) expired on \(expires.iso8601)")
    }

    private func outcome(of licence: VendorLicence, proProducts: Set<String>, now: Date, rolledBack: Bool) -> GrantOutcome {
        let name = "licence \(licence.jti) for \(licence.sub) (\(licence.product))"
        guard proProducts.contains(licence.product) else { return .none(.notAProProduct, "\(name): not a Pro product in the trust file") }
        if now.addingTimeInterval(notBeforeLeeway) < licence.notBefore {
            return .none(.notYetValid, "\(name) is not valid before \(licence.notBefore.iso8601)")
        }
        guard let expires = licence.expires else { return .grant(until: nil, "\(name): lifetime") }
        if rolledBack { return .none(.clockRollback, "\(name) is time-limited and the clock is behind the latest time already seen") }
        if now < expires { return .grant(until: expires, "\(name): valid until \(expires.iso8601)") }
        return .none(.expired, "\(name) expired on \(expires.iso8601)")
    }
}
