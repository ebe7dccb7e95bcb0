import InkWorkers
import InkCommandLine
import InkBatch
import InkPipeline

/// `inkpdf batch SOURCE -o OUTPUT [--jobs N] [--shard K/N] [--json REPORT] [options]`.
public struct BatchArguments: Equatable, Sendable {
    /// How progress is shown.
    public enum ProgressStyle: String, Equatable, Sendable {
        /// `live` when standard error is a terminal, `lines` otherwise.
        case auto
        /// One line on standard error, rewritten as documents finish.
        case live
        /// One plain line on standard output per finished document.
        case lines
    }

    public var source: String
    public var output: String
    /// Documents at once; nil: the number of cores.
    public var jobs: Int?
    public var shard: BatchShard?
    /// Where to write the JSON report.
    public var json: String?
    public var progress: ProgressStyle = .auto
    /// Print only errors (failures and the closing list of them).
    public var quiet = false
    public var copyUninked = false
    /// `--annotations`: a PDF with no ink file beside it is flattened with its own annotations as ink.
    public var annotationsAsInk = false
    public var force = false
    public var password: String?
    public var stripMetadata = false
    /// `--timeout SECONDS`, `--stall-timeout SECONDS`, `--memory-limit MB` for each document's worker process.
    public var limits = WorkerLimits()
    /// `--policy`, `--trust`, `--proof`, `--state`: the entitlement gate, consulted once before any work.
    public var gate = GateOptions()
    /// Where the files a document refers to may be read from: confined by default to the
    /// document's own folder (`[]`), plus `--allow FOLDER`s; nil with `--no-confine`.
    public var confinement: [String]? = []
    /// `--recognize [--lang TAGS]`: the languages every document is recognised in (nil: not recognised).
    public var recognize: String?
    /// `--min-confidence C` (nil: the default).
    public var minimumConfidence: Double?

    public init(source: String, output: String, jobs: Int? = nil, shard: BatchShard? = nil, json: String? = nil,
                progress: ProgressStyle = .auto, quiet: Bool = false, copyUninked: Bool = false, force: Bool = false,
                password: String? = nil, stripMetadata: Bool = false, gate: GateOptions = GateOptions()) {
        self.source = source
        self.output = output
        self.jobs = jobs
        self.shard = shard
        self.json = json
        self.progress = progress
        self.quiet = quiet
        self.copyUninked = copyUninked
        self.force = force
        self.password = password
        self.stripMetadata = stripMetadata
        self.gate = gate
    }
}

extension BatchArguments: CommandArguments {
    static var declaration: CommandHelp { .batch }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.batch(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> BatchArguments {
        var scanner = ArgumentScanner(command: "batch", arguments: arguments)
        var result = BatchArguments(source: "", output: "")
        var output: String?, confinement = ConfinementArguments(), recognition = RecognitionRequest()
        while let option = try scanner.nextOption() {
            if try recognition.take(option, from: &scanner) { continue }
            switch option {
            case OptionHelp.Batch.output: output = try scanner.value(for: option)
            case OptionHelp.Batch.jobs:
                let text = try scanner.value(for: option)
                guard let jobs = Int(text), jobs >= 1 else { throw UsageError(message: "batch: --jobs '\(text)' is not a number of documents at once (1 or more)") }
                result.jobs = jobs
            case OptionHelp.Batch.shard:
                let text = try scanner.value(for: option)
                guard let shard = BatchShard(parsing: text) else {
                    throw UsageError(message: "batch: --shard '\(text)' is not K/N with 1 ≤ K ≤ N, like 2/8")
                }
                result.shard = shard
            case OptionHelp.Batch.json: result.json = try scanner.value(for: option)
            case OptionHelp.Batch.progress:
                let text = try scanner.value(for: option)
                guard let style = BatchArguments.ProgressStyle(rawValue: text) else {
                    throw UsageError(message: "batch: --progress '\(text)' is not auto, live or lines")
                }
                result.progress = style
            case OptionHelp.quiet: result.quiet = true
            case OptionHelp.Batch.copyUninked: result.copyUninked = true
            case OptionHelp.Batch.annotations: result.annotationsAsInk = true
            case OptionHelp.Batch.force: result.force = true
            case OptionHelp.password: result.password = try scanner.value(for: option)
            case OptionHelp.stripMetadata: result.stripMetadata = true
            case OptionHelp.timeout, OptionHelp.stallTimeout, OptionHelp.memoryLimit: try scanner.limit(option, into: &result.limits)
            case _ where Command.gateOptionNames.contains(option): result.gate.set(option, to: try scanner.value(for: option))
            default:
                guard try scanner.confinementOption(option, into: &confinement, allowsNoConfine: true) else { throw scanner.unknown(option) }
            }
        }
        guard scanner.positional.count == 1 else {
            throw UsageError(message: scanner.positional.isEmpty ? "batch: which folder? give the folder of PDFs and their ink"
                                                                 : "batch: one source folder at a time (got \(scanner.positional.count))")
        }
        guard let output else { throw UsageError(message: "batch: give the output folder with -o FOLDER") }
        result.source = scanner.positional[0]
        result.output = output
        result.confinement = try confinement.confinement(command: "batch", confinedByDefault: true)
        result.recognize = try recognition.languages(command: "batch")
        result.minimumConfidence = recognition.minimumConfidence
        return result
    }
}

extension BatchArguments {
    /// The batch options these arguments ask for; the password falls back to `INKPDF_PASSWORD`.
    func options(environment: [String: String], workerExecutable: String?) -> BatchOptions {
        var flatten = FlattenOptions(password: password ?? environment["INKPDF_PASSWORD"], stripMetadata: stripMetadata)
        flatten.confinement = confinement
        if let minimumConfidence { flatten.handwritingMinimumConfidence = minimumConfidence }
        return BatchOptions(jobs: jobs ?? BatchOptions.defaultJobs, shard: shard, copyUninked: copyUninked, force: force, flatten: flatten,
                            worker: workerExecutable.map { DocumentWorker(executable: $0, limits: limits, gateArguments: gate.arguments, environment: environment) })
    }
}
