import InkWorkers
import InkCommandLine
import InkImport
import InkModel
import InkPipeline

/// The arguments `flatten` and `export` share, declared once: the PDF, its ink and the output, how
/// to read and write them, the gate, the worker's limits and the confinement. `FlattenArguments` and
/// `ExportArguments` hold them and read and set their fields as their own.
public struct DocumentArguments: Equatable, Sendable {
    /// The PDF: first with `--ink`, else `--pdf` (nil: the one the ink document names, or none for a notebook).
    public var pdf: String?
    public var ink = "", output = ""
    /// `--ink-format`: the ink file's format when not told from its content.
    public var inkFormat: InkFormat?
    /// `--annotations`: which of a PDF's annotations are read as ink.
    public var annotations = AnnotationVisibility.print
    /// `--page N`: the PDF page a single reMarkable `.rm` page is drawn over.
    public var page: Int?
    public var password: String?
    public var pages: PageSelection?
    public var ignoreMismatch = false, writeSidecar = true, quiet = false, onlyAnnotated = false
    /// `--sidecar FILE`: with `-o -`, where the sidecar goes (without it, none is written).
    public var sidecar: String?
    /// `--policy`, `--trust`, `--proof`, `--state`: what the entitlement gate reads before anything is written.
    public var gate = GateOptions()
    /// `--timeout SECONDS`, `--stall-timeout SECONDS`, `--memory-limit MB`: bounds on the worker process that does the work.
    public var limits = WorkerLimits()
    /// `--confine`, `--allow FOLDER`: where the files an ink document refers to may be read from
    /// (nil: anywhere; `[]`: its own folder; else that and these folders; `ImportOptions.confinement`).
    public var confinement: [String]?
    /// `--recognize [--lang TAGS]`: the languages to recognise layers without `text` entries in; nil: none.
    public var recognize: String?
    /// `--min-confidence C`; nil: the default (`RecognisedText.textLayerMinimumConfidence`).
    public var minimumConfidence: Double?

    public init() {}

    /// The files and the common switches, as `FlattenArguments`' and `ExportArguments`' public initialisers take them.
    init(pdf: String?, ink: String, output: String, password: String?, ignoreMismatch: Bool, writeSidecar: Bool, quiet: Bool,
         pages: PageSelection?, onlyAnnotated: Bool, gate: GateOptions = GateOptions()) {
        self.pdf = pdf
        self.ink = ink
        self.output = output
        self.password = password
        self.ignoreMismatch = ignoreMismatch
        self.writeSidecar = writeSidecar
        self.quiet = quiet
        self.pages = pages
        self.onlyAnnotated = onlyAnnotated
        self.gate = gate
    }

    /// What these arguments ask of the drawing; the password falls back to `INKPDF_PASSWORD`.
    func drawing(environment: [String: String]) -> InkDrawingOptions {
        var drawing = InkDrawingOptions()
        drawing.password = password ?? environment["INKPDF_PASSWORD"]
        drawing.ignoreDocumentMismatch = ignoreMismatch
        drawing.writeSidecar = writeSidecar
        drawing.pages = pages
        drawing.onlyAnnotated = onlyAnnotated
        drawing.inkFormat = inkFormat
        drawing.annotations = annotations
        drawing.page = page
        drawing.confinement = confinement
        if let minimumConfidence { drawing.handwritingMinimumConfidence = minimumConfidence }
        return drawing
    }
}

