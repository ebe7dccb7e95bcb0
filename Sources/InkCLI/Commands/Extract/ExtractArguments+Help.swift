extension ExtractArguments {
    public static let help = CommandHelp(
        name: "extract",
        synopsis: ["extract OUT.pdf -o LAYERS.ink.jsonl.gz"],
        summary: "writes back the ink layers that 'export --embed-ink' attached",
        description: ["Writes the ink layers attached by 'export --embed-ink' to LAYERS, byte for byte (exit 65 when the PDF carries none)."],
        options: [OptionHelp(["--output", "-o"], value: "LAYERS", "the ink-layers file to write"), .password,
                  OptionHelp.quiet.with(text: "print nothing but errors")])
}
