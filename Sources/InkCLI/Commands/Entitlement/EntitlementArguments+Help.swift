extension EntitlementCheckArguments {
    public static let help = CommandHelp(
        name: "entitlement check",
        synopsis: ["entitlement check --action ACTION"],
        summary: "decides an action from verified proofs (exit 0 allowed, 85 denied)",
        description: [
            "Decides ACTION (create-note, view-annotated, export-annotated, handwriting-search, suggest-pro) from verified proofs (App Store signed transactions or renewal info, vendor licences: one compact JWS per file); exit 0 allowed, 85 denied.",
            "Every gated command (flatten, export, batch) takes --policy, --trust, --proof and --state, or INKPDF_POLICY, INKPDF_TRUST, INKPDF_PROOFS (colon-separated) and INKPDF_STATE.",
        ],
        options: [OptionHelp(["--action"], value: "ACTION", "what to decide"),
                  OptionHelp(["--notes"], value: "N", "the notes the user has (for create-note)"),
                  OptionHelp(["--first-use"], value: "DATE", "when the app was first used (for the trial)"),
                  OptionHelp(["--now"], value: "DATE", "the clock to decide by (2025-06-15, 2025-06-15T12:00:00Z or @1750000000)"),
                  OptionHelp.json.with(text: "print the decision as one JSON object")] + OptionHelp.gate)
}

extension LicenceIssueArguments {
    public static let help = CommandHelp(
        name: "licence issue",
        synopsis: ["licence issue --key vendor.pem --product P --bundle B --customer C"],
        summary: "signs a vendor licence (ES256) with the vendor's private key",
        description: ["Signs a vendor licence (ES256) with the vendor's private key and writes it as one compact JWS."],
        options: [OptionHelp(["--key"], value: "vendor.pem", "the vendor's private key (PEM, P-256)"),
                  OptionHelp(["--product"], value: "P", "the product the licence grants"),
                  OptionHelp(["--bundle"], value: "B", "the app's bundle id"),
                  OptionHelp(["--customer"], value: "C", "who the licence is for"),
                  OptionHelp(["--expires"], value: "DATE", "when it ends (none: it does not)"),
                  OptionHelp(["--not-before"], value: "DATE", "when it starts"),
                  OptionHelp(["--id"], value: "ID", "the licence's id (default: a random one)"),
                  OptionHelp(["--now"], value: "DATE", "the issue time"),
                  OptionHelp(["--output", "-o"], value: "FILE", "where to write it (default: standard output)")])
}

extension LicenceVerifyArguments {
    public static let help = CommandHelp(
        name: "licence verify",
        synopsis: ["licence verify FILE --trust FILE"],
        summary: "checks a licence (exit 0 valid now, 86 not)",
        description: ["Checks a licence against the trust file: exit 0 when it is valid now, 86 when it is not."],
        options: [OptionHelp.trust.with(text: "the trust file with the vendor keys"),
                  OptionHelp(["--now"], value: "DATE", "the clock to check by"),
                  OptionHelp.json.with(text: "print the result as one JSON object")])
}

extension VendorKeyArguments {
    public static let help = CommandHelp(
        name: "licence keygen",
        synopsis: ["licence keygen --private vendor.pem --public vendor.pub.pem"],
        summary: "makes a vendor's P-256 key pair",
        description: ["Makes a P-256 key pair for signing vendor licences."],
        options: [OptionHelp(["--private"], value: "FILE", "where to write the private key (PEM)"),
                  OptionHelp(["--public"], value: "FILE", "where to write the public key (PEM)")])
}
