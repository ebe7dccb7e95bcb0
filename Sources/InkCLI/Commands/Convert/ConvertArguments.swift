import InkCommandLine
import InkImport
import InkModel
import InkPipeline

/// `inkpdf convert INK -o OUT.ink.jsonl[.gz] [--pdf FILE] [--page N] [--ink-format NAME]`.
public struct ConvertArguments: Equatable, Sendable {
    public var ink: String
    public var output: String
    public var pdf: String?
    public var inkFormat: InkFormat?
    /// `--annotations`: which of a PDF's annotations are read as ink.
    public var annotations = AnnotationVisibility.print
    public var page: Int?
    public var password: String?
    public var quiet = false
    /// `--confine`, `--allow FOLDER`: as for flatten.
    public var confinement: [String]?

    public init(ink: String, output: String, pdf: String? = nil) {
        self.ink = ink
        self.output = output
        self.pdf = pdf
    }

    /// The conversion options these arguments ask for; the password falls back to `INKPDF_PASSWORD`.
    func options(environment: [String: String]) -> ConvertOptions {
        var options = ConvertOptions(inkFormat: inkFormat, page: page, password: password ?? environment["INKPDF_PASSWORD"],
                                     compressionLevel: CommandRunner.compression(for: output))
        options.confinement = confinement
        options.annotations = annotations
        return options
    }
}

extension ConvertArguments: CommandArguments {
    static var declaration: CommandHelp { .convert }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.convert(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> ConvertArguments {
        var scanner = ArgumentScanner(command: "convert", arguments: arguments)
        return try parse(&scanner) { option, scanner throws(UsageError) in false }
    }

    /// Convert's options from `scanner`, in one pass: each option takes its own value and nothing else,
    /// so a value that looks like an option is that option's value. `more` takes a command's own
    /// options first (`recognize`: `--lang`, `--redo`, the gate's and the worker's limits) and says
    /// whether it did.
    static func parse(_ scanner: inout ArgumentScanner,
                      more: (String, inout ArgumentScanner) throws(UsageError) -> Bool) throws(UsageError) -> ConvertArguments {
        let command = scanner.command
        var parsed = ConvertArguments(ink: "", output: "")
        var output: String?, confinement = ConfinementArguments()
        while let option = try scanner.nextOption() {
            if try more(option, &scanner) { continue }
            switch option {
            case OptionHelp.output: output = try scanner.value(for: option)
            case OptionHelp.pdf: parsed.pdf = try scanner.value(for: option)
            case OptionHelp.inkFormat: parsed.inkFormat = try scanner.inkFormat(try scanner.value(for: option))
            case OptionHelp.annotations: parsed.annotations = try scanner.annotationVisibility(try scanner.value(for: option))
            case OptionHelp.page: parsed.page = try scanner.pageNumber(try scanner.value(for: option))
            case OptionHelp.password: parsed.password = try scanner.value(for: option)
            case OptionHelp.quiet: parsed.quiet = true
            default:
                if try scanner.confinementOption(option, into: &confinement) { continue }
                throw scanner.unknown(option)
            }
        }
        parsed.ink = try scanner.onePositional(missing: "which ink file? give a .xopp, .rm, .rmdoc, .content, .rnote or ink-layers file",
                                               kind: "ink file")
        guard let output else { throw UsageError(message: "\(command): give the output with -o OUT.ink.jsonl.gz") }
        parsed.output = output
        parsed.confinement = try confinement.confinement(command: command)
        return parsed
    }
}
