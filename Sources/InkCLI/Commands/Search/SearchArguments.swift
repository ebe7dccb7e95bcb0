import InkCommandLine
import InkPipeline
import InkWorkers

/// `inkpdf search QUERY [FILE|FOLDER...] [--json | --pages] [--print-only] [--password P] [gate options]`.
public struct SearchArguments: Equatable, Sendable {
    /// How hits are printed.
    public enum Format: Equatable, Sendable {
        /// `FILE:PAGE: handwriting|print "words" at x y w h`.
        case lines
        /// A JSON array of `{"file","page","text","kind","box","score"}`.
        case json
        /// `FILE:PAGE`, once each.
        case pages
    }

    public var query: String
    /// The files and folders to search; none: the current folder, as `grep -r` and `rg` search it.
    public var paths: [String]
    public var format: Format = .lines
    /// `--print-only`: only printed text (no Pro needed).
    public var printOnly = false
    /// `--exact`, `--fuzzy N`: how far a word may differ.
    public var fuzziness = SearchQuery.Fuzziness.automatic
    public var password: String?
    /// `--policy`, `--trust`, `--proof`, `--state`: the gate that searching handwriting asks.
    public var gate = GateOptions()
    /// `--timeout`, `--stall-timeout`, `--memory-limit`: the bounds of each document's worker.
    public var limits = WorkerLimits.default
    /// Hidden, in the worker that searches one document: it is a PDF (`--as-pdf`), with these ink-layers files beside it.
    public var asPDF = false
    public var inkBeside: [String] = []

    public init(query: String, paths: [String], format: Format = .lines, printOnly: Bool = false, password: String? = nil,
                gate: GateOptions = GateOptions()) {
        self.query = query
        self.paths = paths
        self.format = format
        self.printOnly = printOnly
        self.password = password
        self.gate = gate
    }
}

extension SearchArguments: CommandArguments {
    static var declaration: CommandHelp { .search }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.search(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> SearchArguments {
        var scanner = ArgumentScanner(command: "search", arguments: arguments)
        var result = SearchArguments(query: "", paths: [])
        var formats: [String] = []
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.Search.json: result.format = .json; formats.append(option)
            case OptionHelp.Search.pages: result.format = .pages; formats.append(option)
            case OptionHelp.Search.printOnly: result.printOnly = true
            case OptionHelp.Search.exact: result.fuzziness = .exact
            case OptionHelp.Search.fuzzy:
                let text = try scanner.value(for: option)
                guard let edits = Int(text), (0...8).contains(edits) else {
                    throw UsageError(message: "search: --fuzzy '\(text)' is not a number of edits from 0 to 8")
                }
                result.fuzziness = .edits(edits)
            case OptionHelp.password: result.password = try scanner.value(for: option)
            case _ where Command.gateOptionNames.contains(option): result.gate.set(option, to: try scanner.value(for: option))
            case OptionHelp.timeout, OptionHelp.stallTimeout, OptionHelp.memoryLimit: try scanner.limit(option, into: &result.limits)
            case OptionHelp.Search.asPDF: result.asPDF = true
            case OptionHelp.Search.inkBeside: result.inkBeside.append(try scanner.value(for: option))
            default: throw scanner.unknown(option)
            }
        }
        guard Set(formats).count <= 1 else { throw UsageError(message: "search: --json and --pages print hits two ways; give one") }
        guard let query = scanner.positional.first else { throw UsageError(message: "search: what to look for? give the QUERY, then files or folders") }
        do {
            _ = try SearchQuery(query, fuzziness: result.fuzziness)
        } catch {
            throw UsageError(message: "search: \(error)")
        }
        result.query = query
        result.paths = Array(scanner.positional.dropFirst())
        return result
    }
}
