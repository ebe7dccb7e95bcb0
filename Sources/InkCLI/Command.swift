/// A parsed command line. Parsing is a pure function of the arguments.
public enum Command: Equatable, Sendable {
    case help
    case version
    case flatten(FlattenArguments)
}

public struct FlattenArguments: Equatable, Sendable {
    public var pdf: String
    public var ink: String
    public var output: String
    public var password: String?
    public var ignoreMismatch = false
    public var writeSidecar = true
    public var quiet = false

    public init(pdf: String, ink: String, output: String, password: String? = nil, ignoreMismatch: Bool = false,
                writeSidecar: Bool = true, quiet: Bool = false) {
        self.pdf = pdf
        self.ink = ink
        self.output = output
        self.password = password
        self.ignoreMismatch = ignoreMismatch
        self.writeSidecar = writeSidecar
        self.quiet = quiet
    }
}

/// A command line that cannot be run, with the one line that says why.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { "\(message); see 'inkpdf --help'" }
}

extension Command {
    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let verb = arguments.first else { throw UsageError(message: "no command given") }
        let rest = Array(arguments.dropFirst())
        switch verb {
        case "-h", "--help", "help": return .help
        case "-V", "--version", "version": return .version
        case "flatten": return .flatten(try parseFlatten(rest))
        default: throw UsageError(message: "unknown command '\(verb)'")
        }
    }

    private static func parseFlatten(_ arguments: [String]) throws(UsageError) -> FlattenArguments {
        var positional: [String] = []
        var ink: String?, output: String?, password: String?
        var ignoreMismatch = false, writeSidecar = true, quiet = false
        var index = 0
        func value(_ option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(option) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--ink", "-i": ink = try value(argument)
            case "--output", "-o": output = try value(argument)
            case "--password": password = try value(argument)
            case "--ignore-mismatch": ignoreMismatch = true
            case "--no-sidecar": writeSidecar = false
            case "--quiet", "-q": quiet = true
            case "--":
                positional.append(contentsOf: arguments[(index + 1)...])
                index = arguments.count
                continue
            default:
                if argument.hasPrefix("-") && argument != "-" { throw UsageError(message: "flatten: unknown option '\(argument)'") }
                positional.append(argument)
            }
            index += 1
        }
        guard positional.count == 1 else {
            throw UsageError(message: positional.isEmpty ? "flatten: which PDF? give IN.pdf" : "flatten: one PDF at a time (got \(positional.count))")
        }
        guard let ink else { throw UsageError(message: "flatten: give the ink layers with --ink FILE") }
        guard let output else { throw UsageError(message: "flatten: give the output with -o OUT.pdf") }
        return FlattenArguments(pdf: positional[0], ink: ink, output: output, password: password,
                                ignoreMismatch: ignoreMismatch, writeSidecar: writeSidecar, quiet: quiet)
    }
}
