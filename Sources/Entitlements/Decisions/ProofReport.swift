/// One proof's verification and what it granted, for `--json` and for messages.
public struct ProofReport: Sendable {
    public var source: String
    public var kind: ProofKind
    public var result: Result<VerifiedProof, ProofFailure>
    /// Filled in for transactions and licences once the tier is evaluated.
    public var grant: GrantOutcome?

    public var status: VerificationStatus {
        switch result {
        case .success: .ok
        case .failure(let failure): failure.status
        }
    }

    public var failure: ProofFailure? {
        if case .failure(let failure) = result { return failure }
        return nil
    }

    public var proof: VerifiedProof? {
        if case .success(let proof) = result { return proof }
        return nil
    }

    /// The failure, or what the proof says and grants, in one line.
    public var detail: String {
        switch result {
        case .failure(let failure): return failure.description
        case .success(let proof):
            if let grant { return grant.detail }
            switch proof {
            case .renewalInfo(let info):
                return "renewal info for purchase \(info.originalTransactionId ?? "?")"
                    + (info.isInBillingRetryPeriod == true ? ", in billing retry" : "")
            case .transaction(let transaction): return "transaction \(transaction.transactionId ?? "?")"
            case .licence(let licence, _): return "licence \(licence.jti)"
            }
        }
    }
}
