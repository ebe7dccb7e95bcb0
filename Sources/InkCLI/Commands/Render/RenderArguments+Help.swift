extension RenderArguments {
    public static let help = CommandHelp(
        name: "render",
        synopsis: ["render IN.pdf --ink LAYERS -o DIR", "render DOC -o DIR [--pdf FILE] [--page N]"],
        summary: "writes a PNG of each page with its ink, drawn as flatten draws it",
        description: ["Writes DIR/IN-P.png for each page P: the page as a viewer shows it with its ink on top, drawn as flatten draws it, one page at a time, in a worker process. Viewing is free: no entitlement gate."],
        options: [.ink, .inkFormat, .annotations, .pdf, .page, OptionHelp(["--output", "-o"], value: "DIR", "the folder for the images (created if missing)"),
                  OptionHelp(["--dpi"], value: "N", "resolution (default 144)"),
                  OptionHelp(["--scale"], value: "S", "pixels per point (dpi / 72), instead of --dpi"),
                  .pages, .password, .ignoreMismatch, .quiet] + OptionHelp.workerLimits + OptionHelp.confinement)
}
