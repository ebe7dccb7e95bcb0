extension CommandHelp {
    public static let merge = CommandHelp(
        name: "merge",
        synopsis: ["merge (--base B | --no-base) --local L --remote R -o OUT"],
        summary: "three-way merges two edited copies of a layers file",
        description: [
            "Three-way merges two edited copies of a layers file with their common ancestor B: what either side erased stays erased, what either added is kept; gestures changed differently on both sides keep what both kept and are reported as conflicts. Reports added, removed, changed and conflicting gestures per page. Any of the files may be another tool's document, read as its import writes it.",
            "OUT is written atomically (gzip if it ends in .gz); a file it replaces is kept as OUT.prev (OUT.damaged if it did not decode).",
        ],
        options: [OptionHelp.Merge.base,
                  OptionHelp.Merge.noBase,
                  OptionHelp.Merge.local,
                  OptionHelp.Merge.remote,
                  OptionHelp.Merge.output,
                  .json, OptionHelp.Merge.failOnConflict,
                  OptionHelp.quiet.with(text: "print nothing but errors")] + OptionHelp.confinement)
}

extension OptionHelp {
    /// `merge`'s own options.
    public enum Merge {
        public static let base = OptionHelp(["--base", "-b"], value: "B", "the common ancestor")
        public static let noBase = OptionHelp(["--no-base"], "no common ancestor (a first sync): everything is added")
        public static let local = OptionHelp(["--local", "-l"], value: "L", "this side's copy")
        public static let remote = OptionHelp(["--remote", "-r"], value: "R", "the other side's copy")
        public static let output = OptionHelp.output.with(value: "OUT", text: "the merged layers file")
        public static let failOnConflict = OptionHelp(["--fail-on-conflict"], "exit 90 (after writing) if there were conflicts")
    }
}
