import InkBatch
import InkModel
import InkPipeline

/// `inkpdf export IN.pdf --ink LAYERS -o OUT.pdf [options]`.
public struct ExportArguments: Equatable, Sendable {
    /// The PDF; nil: the one the ink document names.
    public var pdf: String?
    /// `--ink-format`, `--page`: as for flatten.
    public var inkFormat: InkFormat?
    /// `--annotations`: which of a PDF's annotations are read as ink.
    public var annotations = AnnotationVisibility.print
    public var page: Int?
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
    /// `--ink-as content|annotations`, `--group stroke|layer`.
    public var inkAs: ExportOptions.InkAs = .content
    public var grouping: ExportOptions.AnnotationGrouping = .stroke
    /// `--policy`, `--trust`, `--proof`, `--state`: what the entitlement gate reads before anything is written.
    public var gate = GateOptions()
    /// `--timeout SECONDS`, `--stall-timeout SECONDS`, `--memory-limit MB`: bounds on the worker process that exports.
    public var limits = WorkerLimits()
    /// `--confine`, `--allow FOLDER`: as for flatten.
    public var confinement: [String]?
    /// `--recognize [--lang TAGS]`: the languages to recognise layers without `text` entries in; nil: none.
    public var recognize: String?

    public init(pdf: String?, ink: String, output: String, password: String? = nil, ignoreMismatch: Bool = false,
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
        var options = ExportOptions(password: password ?? environment["INKPDF_PASSWORD"], ignoreDocumentMismatch: ignoreMismatch,
                                    writeSidecar: writeSidecar, pages: pages, onlyAnnotated: onlyAnnotated, embedInk: embedInk,
                                    inkOnly: inkOnly)
        options.inkFormat = inkFormat
        options.annotations = annotations
        options.page = page
        options.confinement = confinement
        options.inkAs = inkAs
        options.annotationGrouping = grouping
        return options
    }
}

extension Command {
    static func parseExport(_ arguments: [String]) throws(UsageError) -> ExportArguments {
        var scanner = ArgumentScanner(command: "export", arguments: arguments)
        var embedInk = false, inkOnly = false
        var inkAs: ExportOptions.InkAs?, grouping: ExportOptions.AnnotationGrouping?
        var recognition = RecognitionRequest()
        let common = try scanner.documentOptions { (option, scanner) throws(UsageError) -> Bool in
            if try recognition.take(option, from: &scanner) { return true }
            switch option {
            case "--embed-ink": embedInk = true
            case "--ink-only": inkOnly = true
            case "--ink-as":
                let value = try scanner.value(for: option)
                guard let parsed = ExportOptions.InkAs(rawValue: value) else {
                    throw UsageError(message: "export: --ink-as takes content or annotations, not '\(value)'")
                }
                inkAs = parsed
            case "--group":
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
        var parsed = ExportArguments(pdf: common.pdf, ink: common.ink, output: common.output, password: common.password,
                                     ignoreMismatch: common.ignoreMismatch, writeSidecar: common.writeSidecar, quiet: common.quiet,
                                     pages: common.pages, onlyAnnotated: common.onlyAnnotated, embedInk: embedInk, inkOnly: inkOnly,
                                     gate: common.gate)
        parsed.limits = common.limits
        parsed.inkAs = inkAs ?? .content
        parsed.grouping = grouping ?? .stroke
        parsed.inkFormat = common.inkFormat
        parsed.annotations = common.annotations
        parsed.page = common.page
        parsed.confinement = common.confinement
        parsed.recognize = try recognition.languages(command: "export")
        return parsed
    }

}
