import InkBatch
import InkModel
import InkPipeline

/// `inkpdf flatten IN.pdf --ink LAYERS -o OUT.pdf [options]`.
public struct FlattenArguments: Equatable, Sendable {
    /// The PDF under the ink; nil: the one an ink document names (or none, for a notebook).
    public var pdf: String?
    public var ink: String
    /// `--ink-format`: the ink file's format when not told from its content.
    public var inkFormat: InkFormat?
    /// `--annotations`: which of a PDF's annotations are read as ink.
    public var annotations = AnnotationVisibility.print
    /// `--page N`: the PDF page a single reMarkable `.rm` page is drawn over.
    public var page: Int?
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
    /// `--timeout SECONDS`, `--stall-timeout SECONDS`, `--memory-limit MB`: bounds on the worker process that does the work.
    public var limits = WorkerLimits()
    /// `--confine`, `--allow FOLDER`: where the files an ink document refers to may be read from
    /// (nil: anywhere; `[]`: its own folder; else that and these folders).
    public var confinement: [String]?
    /// Hidden `--record-ink-sha256`: `batch` has its workers record the ink's hash in the sidecar.
    public var recordInkSHA256: String?
    /// Hidden `--single-thread`: `batch` has each worker use one core.
    public var singleThreaded = false
    /// Hidden `--unless-up-to-date`: `batch` has the worker decide whether another tool's document
    /// is up to date (it reads the document, which the batch's own process does not) and do nothing if so.
    public var unlessUpToDate = false
    /// `--recognize [--lang TAGS]`: the languages to recognise layers without `text` entries in; nil: none.
    public var recognize: String?

    public init(pdf: String?, ink: String, output: String, password: String? = nil, ignoreMismatch: Bool = false,
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
        var stripMetadata = false, recordInkSHA256: String?, singleThreaded = false, unlessUpToDate = false
        var recognition = RecognitionRequest()
        let common = try scanner.documentOptions { (option, scanner) throws(UsageError) -> Bool in
            if try recognition.take(option, from: &scanner) { return true }
            switch option {
            case "--strip-metadata": stripMetadata = true
            case "--record-ink-sha256": recordInkSHA256 = try scanner.value(for: option)
            case "--single-thread": singleThreaded = true
            case "--unless-up-to-date": unlessUpToDate = true
            default: return false
            }
            return true
        }
        var parsed = FlattenArguments(pdf: common.pdf, ink: common.ink, output: common.output, password: common.password,
                                      ignoreMismatch: common.ignoreMismatch, writeSidecar: common.writeSidecar, quiet: common.quiet,
                                      pages: common.pages, onlyAnnotated: common.onlyAnnotated, stripMetadata: stripMetadata)
            .with(gate: common.gate)
        parsed.limits = common.limits
        parsed.inkFormat = common.inkFormat
        parsed.annotations = common.annotations
        parsed.page = common.page
        parsed.recordInkSHA256 = recordInkSHA256
        parsed.singleThreaded = singleThreaded
        parsed.unlessUpToDate = unlessUpToDate
        parsed.confinement = common.confinement
        parsed.recognize = try recognition.languages(command: "flatten")
        return parsed
    }

}

extension FlattenArguments {
    /// The flatten options these arguments ask for; the password falls back to `INKPDF_PASSWORD`.
    func options(environment: [String: String]) -> FlattenOptions {
        var options = FlattenOptions(password: password ?? environment["INKPDF_PASSWORD"], ignoreDocumentMismatch: ignoreMismatch,
                                     writeSidecar: writeSidecar, pages: pages, onlyAnnotated: onlyAnnotated,
                                     stripMetadata: stripMetadata, recordedInkSHA256: recordInkSHA256)
        options.singleThreaded = singleThreaded
        options.inkFormat = inkFormat
        options.annotations = annotations
        options.page = page
        options.confinement = confinement
        return options
    }
}
