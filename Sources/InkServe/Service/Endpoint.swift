import InkWorkers
import InkCommandLine

/// The service's endpoints, and for the ones that work on documents, the form
/// parts they take and the command line they run.
enum Endpoint: String, CaseIterable, Sendable {
    case flatten
    case export
    case render
    case convert
    case recognize
    case entitlementsCheck = "entitlements/check"
    case health = "healthz"
    case metrics

    var path: String {
        switch self {
        case .health, .metrics: "/" + rawValue
        default: "/v1/" + rawValue
        }
    }

    /// Whether it takes a POSTed form and runs a worker (the others are GETs).
    var runsWorker: Bool { self != .health && self != .metrics }
    /// Whether it needs a token (health and metrics do not: a load balancer and Prometheus ask them).
    var needsToken: Bool { runsWorker }

    enum Route: Equatable {
        case found(Endpoint)
        case notFound
        case wrongMethod(allowed: String)
        /// `.`, `..` or an empty segment: refused rather than guessed at.
        case notNormalized
    }

    static func route(method: String, path: String) -> Route {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if !path.hasPrefix("/") || segments.contains(where: { $0 == "." || $0 == ".." }) || (segments.dropLast().contains { $0.isEmpty }) {
            return .notNormalized
        }
        guard let endpoint = allCases.first(where: { $0.path == path }) else { return .notFound }
        let allowed = endpoint.runsWorker ? "POST" : "GET"
        guard method == allowed || (!endpoint.runsWorker && method == "HEAD") else { return .wrongMethod(allowed: allowed) }
        return .found(endpoint)
    }

    /// The command each endpoint that runs a worker runs; its declaration says which options the form takes.
    var command: CommandHelp? {
        switch self {
        case .flatten: .flatten
        case .export: .export
        case .render: .render
        case .convert: .convert
        case .recognize: .recognize
        case .entitlementsCheck: .entitlementCheck
        case .health, .metrics: nil
        }
    }

    /// The form's parts: the files, and the command line's options without their dashes.
    var form: MultipartUpload.Form {
        MultipartUpload.Form(files: Set(fileParts), repeatable: [Self.proofPart], texts: Set(textParts))
    }

    /// The file parts, as docs/commands.md lists them: the PDF and its ink, and the proofs (repeatable).
    var fileParts: [String] { self == .entitlementsCheck ? [Self.proofPart] : [Self.pdfPart, Self.inkPart, Self.proofPart] }

    /// The text parts: the options the command serves, the password, and on flatten and export `recognize`
    /// and `lang`, which ask for the ink to be recognised first (a worker of its own).
    var textParts: [String] {
        let recognition = self == .flatten || self == .export ? [OptionHelp.recognize.field, OptionHelp.lang.field] : []
        return valueOptions + flagOptions + (self == .entitlementsCheck ? [] : [OptionHelp.password.field]) + recognition
    }

    /// The file parts a document comes in: the PDF and its ink (`--pdf`, `--ink`).
    static let pdfPart = OptionHelp.pdf.field, inkPart = OptionHelp.ink.field
    /// The file parts that carry proofs of Pro (`--proof`).
    static let proofPart = OptionHelp.proof.field

    /// The options the command's declaration serves, each as a field named without its dashes.
    private var served: [OptionHelp] { command?.options.filter(\.served) ?? [] }

    /// Options that take a value (`pages=1-3` → `--pages 1-3`).
    var valueOptions: [String] { served.filter { $0.value != nil }.map(\.field) }

    /// Options that are flags (`only-annotated=1` → `--only-annotated`; `0`, `false`, `no`, `off` leave it out).
    var flagOptions: [String] { served.filter { $0.value == nil }.map(\.field) }

    /// The options the form's text parts ask for, in a fixed order (those with a value, then the flags);
    /// the error names a bad flag value.
    func options(from texts: [String: String]) throws(ServiceError) -> [String] {
        var arguments: [String] = []
        for option in served where option.value != nil {
            if let value = texts[option.field] { arguments += option.spelled(value) }
        }
        for option in served where option.value == nil {
            guard let value = texts[option.field] else { continue }
            switch value.lowercased() {
            case "", "1", "true", "yes", "on": arguments += option.spelled()
            case "0", "false", "no", "off": break
            default: throw .badForm("the part '\(option.field)' is a flag: give 1 or 0, not '\(value)'")
            }
        }
        return arguments
    }

    /// The worker's arguments (hidden verb first) for the files received, writing into `output`.
    func workerArguments(pdf: String?, ink: String?, proofs: [String], options: [String], output: String,
                         limits: [String], gate: [String]) throws(ServiceError) -> [String] {
        let proofArguments = proofs.flatMap { OptionHelp.proof.spelled($0) }
        let worker = DocumentWorker.verb
        if self == .entitlementsCheck {
            return [worker] + CommandHelp.entitlementCheck.name.split(separator: " ").map(String.init) + OptionHelp.json.spelled()
                + options + gate + proofArguments
        }
        guard let ink, let command else {
            throw .badForm(pdf == nil ? "give the ink as the file part 'ink' (and its PDF as 'pdf')"
                                      : "give the ink as the file part 'ink' (a PDF's own annotations: send it as 'ink' too)")
        }
        let documents = (pdf.map { [$0] + OptionHelp.ink.spelled(ink) } ?? [ink]) + OptionHelp.output.spelled(output)
        // Confined: a document that names other files may reach only those uploaded with it.
        let confined = OptionHelp.quiet.spelled() + OptionHelp.confine.spelled()
        switch self {
        case .flatten:
            return [worker, command.name] + documents + limits + confined + options + gate + proofArguments
        case .export:
            return [worker, command.name] + documents + limits + confined + options + gate + proofArguments
        case .render:
            return [worker, command.name] + documents + limits + confined + options
        case .convert, .recognize:
            // Recognising handwriting is gated; converting is free.
            return [worker, command.name, ink] + OptionHelp.output.spelled(output) + (pdf.map { OptionHelp.pdf.spelled($0) } ?? []) + confined + options
                + (self == .recognize ? gate + proofArguments : [])
        case .entitlementsCheck, .health, .metrics:
            return []
        }
    }
}

extension CommandHelp {
    /// The endpoint of `inkpdf serve` that runs this command and the form parts it takes (files, then
    /// text fields), as docs/commands.md lists them; nil for a command the service does not run.
    public var served: (path: String, files: [String], fields: [String])? {
        guard let endpoint = Endpoint.allCases.first(where: { $0.command == self }) else { return nil }
        return (endpoint.path, endpoint.fileParts, endpoint.textParts)
    }
}
