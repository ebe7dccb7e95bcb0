extension CommandHelp {
    public static let extract = CommandHelp(
        name: "extract",
        synopsis: ["extract OUT.pdf -o LAYERS.ink.jsonl.gz"],
        summary: "writes back the ink layers that 'export --embed-ink' attached",
        description: ["Writes the ink layers attached by 'export --embed-ink' to LAYERS, byte for byte (exit 65 when the PDF carries none)."],
        options: [OptionHelp.Extract.output, .password,
                  OptionHelp.quiet.with(text: "print nothing but errors")])
}

extension OptionHelp {
    /// `extract`'s own options.
    public enum Extract {
        public static let output = OptionHelp.output.with(value: "LAYERS", text: "the ink-layers file to write")
    }
}
