extension CommandHelp {
    public static let batch = CommandHelp(
        name: "batch",
        synopsis: ["batch SOURCE -o OUTPUT"],
        summary: "flattens every inked document under a folder, each in its own worker",
        description: [
            "Flattens every NAME.pdf under SOURCE that has NAME.ink.jsonl[.gz], NAME.xopp or NAME.xoj beside it to the same relative path under OUTPUT, with its sidecar; PDFs without ink are listed as skipped. Also every .xopp/.xoj alone, .rmdoc and .rnote (an rnote notebook by its content), and every reMarkable document of a tablet backup (xochitl/), flattened to the name the tablet shows, in the tablet's folders (trash left out).",
            "A failed document is reported and the batch goes on (exit 91 at the end). A re-run skips documents whose output is up to date (same PDF and ink). The files a document refers to are read only inside its own folder unless --allow or --no-confine says otherwise.",
        ],
        options: [OptionHelp.Batch.output,
                  OptionHelp.Batch.jobs,
                  OptionHelp.Batch.shard,
                  OptionHelp.Batch.json,
                  OptionHelp.Batch.progress,
                  OptionHelp.Batch.copyUninked,
                  OptionHelp.Batch.annotations,
                  OptionHelp.Batch.force,
                  OptionHelp.Batch.recognize,
                  OptionHelp.lang,
                  .minConfidence,
                  .password, .stripMetadata, OptionHelp.quiet.with(text: "print only failures"),
                  OptionHelp.timeout.with(text: "as for flatten, per document (each runs in a worker)"),
                  OptionHelp.stallTimeout.with(text: "as for flatten, per document"),
                  OptionHelp.memoryLimit.with(text: "as for flatten, per document"),
                  OptionHelp.confine.with(text: "the default: the files a document refers to are read only inside its own folder and the folders given with --allow"),
                  .allow,
                  OptionHelp.Batch.noConfine]
                 + OptionHelp.gate)
}

extension OptionHelp {
    /// `batch`'s own options.
    public enum Batch {
        public static let output = OptionHelp.output.with(value: "OUTPUT", text: "the output folder (created if missing; not the source folder)")
        public static let jobs = OptionHelp(["--jobs", "-j"], value: "N", "N documents at once, one core each (default: the number of cores)")
        public static let shard = OptionHelp(["--shard"], value: "K/N", "only the K-th of N parts (deterministic, balanced by size)")
        public static let json = OptionHelp(["--json"], value: "REPORT",
            "write a JSON report of every document to the file REPORT (unlike the other commands' --json, which prints to standard output)")
        public static let progress = OptionHelp(["--progress"], value: "STYLE", "live (a line on a terminal), lines (one per document) or auto (default)")
        public static let copyUninked = OptionHelp(["--copy-uninked"], "copy PDFs without ink instead of skipping them")
        public static let annotations = OptionHelp(["--annotations"], "flatten a PDF with no ink file beside it with its own annotations (ink, highlights, shapes from any viewer) as its ink")
        public static let force = OptionHelp(["--force"], "redo documents that are up to date")
        public static let recognize = OptionHelp.recognize.with(text: "recognise the handwriting of every document as flatten --recognize does (Pro: handwriting search); the sidecar keeps the words, so a later run reads again only the layers that changed, and an output without them is not up to date (another tool's document: --force adds them)")
        public static let noConfine = OptionHelp(["--no-confine"], "read any regular file a document refers to (only for a folder whose documents you trust)")
    }
}
