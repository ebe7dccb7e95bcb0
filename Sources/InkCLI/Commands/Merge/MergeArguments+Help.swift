extension MergeArguments {
    public static let help = CommandHelp(
        name: "merge",
        synopsis: ["merge (--base B | --no-base) --local L --remote R -o OUT"],
        summary: "three-way merges two edited copies of a layers file",
        description: [
            "Three-way merges two edited copies of a layers file with their common ancestor B: what either side erased stays erased, what either added is kept; gestures changed differently on both sides keep what both kept and are reported as conflicts. Reports added, removed, changed and conflicting gestures per page. Any of the files may be another tool's document, read as its import writes it.",
            "OUT is written atomically (gzip if it ends in .gz); a file it replaces is kept as OUT.prev (OUT.damaged if it did not decode).",
        ],
        options: [OptionHelp(["--base", "-b"], value: "B", "the common ancestor"),
                  OptionHelp(["--no-base"], "no common ancestor (a first sync): everything is added"),
                  OptionHelp(["--local", "-l"], value: "L", "this side's copy"),
                  OptionHelp(["--remote", "-r"], value: "R", "the other side's copy"),
                  OptionHelp(["--output", "-o"], value: "OUT", "the merged layers file"),
                  .json, OptionHelp(["--fail-on-conflict"], "exit 90 (after writing) if there were conflicts"),
                  OptionHelp.quiet.with(text: "print nothing but errors")] + OptionHelp.confinement)
}
