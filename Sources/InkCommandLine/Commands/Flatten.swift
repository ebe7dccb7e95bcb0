extension CommandHelp {
    public static let flatten = CommandHelp(
        name: "flatten",
        synopsis: ["flatten IN.pdf --ink LAYERS -o OUT.pdf", "flatten DOC -o OUT.pdf [--pdf FILE] [--page N]", "flatten ANNOTATED.pdf -o OUT.pdf"],
        summary: "draws each page of a PDF with its ink on top into a new PDF, and keeps the ink beside it",
        description: [
            "Draws every page of IN.pdf with its ink layers on top into OUT.pdf, and writes the ink beside it as OUT.ink.jsonl.gz (the sidecar). Links, outline, page labels, metadata and selectable text are kept; forms and annotations are burned in as they print.",
            "DOC alone (a Xournal++ .xopp, a reMarkable .rmdoc, UUID.content or .rm, an InkML .inkml, an rnote .rnote) is drawn as its tool shows it: its own pages, over the PDF it names (or --pdf FILE; for rnote, the PDF it imported), paper where it has none; the sidecar is DOC itself (OUT.xopp, OUT.rmdoc, OUT.rm, OUT.inkml, OUT.rnote).",
            "A PDF alone (or given as --ink) is drawn with its own annotations as ink: the annotations that became strokes are drawn once, as ink, and every other one (links, forms, text boxes, stamps) as it prints.",
            "The work runs in a worker process bounded in time and memory. On a terminal, a live line shows pages done, pages per second and time left. Exporting needs Pro unless the policy makes it free: see 'inkpdf entitlement --help'.",
        ],
        options: [.ink, .inkFormat, .annotations, .pdf, .page, .outputPDF, .password, .pages, .onlyAnnotated, .stripMetadata, .ignoreMismatch,
                  .noSidecar, .sidecar, .recognize, .lang, .minConfidence, .quiet] + OptionHelp.workerLimits + OptionHelp.confinement + OptionHelp.gate)
}

extension OptionHelp {
    /// `flatten`'s own options: hidden, what `batch` asks of the worker that flattens a document.
    public enum Flatten {
        /// `--record-ink-sha256 HASH`: record the ink's hash in the sidecar; `--single-thread`: use one core;
        /// `--unless-up-to-date`: first decide whether another tool's document is up to date, and do nothing if so.
        public static let recordInkSHA256 = OptionHelp(["--record-ink-sha256"], value: "HASH", "the ink's SHA-256, recorded in the sidecar")
        public static let singleThread = OptionHelp(["--single-thread"], "use one core")
        public static let unlessUpToDate = OptionHelp(["--unless-up-to-date"], "do nothing when the output is up to date")
    }
}
