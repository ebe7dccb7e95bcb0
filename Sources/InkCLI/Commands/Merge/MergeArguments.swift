import InkCommandLine
/// `inkpdf merge (--base B | --no-base) --local L --remote R -o OUT [--json] [--fail-on-conflict] [--quiet]`.
public struct MergeArguments: Equatable, Sendable {
    /// The common ancestor; nil for a first sync (`--no-base`), where everything is added.
    public var base: String?
    public var local: String
    public var remote: String
    public var output: String
    /// Print the report as one JSON object.
    public var json = false
    /// Exit with 90 (after writing) if there were conflicts.
    public var failOnConflict = false
    public var quiet = false
    /// `--confine`, `--allow FOLDER`: where the files another tool's document refers to may be
    /// read from, as for flatten.
    public var confinement: [String]?

    public init(base: String?, local: String, remote: String, output: String, json: Bool = false,
                failOnConflict: Bool = false, quiet: Bool = false) {
        self.base = base
        self.local = local
        self.remote = remote
        self.output = output
        self.json = json
        self.failOnConflict = failOnConflict
        self.quiet = quiet
    }
}

extension MergeArguments: CommandArguments {
    static var declaration: CommandHelp { .merge }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.merge(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> MergeArguments {
        var scanner = ArgumentScanner(command: "merge", arguments: arguments)
        var base: String?, local: String?, remote: String?, output: String?
        var noBase = false, json = false, failOnConflict = false, quiet = false
        var confinement = ConfinementArguments()
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.Merge.base: base = try scanner.value(for: option)
            case OptionHelp.Merge.noBase: noBase = true
            case OptionHelp.Merge.local: local = try scanner.value(for: option)
            case OptionHelp.Merge.remote: remote = try scanner.value(for: option)
            case OptionHelp.output: output = try scanner.value(for: option)
            case OptionHelp.json: json = true
            case OptionHelp.Merge.failOnConflict: failOnConflict = true
            case OptionHelp.quiet: quiet = true
            default:
                guard try scanner.confinementOption(option, into: &confinement) else { throw scanner.unknown(option) }
            }
        }
        try scanner.noPositional()
        if base != nil && noBase { throw UsageError(message: "merge: give --base FILE or --no-base, not both") }
        if base == nil && !noBase {
            throw UsageError(message: "merge: give the common ancestor with --base FILE, or --no-base for a first sync")
        }
        guard let local else { throw UsageError(message: "merge: give the local version with --local FILE") }
        guard let remote else { throw UsageError(message: "merge: give the remote version with --remote FILE") }
        guard let output else { throw UsageError(message: "merge: give the output with -o OUT") }
        var parsed = MergeArguments(base: base, local: local, remote: remote, output: output, json: json,
                                    failOnConflict: failOnConflict, quiet: quiet)
        parsed.confinement = try confinement.confinement(command: "merge")
        return parsed
    }
}
