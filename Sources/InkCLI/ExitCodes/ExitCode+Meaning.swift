extension ExitCode {
    /// What the code means, as `inkpdf --help` lists it (the README's, docs/commands.md's and the man page's tables say the same).
    public var meaning: String {
        switch self {
        case .success: "done"
        case .notFound: "search: nothing found"
        case .searchIncomplete: "search: nothing found and some file could not be read, or a bad command line"
        case .usage: "bad command line (or the output would replace an input)"
        case .invalidInk: "the ink file is invalid or not one inkpdf reads (extract: the PDF carries no ink layers)"
        case .inputMissing: "an input file is missing or unreadable (also a file an ink document refers to)"
        case .internalError: "internal error (cairo or poppler failed unexpectedly)"
        case .cannotCreateOutput: "the output cannot be created"
        case .ioError: "reading or writing failed part-way"
        case .damagedPDF: "not a PDF, or damaged beyond repair"
        case .passwordRequired: "the PDF is encrypted: give --password"
        case .wrongPassword: "the password is wrong"
        case .pageOutOfRange: "the ink names a page the PDF does not have"
        case .documentMismatch: "the ink was made for another PDF (SHA-256 mismatch)"
        case .entitlementRequired: "entitlement required: the gate refused (export without Pro); nothing was written"
        case .proofInvalid: "licence verify: the proof does not verify, or grants nothing now"
        case .entitlementConfigurationInvalid: "a trust, policy or state file is malformed"
        case .timedOut: "stalled (--stall-timeout) or timed out (--timeout) and stopped; nothing was written"
        case .workerCrashed: "the worker crashed or passed --memory-limit; nothing was written"
        case .mergeConflicts: "merge conflicts (merge --fail-on-conflict; the merge was written)"
        case .batchFailures: "batch: at least one document failed (the others were done)"
        case .recognitionModelMissing: "recognize, --recognize: a recognition model or engine library is missing or damaged (install the Debian package named)"
        case .interrupted: "interrupted by SIGINT"
        case .terminated: "stopped by SIGTERM"
        }
    }
}
