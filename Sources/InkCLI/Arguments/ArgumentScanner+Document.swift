import InkBatch
import InkPipeline

/// The options `flatten` and `export` share: the PDF, its ink and the output,
/// and how to read and write them.
struct DocumentOptions {
    var pdf = "", ink = "", output = ""
    var password: String?
    var pages: PageSelection?
    var ignoreMismatch = false, writeSidecar = true, quiet = false, onlyAnnotated = false
    var gate = GateOptions()
    var limits = WorkerLimits()
}

extension ArgumentScanner {
    /// Parses a document command's arguments: the shared options here, the
    /// command's own through `own` (which returns false for an option it does
    /// not know), then the one PDF, `--ink` and `-o`.
    mutating func documentOptions(_ own: (String, inout ArgumentScanner) throws(UsageError) -> Bool) throws(UsageError) -> DocumentOptions {
        var parsed = DocumentOptions()
        var ink: String?, output: String?
        while let option = nextOption() {
            switch option {
            case "--ink", "-i": ink = try value(for: option)
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
                guard try own(option, &self) else { throw unknown(option) }
            }
        }
        parsed.pdf = try onePositional(missing: "which PDF? give IN.pdf", kind: "PDF")
        guard let ink else { throw UsageError(message: "\(command): give the ink layers with --ink FILE") }
        guard let output else { throw UsageError(message: "\(command): give the output with -o OUT.pdf") }
        parsed.ink = ink
        parsed.output = output
        return parsed
    }
}
