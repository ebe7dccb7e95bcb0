import Foundation

extension EntitlementReport {
    private struct ProofJSON: Encodable {
        var file: String
        var kind: ProofKind
        var status: VerificationStatus
        var failure: String?
        var detail: String
        var grantsPro: Bool
        var reason: ReasonCode?
        var until: String?
    }

    private struct ReportJSON: Encodable {
        var action: EntitlementAction
        var allowed: Bool
        var tier: Tier
        var reason: ReasonCode
        var message: String
        var grantedBy: String?
        var proofs: [ProofJSON]
        var now: String
        var clockRolledBack: Bool
        var highWaterMark: String?

        func encode(to encoder: any Encoder) throws {
            // Explicit so that `grantedBy` is written as null rather than left out.
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(action, forKey: .action)
            try container.encode(allowed, forKey: .allowed)
            try container.encode(tier, forKey: .tier)
            try container.encode(reason, forKey: .reason)
            try container.encode(message, forKey: .message)
            try container.encode(grantedBy, forKey: .grantedBy)
            try container.encode(proofs, forKey: .proofs)
            try container.encode(now, forKey: .now)
            try container.encode(clockRolledBack, forKey: .clockRolledBack)
            try container.encode(highWaterMark, forKey: .highWaterMark)
        }

        enum CodingKeys: String, CodingKey {
            case action, allowed, tier, reason, message, grantedBy, proofs, now, clockRolledBack, highWaterMark
        }
    }

    /// The report as one JSON object (keys sorted): `action`, `allowed`, `tier`, `reason`,
    /// `message`, `grantedBy`, and `proofs`, each with its `file`, `kind`, Apple-named
    /// `status`, `failure` code, `detail`, and what it grants.
    public var json: String {
        let proofs = self.proofs.map { proof in
            ProofJSON(file: proof.source, kind: proof.kind, status: proof.status, failure: proof.failure?.code, detail: proof.detail,
                      grantsPro: proof.grant?.grantsPro ?? false, reason: proof.grant?.reason, until: proof.grant?.until?.iso8601)
        }
        let object = ReportJSON(action: decision.action, allowed: decision.allowed, tier: decision.tier, reason: decision.reason,
                                message: decision.message, grantedBy: decision.grantedBy, proofs: proofs, now: now.iso8601,
                                clockRolledBack: clockRolledBack, highWaterMark: state.highWaterMark?.iso8601)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(object), as: UTF8.self)) ?? "{}"
    }
}
