extension CommandHelp {
    public static let entitlementCheck = CommandHelp(
        name: "entitlement check",
        synopsis: ["entitlement check --action ACTION"],
        summary: "decides an action from verified proofs (exit 0 allowed, 85 denied)",
        description: [
            "Decides ACTION (create-note, view-annotated, export-annotated, handwriting-search, suggest-pro) from verified proofs (App Store signed transactions or renewal info, vendor licences: one compact JWS per file); exit 0 allowed, 85 denied.",
            "Every gated command (flatten, export, batch) takes --policy, --trust, --proof and --state, or INKPDF_POLICY, INKPDF_TRUST, INKPDF_PROOFS (colon-separated) and INKPDF_STATE.",
        ],
        options: [OptionHelp.EntitlementCheck.action,
                  OptionHelp.EntitlementCheck.notes,
                  OptionHelp.EntitlementCheck.firstUse,
                  OptionHelp.EntitlementCheck.now,
                  OptionHelp.json.with(text: "print the decision as one JSON object")] + OptionHelp.gate)
}

extension CommandHelp {
    public static let licenceIssue = CommandHelp(
        name: "licence issue",
        synopsis: ["licence issue --key vendor.pem --product P --bundle B --customer C"],
        summary: "signs a vendor licence (ES256) with the vendor's private key",
        description: ["Signs a vendor licence (ES256) with the vendor's private key and writes it as one compact JWS."],
        options: [OptionHelp.LicenceIssue.key,
                  OptionHelp.LicenceIssue.product,
                  OptionHelp.LicenceIssue.bundle,
                  OptionHelp.LicenceIssue.customer,
                  OptionHelp.LicenceIssue.expires,
                  OptionHelp.LicenceIssue.notBefore,
                  OptionHelp.LicenceIssue.id,
                  OptionHelp.LicenceIssue.now,
                  OptionHelp.LicenceIssue.output])
}

extension CommandHelp {
    public static let licenceVerify = CommandHelp(
        name: "licence verify",
        synopsis: ["licence verify FILE --trust FILE"],
        summary: "checks a licence (exit 0 valid now, 86 not)",
        description: ["Checks a licence against the trust file: exit 0 when it is valid now, 86 when it is not."],
        options: [OptionHelp.trust.with(text: "the trust file with the vendor keys"),
                  OptionHelp.LicenceVerify.now,
                  OptionHelp.json.with(text: "print the result as one JSON object")])
}

extension CommandHelp {
    public static let licenceKeygen = CommandHelp(
        name: "licence keygen",
        synopsis: ["licence keygen --private vendor.pem --public vendor.pub.pem"],
        summary: "makes a vendor's P-256 key pair",
        description: ["Makes a P-256 key pair for signing vendor licences."],
        options: [OptionHelp.LicenceKeygen.privateKey,
                  OptionHelp.LicenceKeygen.publicKey])
}

extension OptionHelp {
    /// `entitlement check`'s own options.
    public enum EntitlementCheck {
        public static let action = OptionHelp(["--action"], value: "ACTION", served: true, "what to decide")
        public static let notes = OptionHelp(["--notes"], value: "N", served: true, "the notes the user has (for create-note)")
        public static let firstUse = OptionHelp(["--first-use"], value: "DATE", served: true, "when the app was first used (for the trial)")
        public static let now = OptionHelp.now.with(text: "the clock to decide by (2025-06-15, 2025-06-15T12:00:00Z or @1750000000)")
    }
}

extension OptionHelp {
    /// `licence issue`'s own options.
    public enum LicenceIssue {
        public static let key = OptionHelp(["--key"], value: "vendor.pem", "the vendor's private key (PEM, P-256)")
        public static let product = OptionHelp(["--product"], value: "P", "the product the licence grants")
        public static let bundle = OptionHelp(["--bundle"], value: "B", "the app's bundle id")
        public static let customer = OptionHelp(["--customer"], value: "C", "who the licence is for")
        public static let expires = OptionHelp(["--expires"], value: "DATE", "when it ends (none: it does not)")
        public static let notBefore = OptionHelp(["--not-before"], value: "DATE", "when it starts")
        public static let id = OptionHelp(["--id"], value: "ID", "the licence's id (default: a random one)")
        public static let now = OptionHelp.now.with(text: "the issue time")
        public static let output = OptionHelp.output.with(value: "FILE", text: "where to write it (default: standard output)")
    }
}

extension OptionHelp {
    /// `licence verify`'s own options.
    public enum LicenceVerify {
        public static let now = OptionHelp.now.with(text: "the clock to check by")
    }
}

extension OptionHelp {
    /// `licence keygen`'s own options.
    public enum LicenceKeygen {
        public static let privateKey = OptionHelp(["--private"], value: "FILE", "where to write the private key (PEM)")
        public static let publicKey = OptionHelp(["--public"], value: "FILE", "where to write the public key (PEM)")
    }
}

extension OptionHelp {
    /// `--now DATE`: the clock the entitlement and licence commands go by.
    public static let now = OptionHelp(["--now"], value: "DATE", "the clock to go by")
}
