/// `inkpdf check FILE [--quiet]`.
public struct CheckArguments: Equatable, Sendable {
    public var path: String
    public var quiet = false

    public init(path: String, quiet: Bool = false) {
        self.path = path
        self.quiet = quiet
    }
}

extension Command {
    static func parseCheck(_ arguments: [String]) throws(UsageError) -> CheckArguments {
        var scanner = ArgumentScanner(command: "check", arguments: arguments)
        var quiet = false
        while let option = scanner.nextOption() {
            switch option {
            case "--quiet", "-q": quiet = true
            default: throw scanner.unknown(option)
            }
        }
        return CheckArguments(path: try scanner.onePositional("LAYERS file"), quiet: quiet)
    }
}
