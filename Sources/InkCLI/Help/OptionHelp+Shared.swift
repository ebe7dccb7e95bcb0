/// The options several commands share, described once.
extension OptionHelp {
    static let ink = OptionHelp(["--ink", "-i"], value: "LAYERS",
        "the ink: an ink-layers file (.ink.jsonl, plain or gzip), a Xournal++ .xopp/.xoj, reMarkable .rm, .rmdoc or UUID.content, InkML .inkml or rnote .rnote file, or a PDF whose annotations are read as ink, told by content")
    static let inkFormat = OptionHelp(["--ink-format"], value: "NAME",
        "ink-layers, xournal, remarkable, inkml, rnote or pdf (a PDF's annotations): the ink's format, when its content should not decide")
    static let pdf = OptionHelp(["--pdf"], value: "FILE",
        "with an ink document given alone: the PDF under it, instead of the one the document names")
    static let page = OptionHelp(["--page"], value: "N", "for a single reMarkable .rm page: the PDF page it lies on; for an InkML document, the PDF page its first page lies on (default 1)")
    static let outputPDF = OptionHelp(["--output", "-o"], value: "OUT.pdf",
        "the PDF to write (atomically; missing folders are created; it may not be an input)")
    static let password = OptionHelp(["--password"], value: "P", "password of an encrypted PDF (or set INKPDF_PASSWORD)")
    static let pages = OptionHelp(["--pages"], value: "2-5,9",
        "only these pages (7- runs to the end); links and bookmarks to pages left out are dropped")
    static let onlyAnnotated = OptionHelp(["--only-annotated"], "only the pages that carry ink")
    static let annotations = OptionHelp(["--annotations"], value: "WHICH",
        "with a PDF's annotations as ink: print (default: those that print), screen (those a viewer shows) or all, by their flags, as qpdf --flatten-annotations chooses")
    static let ignoreMismatch = OptionHelp(["--ignore-mismatch"], "draw even if the ink's header records another PDF's SHA-256")
    static let noSidecar = OptionHelp(["--no-sidecar"], "do not write the sidecar OUT.ink.jsonl.gz")
    static let stripMetadata = OptionHelp(["--strip-metadata"], "leave out the author and the dates")
    static let quiet = OptionHelp(["--quiet", "-q"], "print nothing but errors (and no progress line)")
    static let json = OptionHelp(["--json"], "print the report as one JSON object")

    static let timeout = OptionHelp(["--timeout"], value: "SECONDS",
        "stop the document after this long in all (default 900; exit 88): the work runs in a worker process")
    static let stallTimeout = OptionHelp(["--stall-timeout"], value: "SECONDS",
        "stop it sooner when it goes this long without opening the document or finishing a page (default 60; exit 88)")
    static let memoryLimit = OptionHelp(["--memory-limit"], value: "MB",
        "the worker's address-space limit (default 4096); a crash or a breach is exit 89")
    static let workerLimits = [timeout, stallTimeout, memoryLimit]

    static let proof = OptionHelp(["--proof"], value: "FILE",
        "a proof of Pro for the entitlement gate (a vendor licence or App Store JWS; repeatable; or INKPDF_PROOFS)")
    static let trust = OptionHelp(["--trust"], value: "FILE", "the trust file that verifies the proofs (or INKPDF_TRUST)")
    static let policy = OptionHelp(["--policy"], value: "FILE", "the policy the gate decides by (or INKPDF_POLICY)")
    static let state = OptionHelp(["--state"], value: "FILE",
        "where the gate keeps the latest time seen, so that a clock turned back is caught (or INKPDF_STATE)")
    static let gate = [proof, trust, policy, state]

    static let confine = OptionHelp(["--confine"],
        "read the files a document refers to (a Xournal++ background PDF or image, a reMarkable page file) only inside the document's own folder and the folders given with --allow")
    static let allow = OptionHelp(["--allow"], value: "FOLDER",
        "under --confine, also allow files inside FOLDER (repeatable; implies --confine)")
    static let confinement = [confine, allow]

    /// Every command takes it; the help lists it last.
    static let help = OptionHelp(["--help", "-h"], "print this help and exit")
}
