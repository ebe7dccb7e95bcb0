import InkCommandLine
/// `inkpdf downgrade FILE --max-content-version V -o OUT [--json] [--quiet]`.
public struct DowngradeArguments: Equatable, Sendable {
    public var path: String
    /// The newest PencilKit content version the receiving client loads (≥ 1).
    public var maxContentVersion: Int
    public var output: String
    public var json = false
    public var quiet = false
    /// `--confine`, `--allow FOLDER`: where the files another tool's document refers to may be
    /// read from, as for flatten.
    public var confinement: [String]?

    public init(path: String, maxContentVersion: Int, output: String, json: Bool = false, quiet: Bool = false) {
        self.path = path
        self.maxContentVersion = maxContentVersion
        self.output = output
        self.json = json
        self.quiet = quiet
    }
}

extension DowngradeArguments: CommandArguments {
    static var declaration: CommandHelp { .downgrade }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.downgrade(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> DowngradeArguments {
        var scanner = ArgumentScanner(command: "downgrade", arguments: arguments)
        var version: Int?, output: String?, json = false, quiet = false
        var confinement = ConfinementArguments()
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.Downgrade.maxContentVersion:
                let text = try scanner.value(for: option)
                guard let number = Int(text), number >= 1 else {
                    throw UsageError(message: "downgrade: --max-content-version '\(text)' is not a content version (a whole number from 1)")
                }
                version = number
            case OptionHelp.output: output = try scanner.value(for: option)
            case OptionHelp.json: json = true
            case OptionHelp.quiet: quiet = true
            default:
                guard try scanner.confinementOption(option, into: &confinement) else { throw scanner.unknown(option) }
            }
        }
        let path = try scanner.onePositional("LAYERS file")
        guard let version else { throw UsageError(message: "downgrade: give the client's version with --max-content-version V") }
        guard let output else { throw UsageError(message: "downgrade: give the output with -o OUT") }
        var parsed = DowngradeArguments(path: path, maxContentVersion: version, output: output, json: json, quiet: quiet)
        parsed.confinement = try confinement.confinement(command: "downgrade")
        return parsed
    }
}