extension ArgumentScanner {
    /// Parses a document command's arguments: the shared options here, the
    /// command's own through `own` (which returns false for an option it does
    /// not know), then the one PDF, `--ink` and `-o`.
    mutating func documentOptions(_ own: (String, inout ArgumentScanner) throws(UsageError) -> Bool) throws(UsageError) -> DocumentArguments {
        var parsed = DocumentArguments()
        var recognition = RecognitionRequest()
        var ink: String?, output: String?, pdfOption: String?
        var confinement = ConfinementArguments()
        while let option = try nextOption() {
            switch option {
            case OptionHelp.ink: ink = try value(for: option)
            case OptionHelp.pdf: pdfOption = try value(for: option)
            case OptionHelp.inkFormat: parsed.inkFormat = try inkFormat(try value(for: option))
            case OptionHelp.annotations: parsed.annotations = try annotationVisibility(try value(for: option))
            case OptionHelp.page: parsed.page = try pageNumber(try value(for: option))
            case OptionHelp.output: output = try value(for: option)
            case OptionHelp.password: parsed.password = try value(for: option)
            case OptionHelp.pages:
                let text = try value(for: option)
                guard case .success(let selection) = PageSelection.parse(text) else {
                    throw UsageError(message: "\(command): --pages '\(text)' is not a page list like 2-5,9 or 7-")
                }
                parsed.pages = selection
            case OptionHelp.onlyAnnotated: parsed.onlyAnnotated = true
            case OptionHelp.ignoreMismatch: parsed.ignoreMismatch = true
            case OptionHelp.noSidecar: parsed.writeSidecar = false
            case OptionHelp.sidecar: parsed.sidecar = try value(for: option)
            case OptionHelp.quiet: parsed.quiet = true
            case OptionHelp.policy, OptionHelp.trust, OptionHelp.proof, OptionHelp.state: parsed.gate.set(option, to: try value(for: option))
            case OptionHelp.timeout, OptionHelp.stallTimeout, OptionHelp.memoryLimit: try limit(option, into: &parsed.limits)
            default:
                if try confinementOption(option, into: &confinement) { continue }
                if try recognition.take(option, from: &self) { continue }
                guard try own(option, &self) else { throw unknown(option) }
            }
        }
        let (pdf, document) = try inkInput(ink: ink, pdfOption: pdfOption)
        guard let output else { throw UsageError(message: "\(command): give the output with -o OUT.pdf") }
        if parsed.sidecar != nil && output != "-" {
            throw UsageError(message: "\(command): --sidecar FILE goes with -o - (the PDF on standard output); with -o \(output) the sidecar is written beside it")
        }
        if parsed.sidecar != nil && !parsed.writeSidecar { throw UsageError(message: "\(command): --sidecar and --no-sidecar do not go together") }
        if pdf == "-" && document == "-" { throw UsageError(message: "\(command): only one input can be standard input (-)") }
        parsed.confinement = try confinement.confinement(command: command)
        parsed.recognize = try recognition.languages(command: command)
        parsed.minimumConfidence = recognition.minimumConfidence
        parsed.pdf = pdf
        parsed.ink = document
        parsed.output = output
        return parsed
    }

    /// The PDF and the ink: `IN.pdf --ink INK`, or an ink document alone (`notes.xopp`,
    /// `paper.rmdoc`, `page.rm`) with its PDF found from it or given with `--pdf`.
    mutating func inkInput(ink: String?, pdfOption: String?) throws(UsageError) -> (pdf: String?, ink: String) {
        // `flatten in.pdf notes.ink.jsonl`: the second file is the ink, which --ink names.
        if ink == nil, positional.count == 2 {
            throw UsageError(message: "\(command): one document at a time (got 2); did you mean '\(command) \(positional[0]) --ink \(positional[1])'?")
        }
        let positional = try onePositional(missing: ink == nil ? "which document? give IN.pdf --ink INK, or an ink document such as notes.xopp"
                                               : "which PDF? give IN.pdf", kind: ink == nil ? "document" : "PDF")
        guard let ink else { return (pdfOption, positional) }
        guard pdfOption == nil else {
            throw UsageError(message: "\(command): the PDF is given twice; give it first (IN.pdf --ink INK) or with --pdf, not both")
        }
        return (positional, ink)
    }

    /// `--ink-format NAME`: `ink-layers`, `xournal` (also `xopp`, `xoj`), `remarkable` (also `rm`, `rmdoc`),
    /// `inkml`, `rnote` or `pdf` (also `annotations`: a PDF's annotations).
    func inkFormat(_ text: String) throws(UsageError) -> InkFormat {
        switch text.lowercased() {
        case "ink-layers", "inklayers", "jsonl": return .inkLayers
        case "xournal", "xournalpp", "xopp", "xoj": return .xournal
        case "remarkable", "rm", "rmdoc": return .remarkable
        case "inkml", "ink-ml": return .inkML
        case "rnote": return .rnote
        case "pdf", "annotations", "pdf-annotations": return .pdfAnnotations
        default:
            throw UsageError(message: "\(command): --ink-format '\(text)' is not a format inkpdf reads; give ink-layers, xournal, remarkable, inkml, rnote or pdf")
        }
    }

    /// `--annotations WHICH`: `print`, `screen` or `all`.
    func annotationVisibility(_ text: String) throws(UsageError) -> AnnotationVisibility {
        guard let visibility = AnnotationVisibility(rawValue: text.lowercased()) else {
            throw UsageError(message: "\(command): --annotations '\(text)' is not print, screen or all")
        }
        return visibility
    }

    /// `--page N`: a page number from 1.
    func pageNumber(_ text: String) throws(UsageError) -> Int {
        guard let page = Int(text), page >= 1 else { throw UsageError(message: "\(command): --page '\(text)' is not a page number (1, 2, …)") }
        return page
    }
}
