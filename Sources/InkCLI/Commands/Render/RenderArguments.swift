import InkWorkers
import InkCommandLine
import InkImport
import InkModel
import InkPipeline

/// `inkpdf render IN.pdf --ink LAYERS -o DIR [--pages R] [--dpi N | --scale S]`.
public struct RenderArguments: Equatable, Sendable {
    /// The PDF; nil: the one the ink document names (or none, for a notebook).
    public var pdf: String?
    public var ink: String
    /// `--ink-format`, `--page`: as for flatten.
    public var inkFormat: InkFormat?
    /// `--annotations`: which of a PDF's annotations are read as ink.
    public var annotations = AnnotationVisibility.print
    public var page: Int?
    public var outputDirectory: String
    /// Pixels per point (dpi / 72).
    public var scale: Double
    public var pages: PageSelection?
    public var password: String?
    public var ignoreMismatch: Bool
    public var quiet: Bool
    /// `--timeout SECONDS`, `--stall-timeout SECONDS`, `--memory-limit MB`: bounds on the worker process that renders.
    public var limits = WorkerLimits()
    /// `--confine`, `--allow FOLDER`: as for flatten.
    public var confinement: [String]?

    /// 144 dpi unless told otherwise: sharp on screen, small on disk.
    public static let defaultScale = 2.0

    public init(pdf: String?, ink: String, outputDirectory: String, scale: Double = RenderArguments.defaultScale,
                pages: PageSelection? = nil, password: String? = nil, ignoreMismatch: Bool = false, quiet: Bool = false) {
        self.pdf = pdf
        self.ink = ink
        self.outputDirectory = outputDirectory
        self.scale = scale
        self.pages = pages
        self.password = password
        self.ignoreMismatch = ignoreMismatch
        self.quiet = quiet
    }

    /// The render options these arguments ask for; the password falls back to `INKPDF_PASSWORD`.
    func options(environment: [String: String]) -> RenderOptions {
        var options = RenderOptions(scale: scale, pages: pages, password: password ?? environment["INKPDF_PASSWORD"],
                                    ignoreDocumentMismatch: ignoreMismatch)
        options.inkFormat = inkFormat
        options.annotations = annotations
        options.page = page
        options.confinement = confinement
        return options
    }
}

extension RenderArguments: CommandArguments {
    static var declaration: CommandHelp { .render }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.render(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> RenderArguments {
        var scanner = ArgumentScanner(command: "render", arguments: arguments)
        var ink: String?, output: String?, password: String?, pages: PageSelection?, pdfOption: String?
        var inkFormat: InkFormat?, page: Int?, annotations = AnnotationVisibility.print
        var scale: Double?, ignoreMismatch = false, quiet = false
        var limits = WorkerLimits()
        var confinement = ConfinementArguments()
        func number(_ option: String, _ text: String) throws(UsageError) -> Double {
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw UsageError(message: "render: \(option) '\(text)' is not a positive number")
            }
            return value
        }
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.ink: ink = try scanner.value(for: option)
            case OptionHelp.pdf: pdfOption = try scanner.value(for: option)
            case OptionHelp.inkFormat: inkFormat = try scanner.inkFormat(try scanner.value(for: option))
            case OptionHelp.annotations: annotations = try scanner.annotationVisibility(try scanner.value(for: option))
            case OptionHelp.page: page = try scanner.pageNumber(try scanner.value(for: option))
            case OptionHelp.output: output = try scanner.value(for: option)
            case OptionHelp.password: password = try scanner.value(for: option)
            case OptionHelp.ignoreMismatch: ignoreMismatch = true
            case OptionHelp.quiet: quiet = true
            case OptionHelp.pages:
                let text = try scanner.value(for: option)
                guard case .success(let selection) = PageSelection.parse(text) else {
                    throw UsageError(message: "render: --pages '\(text)' is not a page list like 2-5,9 or 7-")
                }
                pages = selection
            case OptionHelp.timeout, OptionHelp.stallTimeout, OptionHelp.memoryLimit: try scanner.limit(option, into: &limits)
            case OptionHelp.Render.dpi, OptionHelp.Render.scale:
                guard scale == nil else { throw UsageError(message: "render: give either --dpi or --scale, once") }
                let value = try number(option, try scanner.value(for: option))
                scale = OptionHelp.Render.dpi ~= option ? value / 72 : value
            default:
                guard try scanner.confinementOption(option, into: &confinement) else { throw scanner.unknown(option) }
            }
        }
        let (pdf, document) = try scanner.inkInput(ink: ink, pdfOption: pdfOption)
        guard let output else { throw UsageError(message: "render: give the folder for the images with -o DIR") }
        var parsed = RenderArguments(pdf: pdf, ink: document, outputDirectory: output, scale: scale ?? RenderArguments.defaultScale,
                                     pages: pages, password: password, ignoreMismatch: ignoreMismatch, quiet: quiet)
        parsed.limits = limits
        parsed.inkFormat = inkFormat
        parsed.annotations = annotations
        parsed.page = page
        parsed.confinement = try confinement.confinement(command: "render")
        return parsed
    }
}
