import InkBatch
import InkModel
import InkPipeline

/// The options `flatten` and `export` share: the PDF, its ink and the output,
/// and how to read and write them.
struct DocumentOptions {
    /// The PDF: first with `--ink`, else `--pdf` (nil: the one the ink document names).
    var pdf: String?
    var ink = "", output = ""
    var inkFormat: InkFormat?
    var annotations = AnnotationVisibility.print
    var page: Int?
    var password: String?
    var pages: PageSelection?
    var ignoreMismatch = false, writeSidecar = true, quiet = false, onlyAnnotated = false
    var gate = GateOptions()
    var limits = WorkerLimits()
    /// `--confine`, `--allow FOLDER`: `ImportOptions.confinement`.
    var confinement: [String]?
}

extension ArgumentScanner {
    /// Parses a document command's arguments: the shared options here, the
    /// command's own through `own` (which returns false for an option it does
    /// not know), then the one PDF, `--ink` and `-o`.
    mutating func documentOptions(_ own: (String, inout ArgumentScanner) throws(UsageError) -> Bool) throws(UsageError) -> DocumentOptions {
        var parsed = DocumentOptions()
        var ink: String?, output: String?, pdfOption: String?
        var confinement = ConfinementArguments()
        while let option = try nextOption() {
            switch option {
            case "--ink", "-i": ink = try value(for: option)
            case "--pdf": pdfOption = try value(for: option)
            case "--ink-format": parsed.inkFormat = try inkFormat(try value(for: option))
            case "--annotations": parsed.annotations = try annotationVisibility(try value(for: option))
            case "--page": parsed.page = try pageNumber(try value(for: option))
            case "--output", "-o": output = try value(for: option)
            case "--password": parsed.password = try value(for: option)
            case "--pages":
                let text = try value(for: option)
                guard case .success(let selection) = PageSelection.parse(text) else {
                    throw UsageError(message: "\(command): --pages '\(text)' is not a page list like 2-5,9 or 7-")
                }
                parsed.pages = selection
            case "--only-annotated": parsed.onlyAnnotated = true
            case "--ignore-mismatch": parsed.ignoreMismatch = true
            case "--no-sidecar": parsed.writeSidecar = false
            case "--quiet", "-q": parsed.quiet = true
            case "--policy", "--trust", "--proof", "--state": parsed.gate.set(option, to: try value(for: option))
            case "--timeout", "--stall-timeout", "--memory-limit": try limit(option, into: &parsed.limits)
            default:
                if try confinementOption(option, into: &confinement) { continue }
                guard try own(option, &self) else { throw unknown(option) }
            }
        }
        let (pdf, document) = try inkInput(ink: ink, pdfOption: pdfOption)
        guard let output else { throw UsageError(message: "\(command): give the output with -o OUT.pdf") }
        parsed.confinement = try confinement.confinement(command: command)
        parsed.pdf = pdf
        parsed.ink = document
        parsed.output = output
        return parsed
    }

    /// The PDF and the ink: `IN.pdf --ink INK`, or an ink document alone (`notes.xopp`,
    /// `paper.rmdoc`, `page.rm`) with its PDF found from it or given with `--pdf`.
    mutating func inkInput(ink: String?, pdfOption: String?) throws(UsageError) -> (pdf: String?, ink: String) {
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
