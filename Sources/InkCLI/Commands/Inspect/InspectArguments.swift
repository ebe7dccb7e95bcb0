import InkCommandLine
/// `inkpdf inspect FILE [--json]`.
public struct InspectArguments: Equatable, Sendable {
    public var path: String
    public var json = false
    /// `--confine`, `--allow FOLDER`: where the files another tool's document refers to may be
    /// read from, as for flatten.
    public var confinement: [String]?

    public init(path: String, json: Bool = false) {
        self.path = path
        self.json = json
    }
}

extension InspectArguments: CommandArguments {
    static var declaration: CommandHelp { .inspect }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.inspect(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> InspectArguments {
        var scanner = ArgumentScanner(command: "inspect", arguments: arguments)
        var json = false, confinement = ConfinementArguments()
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.json: json = true
            default:
                guard try scanner.confinementOption(option, into: &confinement) else { throw scanner.unknown(option) }
            }
        }
        var parsed = InspectArguments(path: try scanner.onePositional("LAYERS file"), json: json)
        parsed.confinement = try confinement.confinement(command: "inspect")
        return parsed
    }
}
