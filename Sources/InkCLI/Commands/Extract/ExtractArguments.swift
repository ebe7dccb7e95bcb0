import InkCommandLine
import InkPipeline

/// `inkpdf extract OUT.pdf -o LAYERS.ink.jsonl.gz [--password P] [--quiet]`.
public struct ExtractArguments: Equatable, Sendable {
    public var pdf: String
    public var output: String
    public var password: String?
    public var quiet = false

    public init(pdf: String, output: String, password: String? = nil, quiet: Bool = false) {
        self.pdf = pdf
        self.output = output
        self.password = password
        self.quiet = quiet
    }
}

extension ExtractArguments: CommandArguments {
    static var declaration: CommandHelp { .extract }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.extract(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> ExtractArguments {
        var scanner = ArgumentScanner(command: "extract", arguments: arguments)
        var parsed = ExtractArguments(pdf: "", output: "")
        var output: String?
        while let argument = try scanner.nextOption() {
            switch argument {
            case OptionHelp.output: output = try scanner.value(for: argument)
            case OptionHelp.password: parsed.password = try scanner.value(for: argument)
            case OptionHelp.quiet: parsed.quiet = true
            default: throw scanner.unknown(argument)
            }
        }
        parsed.pdf = try scanner.onePositional(missing: "which PDF? give the exported PDF", kind: "PDF")
        guard let output else { throw UsageError(message: "extract: give the output with -o LAYERS.ink.jsonl.gz") }
        parsed.output = output
        return parsed
    }
}
