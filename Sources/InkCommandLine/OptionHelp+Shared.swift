import InkModel
/// The options several commands share, described once.
extension OptionHelp {
    public static let ink = OptionHelp(["--ink", "-i"], value: "LAYERS",
        "the ink: an ink-layers file (.ink.jsonl, plain or gzip), a Xournal++ .xopp/.xoj, reMarkable .rm, .rmdoc or UUID.content, InkML .inkml or rnote .rnote file, or a PDF whose annotations are read as ink, told by content; - reads it from standard input (as IN.pdf - does the PDF; one of them)")
    public static let inkFormat = OptionHelp(["--ink-format"], value: "NAME", served: true,
        "ink-layers, xournal, remarkable, inkml, rnote or pdf (a PDF's annotations): the ink's format, when its content should not decide")
    public static let pdf = OptionHelp(["--pdf"], value: "FILE",
        "with an ink document given alone: the PDF under it, instead of the one the document names")
    public static let page = OptionHelp(["--page"], value: "N", served: true, "for a single reMarkable .rm page: the PDF page it lies on; for an InkML document, the PDF page its first page lies on (default 1)")
    /// `-o`: what the command writes; each command says what with `with(value:text:)`.
    public static let output = OptionHelp(["--output", "-o"], value: "OUT", "the file to write")
    public static let outputPDF = output.with(value: "OUT.pdf", text: "the PDF to write (atomically; missing folders are created; it may not be an input); - writes it to standard output, whole and checked, and the sidecar only with --sidecar FILE")
    public static let sidecar = OptionHelp(["--sidecar"], value: "FILE", "with -o -: write the sidecar to FILE (without it, no sidecar is written)")
    public static let password = OptionHelp(["--password"], value: "P", "password of an encrypted PDF (or set INKPDF_PASSWORD)")
    public static let pages = OptionHelp(["--pages"], value: "2-5,9", served: true,
        "only these pages (7- runs to the end); links and bookmarks to pages left out are dropped")
    public static let onlyAnnotated = OptionHelp(["--only-annotated"], served: true, "only the pages that carry ink")
    public static let annotations = OptionHelp(["--annotations"], value: "WHICH", served: true,
        "with a PDF's annotations as ink: print (default: those that print), screen (those a viewer shows) or all, by their flags, as qpdf --flatten-annotations chooses")
    public static let ignoreMismatch = OptionHelp(["--ignore-mismatch"], served: true, "draw even if the ink's header records another PDF's SHA-256")
    public static let noSidecar = OptionHelp(["--no-sidecar"], "do not write the sidecar OUT.ink.jsonl.gz")
    public static let stripMetadata = OptionHelp(["--strip-metadata"], served: true, "leave out the author and the dates")
    public static let quiet = OptionHelp(["--quiet", "-q"], "print nothing but errors (and no progress line)")
    public static let json = OptionHelp(["--json"], "print the report as one JSON object")

    public static let timeout = OptionHelp(["--timeout"], value: "SECONDS",
        "stop the document after this long in all (default 900; exit 88): the work runs in a worker process")
    public static let stallTimeout = OptionHelp(["--stall-timeout"], value: "SECONDS",
        "stop it sooner when it goes this long without progress: opening the document, finishing a page, or (with --recognize) reading a line of handwriting (default 60; exit 88)")
    public static let memoryLimit = OptionHelp(["--memory-limit"], value: "MB",
        "the worker's address-space limit (default 4096); a crash or a breach is exit 89")
    public static let workerLimits = [timeout, stallTimeout, memoryLimit]

    public static let proof = OptionHelp(["--proof"], value: "FILE",
        "a proof of Pro for the entitlement gate (a vendor licence or App Store JWS; repeatable; or INKPDF_PROOFS)")
    public static let trust = OptionHelp(["--trust"], value: "FILE", "the trust file that verifies the proofs (or INKPDF_TRUST)")
    public static let policy = OptionHelp(["--policy"], value: "FILE", "the policy the gate decides by (or INKPDF_POLICY)")
    public static let state = OptionHelp(["--state"], value: "FILE",
        "where the gate keeps the latest time seen, so that a clock turned back is caught (or INKPDF_STATE)")
    public static let gate = [proof, trust, policy, state]

    /// The gate's options on a worker's command line (the worker checks the gate again: a hidden verb
    /// must not be a way around it).
    public static func gateArguments(policy: String?, trust: String?, proofs: [String] = [], state: String?) -> [String] {
        (policy.map { OptionHelp.policy.spelled($0) } ?? []) + (trust.map { OptionHelp.trust.spelled($0) } ?? [])
            + proofs.flatMap { OptionHelp.proof.spelled($0) } + (state.map { OptionHelp.state.spelled($0) } ?? [])
    }

    public static let confine = OptionHelp(["--confine"],
        "read the files a document refers to (a Xournal++ background PDF or image, a reMarkable page file) only inside the document's own folder and the folders given with --allow")
    public static let allow = OptionHelp(["--allow"], value: "FOLDER",
        "under --confine, also allow files inside FOLDER (repeatable; implies --confine)")
    public static let confinement = [confine, allow]

    public static let recognize = OptionHelp(["--recognize"],
        "recognise the handwriting of layers that have no text entries first (Pro: handwriting search): ink-layers ink before drawing, another tool's document and a PDF's own annotations as they are read (annotations whose /Contents give their words keep them); the words are kept in the sidecar (another tool's document: in NAME.ink.jsonl.gz beside it), and the next run to the same output does not recognise them again")
    public static let lang = OptionHelp(["--lang"], value: "TAGS", "with --recognize: the languages, BCP 47 tags joined by + (default en)")
    public static let minConfidence = OptionHelp(["--min-confidence"], value: "C",
        "recognised words (text entries with a confidence) go into the PDF's invisible text layer only when at least this sure, 0 to 1 (default \(RecognisedText.textLayerMinimumConfidence)); the others stay in the sidecar, where 'inkpdf search' finds them; words the tablet gave (no confidence) always go in")

    /// Every command takes it; the help lists it last.
    public static let help = OptionHelp(["--help", "-h"], "print this help and exit")
    /// `inkpdf --version` (or `-V`, `version`).
    public static let version = OptionHelp(["--version", "-V"], "print the version and exit")
}
