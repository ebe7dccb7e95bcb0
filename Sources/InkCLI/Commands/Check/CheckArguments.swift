import InkCommandLine
/// `inkpdf check FILE [--quiet]`.
public struct CheckArguments: Equatable, Sendable {
    public var path: String
    public var quiet = false
    /// `--confine`, `--allow FOLDER`: where the files another tool's document refers to may be
    /// read from, as for flatten.
    public var confinement: [String]?

    public init(path: String, quiet: Bool = false) {
        self.path = path
        self.quiet = quiet
    }
}

extension CheckArguments: CommandArguments {
    static var declaration: CommandHelp { .check }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.check(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> CheckArguments {
        var scanner = ArgumentScanner(command: "check", arguments: arguments)
        var quiet = false, confinement = ConfinementArguments()
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.quiet: quiet = true
            default:
                guard try scanner.confinementOption(option, into: &confinement) else { throw scanner.unknown(option) }
            }
        }
        var parsed = CheckArguments(path: try scanner.onePositional("LAYERS file"), quiet: quiet)
        parsed.confinement = try confinement.confinement(command: "check")
        return parsed
    }
}
