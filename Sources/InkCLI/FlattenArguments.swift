import InkExport

/// `inkpdf flatten IN.pdf --ink LAYERS -o OUT.pdf [options]`.
public struct FlattenArguments: Equatable, Sendable {
    public var pdf: String
    public var ink: String
    public var output: String
    public var password: String?
    public var ignoreMismatch = false
    public var writeSidecar = true
    public var quiet = false
    public var pages: PageSelection?
    public var onlyAnnotated = false
    public var stripMetadata = false
    /// `--policy`, `--trust`, `--proof`, `--state`: what the entitlement gate reads before anything is written.
    public var gate = GateOptions()
    /// `--timeout SECONDS`, `--memory-limit MB`: bounds on the worker process that does the work.
    public var limits = WorkerLimits()
    /// Hidden `--record-ink-sha256`: `batch` has its workers record the ink's hash in the sidecar.
    public var recordInkSHA256: String?

    public init(pdf: String, ink: String, output: String, password: String? = nil, ignoreMismatch: Bool = false,
                writeSidecar: Bool = true, quiet: Bool = false, pages: PageSelection? = nil,
                onlyAnnotated: Bool = false, stripMetadata: Bool = false) {
        self.pdf = pdf
        self.ink = ink
        self.output = output
        self.password = password
        self.ignoreMismatch = ignoreMismatch
        self.writeSidecar = writeSidecar
        self.quiet = quiet
        self.pages = pages
        self.onlyAnnotated = onlyAnnotated
        self.stripMetadata = stripMetadata
    }
}

extension Command {
    static func parseFlatten(_ arguments: [String]) throws(UsageError) -> FlattenArguments {
        var scanner = ArgumentScanner(command: "flatten", arguments: arguments)
        var ink: String?, output: String?, password: String?, pages: PageSelection?
        var ignoreMismatch = false, writeSidecar = true, quiet = false, onlyAnnotated = false, stripMetadata = false
        var gate = GateOptions()
        var limits = WorkerLimits()
        var recordInkSHA256: String?
        func value(_ option: String) throws(UsageError) -> String { try scanner.value(for: option) }
        while let argument = scanner.nextOption() {
            switch argument {
            case "--ink", "-i": ink = try value(argument)
            case "--output", "-o": output = try value(argument)
            case "--password": password = try value(argument)
            case "--pages":
                let text = try value(argument)
                guard case .success(let selection) = PageSelection.parse(text) else {
                    throw UsageError(message: "flatten: --pages '\(text)' is not a page list like 2-5,9 or 7-")
                }
                pages = selection
            case "--only-annotated": onlyAnnotated = true
            case "--strip-metadata": stripMetadata = true
            case "--ignore-mismatch": ignoreMismatch = true
            case "--no-sidecar": writeSidecar = false
            case "--quiet", "-q": quiet = true
            case "--policy", "--trust", "--proof", "--state": gate.set(argument, to: try value(argument))
            case "--timeout", "--memory-limit": try scanner.limit(argument, into: &limits)
            case "--record-ink-sha256": recordInkSHA256 = try value(argument)
            default: throw scanner.unknown(argument)
            }
        }
        let pdf = try scanner.onePositional(missing: "which PDF? give IN.pdf", kind: "PDF")
        guard let ink else { throw UsageError(message: "flatten: give the ink layers with --ink FILE") }
        guard let output else { throw UsageError(message: "flatten: give the output with -o OUT.pdf") }
        var parsed = FlattenArguments(pdf: pdf, ink: ink, output: output, password: password,
                                      ignoreMismatch: ignoreMismatch, writeSidecar: writeSidecar, quiet: quiet,
                                      pages: pages, onlyAnnotated: onlyAnnotated, stripMetadata: stripMetadata).with(gate: gate)
        parsed.limits = limits
        parsed.recordInkSHA256 = recordInkSHA256
        return parsed
    }

}

extension FlattenArguments {
    /// The flatten options these arguments ask for; the password falls back to `INKPDF_PASSWORD`.
    func options(environment: [String: String]) -> FlattenOptions {
        FlattenOptions(password: password ?? environment["INKPDF_PASSWORD"], ignoreDocumentMismatch: ignoreMismatch,
                       writeSidecar: writeSidecar, pages: pages, onlyAnnotated: onlyAnnotated, stripMetadata: stripMetadata,
                       recordedInkSHA256: recordInkSHA256)
    }
}
