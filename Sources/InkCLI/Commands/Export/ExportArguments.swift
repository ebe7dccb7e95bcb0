import InkCommandLine
import InkModel
import InkPipeline

/// `inkpdf export IN.pdf --ink LAYERS -o OUT.pdf [options]`: the arguments flatten takes too
/// (`DocumentArguments`, whose fields read and set as this struct's own), and export's own.
@dynamicMemberLookup
public struct ExportArguments: Equatable, Sendable {
    public var document = DocumentArguments()
    public var embedInk = false
    public var inkOnly = false
    /// `--ink-as content|annotations`, `--group stroke|layer`.
    public var inkAs: ExportOptions.InkAs = .content
    public var grouping: ExportOptions.AnnotationGrouping = .stroke

    public subscript<Value>(dynamicMember field: WritableKeyPath<DocumentArguments, Value>) -> Value {
        get { document[keyPath: field] }
        set { document[keyPath: field] = newValue }
    }

    public init(pdf: String?, ink: String, output: String, password: String? = nil, ignoreMismatch: Bool = false,
                writeSidecar: Bool = true, quiet: Bool = false, pages: PageSelection? = nil, onlyAnnotated: Bool = false,
                embedInk: Bool = false, inkOnly: Bool = false, gate: GateOptions = GateOptions()) {
        document = DocumentArguments(pdf: pdf, ink: ink, output: output, password: password, ignoreMismatch: ignoreMismatch,
                                     writeSidecar: writeSidecar, quiet: quiet, pages: pages, onlyAnnotated: onlyAnnotated, gate: gate)
        self.embedInk = embedInk
        self.inkOnly = inkOnly
    }

    init(document: DocumentArguments) {
        self.document = document
    }

    /// The export options these arguments ask for; the password falls back to `INKPDF_PASSWORD`.
    func options(environment: [String: String]) -> ExportOptions {
        var options = ExportOptions(embedInk: embedInk, inkOnly: inkOnly)
        options.drawing = document.drawing(environment: environment)
        options.inkAs = inkAs
        options.annotationGrouping = grouping
        return options
    }
}

extension ExportArguments: CommandArguments {
    static var declaration: CommandHelp { .export }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.export(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> ExportArguments {
        var scanner = ArgumentScanner(command: "export", arguments: arguments)
        var embedInk = false, inkOnly = false
        var inkAs: ExportOptions.InkAs?, grouping: ExportOptions.AnnotationGrouping?
        let common = try scanner.documentOptions { (option, scanner) throws(UsageError) -> Bool in
            switch option {
            case OptionHelp.Export.embedInk: embedInk = true
            case OptionHelp.Export.inkOnly: inkOnly = true
            case OptionHelp.Export.inkAs:
                let value = try scanner.value(for: option)
                guard let parsed = ExportOptions.InkAs(rawValue: value) else {
                    throw UsageError(message: "export: --ink-as takes content or annotations, not '\(value)'")
                }
                inkAs = parsed
            case OptionHelp.Export.group:
                let value = try scanner.value(for: option)
                guard let parsed = ExportOptions.AnnotationGrouping(rawValue: value) else {
                    throw UsageError(message: "export: --group takes stroke or layer, not '\(value)'")
                }
                grouping = parsed
            default: return false
            }
            return true
        }
        if embedInk && inkOnly { throw UsageError(message: "export: --embed-ink and --ink-only do not go together") }
        if inkOnly && inkAs == .annotations {
            throw UsageError(message: "export: --ink-only writes pages of ink, not annotations; leave out one of --ink-only and --ink-as annotations")
        }
        if grouping != nil && inkAs != .annotations {
            throw UsageError(message: "export: --group says how annotations are grouped; give it with --ink-as annotations")
        }
        var parsed = ExportArguments(document: common)
        parsed.embedInk = embedInk
        parsed.inkOnly = inkOnly
        parsed.inkAs = inkAs ?? .content
        parsed.grouping = grouping ?? .stroke
        return parsed
    }

}
