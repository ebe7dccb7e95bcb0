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

    /// The form's parts: the files, and the command line's options without their dashes.
    var form: MultipartUpload.Form {
        switch self {
        case .entitlementsCheck:
            return MultipartUpload.Form(files: ["proof"], repeatable: ["proof"], texts: Set(valueOptions))
        default:
            // flatten and export: `recognize` and `lang` ask for the ink to be recognised first (a worker of its own).
            let recognition: Set<String> = self == .flatten || self == .export ? ["recognize", "lang"] : []
            return MultipartUpload.Form(files: ["pdf", "ink", "proof"], repeatable: ["proof"],
                                        texts: Set(valueOptions).union(flagOptions).union(["password"]).union(recognition))
        }
    }

    /// Options that take a value (`pages=1-3` → `--pages 1-3`).
    var valueOptions: [String] {
        switch self {
        case .flatten: ["pages", "ink-format", "annotations", "page"]
        case .export: ["pages", "ink-format", "annotations", "page", "ink-as", "group"]
        case .render: ["pages", "ink-format", "annotations", "page", "dpi", "scale"]
        case .convert: ["ink-format", "annotations", "page"]
        case .recognize: ["ink-format", "annotations", "page", "lang"]
        case .entitlementsCheck: ["action", "notes", "first-use"]
        case .health, .metrics: []
        }
    }

    /// Options that are flags (`only-annotated=1` → `--only-annotated`; `0`, `false`, `no`, `off` leave it out).
    var flagOptions: [String] {
        switch self {
        case .flatten: ["only-annotated", "ignore-mismatch", "strip-metadata"]
        case .export: ["only-annotated", "ignore-mismatch", "embed-ink", "ink-only"]
        case .render: ["ignore-mismatch"]
        case .recognize: ["redo"]
        case .convert, .entitlementsCheck, .health, .metrics: []
        }
    }

    /// The options the form's text parts ask for, in a fixed order; the error names a bad flag value.
    func options(from texts: [String: String]) throws(ServiceError) -> [String] {
        var arguments: [String] = []
        for name in valueOptions {
            if let value = texts[name] { arguments += ["--" + name, value] }
        }
        for name in flagOptions {
            guard let value = texts[name] else { continue }
            switch value.lowercased() {
            case "", "1", "true", "yes", "on": arguments.append("--" + name)
            case "0", "false", "no", "off": break
            default: throw .badForm("the part '\(name)' is a flag: give 1 or 0, not '\(value)'")
            }
        }
        return arguments
    }

    /// The worker's arguments (hidden verb first) for the files received, writing into `output`.
    func workerArguments(pdf: String?, ink: String?, proofs: [String], options: [String], output: String,
                         limits: [String], gate: [String]) throws(ServiceError) -> [String] {
        let proofArguments = proofs.flatMap { ["--proof", $0] }
        if self == .entitlementsCheck {
            return ["__isolated", "entitlement", "check", "--json"] + options + gate + proofArguments
        }
        guard let ink else {
            throw .badForm(pdf == nil ? "give the ink as the file part 'ink' (and its PDF as 'pdf')"
                                      : "give the ink as the file part 'ink' (a PDF's own annotations: send it as 'ink' too)")
        }
        let documents = (pdf.map { [$0, "--ink", ink] } ?? [ink]) + ["-o", output]
        // Confined: a document that names other files may reach only those uploaded with it.
        switch self {
        case .flatten:
            return ["__worker", "flatten"] + documents + limits + ["--quiet", "--confine"] + options + gate + proofArguments
        case .export:
            return ["__isolated", "export"] + documents + limits + ["--quiet", "--confine"] + options + gate + proofArguments
        case .render:
            return ["__isolated", "render"] + documents + limits + ["--quiet", "--confine"] + options
        case .convert:
            return ["__isolated", "convert", ink, "-o", output] + (pdf.map { ["--pdf", $0] } ?? []) + ["--quiet", "--confine"] + options
        case .recognize:
            return ["__isolated", "recognize", ink, "-o", output] + (pdf.map { ["--pdf", $0] } ?? []) + ["--quiet", "--confine"] + options
                + gate + proofArguments
        case .entitlementsCheck, .health, .metrics:
            return []
        }
    }
}
