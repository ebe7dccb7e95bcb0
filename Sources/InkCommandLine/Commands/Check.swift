extension CommandHelp {
    public static let check = CommandHelp(
        name: "check",
        synopsis: ["check LAYERS"],
        summary: "validates a layers file, naming the line at fault",
        description: ["Validates a layers file; names the line at fault and the last good revision (exit 65 when it is invalid)."],
        options: [OptionHelp.quiet.with(text: "print nothing but errors")] + OptionHelp.confinement)
}
