extension CommandHelp {
    public static let render = CommandHelp(
        name: "render",
        synopsis: ["render IN.pdf --ink LAYERS -o DIR", "render DOC -o DIR [--pdf FILE] [--page N]"],
        summary: "writes a PNG of each page with its ink, drawn as flatten draws it",
        description: ["Writes DIR/IN-P.png for each page P: the page as a viewer shows it with its ink on top, drawn as flatten draws it, one page at a time, in a worker process. Viewing is free: no entitlement gate."],
        options: [.ink, .inkFormat, .annotations, .pdf, .page, OptionHelp.Render.output,
                  OptionHelp.Render.dpi,
                  OptionHelp.Render.scale,
                  .pages, .password, .ignoreMismatch, .quiet] + OptionHelp.workerLimits + OptionHelp.confinement)
}

extension OptionHelp {
    /// `render`'s own options.
    public enum Render {
        public static let output = OptionHelp.output.with(value: "DIR", text: "the folder for the images (created if missing)")
        public static let dpi = OptionHelp(["--dpi"], value: "N", served: true, "resolution (default 144)")
        public static let scale = OptionHelp(["--scale"], value: "S", served: true, "pixels per point (dpi / 72), instead of --dpi")
    }
}
