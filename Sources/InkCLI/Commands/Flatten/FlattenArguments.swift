import InkCommandLine
import InkModel
import InkPipeline

/// `inkpdf flatten IN.pdf --ink LAYERS -o OUT.pdf [options]`: the arguments export takes too
/// (`DocumentArguments`, whose fields read and set as this struct's own), and flatten's own.
@dynamicMemberLookup
public struct FlattenArguments: Equatable, Sendable {
    public var document = DocumentArguments()
    public var stripMetadata = false
    /// Hidden `--record-ink-sha256`: `batch` has its workers record the ink's hash in the sidecar.
    public var recordInkSHA256: String?
    /// Hidden `--single-thread`: `batch` has each worker use one core.
    public var singleThreaded = false
    /// Hidden `--unless-up-to-date`: `batch` has the worker decide whether another tool's document
    /// is up to date (it reads the document, which the batch's own process does not) and do nothing if so.
    public var unlessUpToDate = false

    public subscript<Value>(dynamicMember field: WritableKeyPath<DocumentArguments, Value>) -> Value {
        get { document[keyPath: field] }
        set { document[keyPath: field] = newValue }
    }

    public init(pdf: String?, ink: String, output: String, password: String? = nil, ignoreMismatch: Bool = false,
                writeSidecar: Bool = true, quiet: Bool = false, pages: PageSelection? = nil,
                onlyAnnotated: Bool = false, stripMetadata: Bool = false) {
        document = DocumentArguments(pdf: pdf, ink: ink, output: output, password: password, ignoreMismatch: ignoreMismatch,
                                     writeSidecar: writeSidecar, quiet: quiet, pages: pages, onlyAnnotated: onlyAnnotated)
        self.stripMetadata = stripMetadata
    }

    init(document: DocumentArguments) {
        self.document = document
    }
}

extension FlattenArguments: CommandArguments {
    static var declaration: CommandHelp { .flatten }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.flatten(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> FlattenArguments {
        var scanner = ArgumentScanner(command: "flatten", arguments: arguments)
        var stripMetadata = false, recordInkSHA256: String?, singleThreaded = false, unlessUpToDate = false
        let common = try scanner.documentOptions { (option, scanner) throws(UsageError) -> Bool in
            switch option {
            case OptionHelp.stripMetadata: stripMetadata = true
            case OptionHelp.Flatten.recordInkSHA256: recordInkSHA256 = try scanner.value(for: option)
            case OptionHelp.Flatten.singleThread: singleThreaded = true
            case OptionHelp.Flatten.unlessUpToDate: unlessUpToDate = true
            default: return false
            }
            return true
        }
        var parsed = FlattenArguments(document: common)
        parsed.stripMetadata = stripMetadata
        parsed.recordInkSHA256 = recordInkSHA256
        parsed.singleThreaded = singleThreaded
        parsed.unlessUpToDate = unlessUpToDate
        return parsed
    }

}

extension FlattenArguments {
    /// The flatten options these arguments ask for; the password falls back to `INKPDF_PASSWORD`.
    func options(environment: [String: String]) -> FlattenOptions {
        var options = FlattenOptions(stripMetadata: stripMetadata, recordedInkSHA256: recordInkSHA256)
        options.drawing = document.drawing(environment: environment)
        options.singleThreaded = singleThreaded
        return options
    }
}
