/// The exit codes of every inkpdf command. Codes 64–78 follow BSD sysexits;
/// 80 and above are inkpdf's own. The README lists them.
public enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    /// `search`: nothing was found (as grep).
    case notFound = 1
    /// `search`: nothing was found and some file could not be read, or the command line is wrong (as grep).
    case searchIncomplete = 2
    /// Bad command line (EX_USAGE).
    case usage = 64
    /// The ink-layers file is invalid (EX_DATAERR).
    case invalidInk = 65
    /// An input file is missing or unreadable (EX_NOINPUT).
    case inputMissing = 66
    /// Something inside inkpdf, cairo or poppler failed unexpectedly (EX_SOFTWARE).
    case internalError = 70
    /// The output cannot be created (EX_CANTCREAT).
    case cannotCreateOutput = 73
    /// Reading or writing failed part-way (EX_IOERR).
    case ioError = 74
    /// The input is not a PDF, or is damaged beyond what poppler can repair.
    case damagedPDF = 80
    /// The PDF is encrypted and no password was given.
    case passwordRequired = 81
    /// The password given does not open the PDF.
    case wrongPassword = 82
    /// The ink names a page the PDF does not have.
    case pageOutOfRange = 83
    /// The ink's header records a different PDF (SHA-256 mismatch).
    case documentMismatch = 84
    /// The entitlement gate refused: the action needs Pro (or a proof failed), nothing was written.
    case entitlementRequired = 85
    /// `licence verify`: the proof does not verify, or grants nothing now.
    case proofInvalid = 86
    /// A trust, policy or state file is malformed (bad JSON, unknown key, unreadable certificate or key).
    case entitlementConfigurationInvalid = 87
    /// The document took longer than `--timeout` and was stopped; nothing was written.
    case timedOut = 88
    /// The work on the document crashed or passed the memory limit; nothing was written.
    case workerCrashed = 89
    /// `merge --fail-on-conflict`: the merge was written, but gestures changed differently on both sides.
    case mergeConflicts = 90
    /// `batch`: at least one document failed (or a folder could not be read); the others were done.
    case batchFailures = 91
    /// `recognize`, `--recognize`: a recognition model or engine library is missing or damaged (the line names the Debian package).
    case recognitionModelMissing = 92
    /// Stopped by SIGINT (128 + 2).
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15).
    case terminated = 143
}
