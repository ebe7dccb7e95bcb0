extension CommandHelp {
    public static let export = CommandHelp(
        name: "export",
        synopsis: ["export IN.pdf --ink LAYERS -o OUT.pdf", "export DOC -o OUT.pdf [--pdf FILE] [--page N]"],
        summary: "lays the ink over the original pages, keeping the whole document",
        description: [
            "Lays the ink over the original pages of IN.pdf and writes OUT.pdf, keeping the whole document: links, outline, forms, annotations, metadata, labels, attachments and structure; pages without ink are left as they were. Writes the sidecar beside it, as flatten does; DOC alone is read as flatten reads it.",
            "With --ink-as annotations the ink goes in as PDF /Ink annotations instead of page content: each stroke drawn exactly as flatten draws it, and one a viewer can hide, move or delete; each also carries the stroke's full drawing, so converting the PDF back gives the ink back (docs/annotations.md). The original bytes stay as they are, so a signature over them stays valid.",
            "Exporting needs Pro unless the policy makes it free: see 'inkpdf entitlement --help'.",
        ],
        options: [.ink, .inkFormat, .annotations, .pdf, .page, .outputPDF,
                  OptionHelp.Export.embedInk, .recognize, .lang, .minConfidence,
                  OptionHelp.Export.inkOnly,
                  OptionHelp.Export.inkAs,
                  OptionHelp.Export.group,
                  .password, OptionHelp.pages.with(text: "only these pages (7- runs to the end); outline entries and links to pages left out are removed"),
                  .onlyAnnotated, .ignoreMismatch, .noSidecar, .sidecar, .quiet] + OptionHelp.workerLimits + OptionHelp.confinement + OptionHelp.gate)
}

extension OptionHelp {
    /// `export`'s own options.
    public enum Export {
        public static let embedInk = OptionHelp(["--embed-ink"], served: true, "attach the ink layers to OUT.pdf, for 'inkpdf extract'")
        public static let inkOnly = OptionHelp(["--ink-only"], served: true, "write only the ink, one page per page (for other tools' overlays)")
        public static let inkAs = OptionHelp(["--ink-as"], value: "content|annotations", served: true, "the ink as page content (the default) or as /Ink annotations a viewer can edit")
        public static let group = OptionHelp(["--group"], value: "stroke|layer", served: true, "with --ink-as annotations: one annotation a stroke (the default), or one a layer and page")
    }
}
