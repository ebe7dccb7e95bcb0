import InkExport

/// `inkpdf export IN.pdf --ink LAYERS -o OUT.pdf [options]`.
public struct ExportArguments: Equatable, Sendable {
    public var pdf: String
    public var ink: String
    public var output: String
    public var password: String?
    public var ignoreMismatch = false
    public var writeSidecar = true
    public var quiet = false
    public var pages: PageSelection?
    public var onlyAnnotated = false
    public var embedInk = false
    public var inkOnly = false
    /// `--policy`, `--trust`, `--proof`, `--state`: what the entitlement gate reads before anything is written.
    public var gate = GateOptions()
    /// `--timeout SECONDS`, `--memory-limit MB`: bounds on the worker process that exports.
    public var limits = WorkerLimits()

    public init(pdf: String, ink: String, output: String, password: String? = nil, ignoreMismatch: Bool = false,
                writeSidecar: Bool = true, quiet: Bool = false, pages: PageSelection? = nil, onlyAnnotated: Bool = false,
                embedInk: Bool = false, inkOnly: Bool = false, gate: GateOptions = GateOptions()) {
        self.pdf = pdf
        self.ink = ink
        self.output = output
        self.password = password
        self.ignoreMismatch = ignoreMismatch
        self.writeSidecar = writeSidecar
        self.quiet = quiet
        self.pages = pages
        self.onlyAnnotated = onlyAnnotated
        self.embedInk = embedInk
        self.inkOnly = inkOnly
        self.gate = gate
    }

    /// The export options these arguments ask for; the password falls back to `INKPDF_PASSWORD`.
    func options(environment: [String: String]) -> ExportOptions {
        ExportOptions(password: password ?? environment["INKPDF_PASSWORD"], ignoreDocumentMismatch: ignoreMismatch,
                      writeSidecar: writeSidecar, pages: pages, onlyAnnotated: onlyAnnotated, embedInk: embedInk, inkOnly: inkOnly)
    }
}

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

extension Command {
    static func parseExport(_ arguments: [String]) throws(UsageError) -> ExportArguments {
        var scanner = ArgumentScanner(command: "export", arguments: arguments)
        var ink: String?, output: String?
        var parsed = ExportArguments(pdf: "", ink: "", output: "")
        while let argument = scanner.nextOption() {
            switch argument {
            case "--ink", "-i": ink = try scanner.value(for: argument)
            case "--output", "-o": output = try scanner.value(for: argument)
            case "--password": parsed.password = try scanner.value(for: argument)
            case "--pages":
                let text = try scanner.value(for: argument)
                guard case .success(let selection) = PageSelection.parse(text) else {
                    throw UsageError(message: "export: --pages '\(text)' is not a page list like 2-5,9 or 7-")
                }
                parsed.pages = selection
            case "--only-annotated": parsed.onlyAnnotated = true
            case "--embed-ink": parsed.embedInk = true
            case "--ink-only": parsed.inkOnly = true
            case "--ignore-mismatch": parsed.ignoreMismatch = true
            case "--no-sidecar": parsed.writeSidecar = false
            case "--quiet", "-q": parsed.quiet = true
            case "--policy", "--trust", "--proof", "--state": parsed.gate.set(argument, to: try scanner.value(for: argument))
            case "--timeout", "--memory-limit": try scanner.limit(argument, into: &parsed.limits)
            default: throw scanner.unknown(argument)
            }
        }
        parsed.pdf = try scanner.onePositional(missing: "which PDF? give IN.pdf", kind: "PDF")
        guard let ink else { throw UsageError(message: "export: give the ink layers with --ink FILE") }
        guard let output else { throw UsageError(message: "export: give the output with -o OUT.pdf") }
        if parsed.embedInk && parsed.inkOnly { throw UsageError(message: "export: --embed-ink and --ink-only do not go together") }
        parsed.ink = ink
        parsed.output = output
        return parsed
    }

    static func parseExtract(_ arguments: [String]) throws(UsageError) -> ExtractArguments {
        var scanner = ArgumentScanner(command: "extract", arguments: arguments)
        var parsed = ExtractArguments(pdf: "", output: "")
        var output: String?
        while let argument = scanner.nextOption() {
            switch argument {
            case "--output", "-o": output = try scanner.value(for: argument)
            case "--password": parsed.password = try scanner.value(for: argument)
            case "--quiet", "-q": parsed.quiet = true
            default: throw scanner.unknown(argument)
            }
        }
        parsed.pdf = try scanner.onePositional(missing: "which PDF? give the exported PDF", kind: "PDF")
        guard let output else { throw UsageError(message: "extract: give the output with -o LAYERS.ink.jsonl.gz") }
        parsed.output = output
        return parsed
    }
}
