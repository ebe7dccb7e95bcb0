extension CommandHelp {
    public static let downgrade = CommandHelp(
        name: "downgrade",
        synopsis: ["downgrade LAYERS --max-content-version V -o OUT"],
        summary: "writes a copy of a layers file for an older client",
        description: ["Writes a copy for a client of content version V, each newer ink mapped to its closest older ink, and lists the strokes whose look cannot be kept. OUT is written atomically (gzip if it ends in .gz); a file it replaces is kept as OUT.prev."],
        options: [OptionHelp.Downgrade.maxContentVersion,
                  OptionHelp.Downgrade.output, .json,
                  OptionHelp.quiet.with(text: "print nothing but errors")] + OptionHelp.confinement)
}

extension OptionHelp {
    /// `downgrade`'s own options.
    public enum Downgrade {
        public static let maxContentVersion = OptionHelp(["--max-content-version"], value: "V", "the newest content version the client reads (1 or more)")
        public static let output = OptionHelp.output.with(value: "OUT", text: "the layers file to write")
    }
}
