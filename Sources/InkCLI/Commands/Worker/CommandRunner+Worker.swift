import InkWorkers
import InkBatch
import Foundation
import InkPipeline
import InkCommandLine

extension CommandRunner {
    /// Flattens one document: in a worker process when an executable is set
    /// (bounded time and memory, a crash costs only this document), else here.
    /// With a worker, its progress shows as a live line on a terminal unless `quiet`.
    func flattenDocument(_ pdf: String?, ink: String, output: String, options: FlattenOptions, limits: WorkerLimits,
                         gate: GateOptions, quiet: Bool, errors: inout some TextOutputStream) throws(ExportError) -> FlattenReport {
        guard let workerExecutable else { return try Flattener.flatten(pdf: pdf, ink: ink, output: output, options: options) }
        let worker = DocumentWorker(executable: workerExecutable, limits: limits, gateArguments: gate.arguments,
                                    environment: environment)
        let live = errorsIsTerminal && !quiet
        var line = DocumentProgressLine()
        defer { line.clear(on: &errors) }
        return try worker.flatten(pdf: pdf, ink: ink, output: output, options: options) { report in
            if live { line.show(report, on: &errors) }
        }
    }

    /// Flatten's side in a worker: checks the gate (the hidden verb is no way around it), flattens, reporting
    /// each page on the progress pipe, and prints its report as one JSON line, which `DocumentWorker.flatten`
    /// reads. With `--unless-up-to-date` (batch, another tool's document) it first reads the document to decide
    /// whether the output is up to date, and if so prints `FlattenReport.upToDateReply` and writes nothing.
    private func flattenAsWorker(_ arguments: FlattenArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if let refused = exportGate(arguments.gate, command: "flatten", errors: &errors) { return refused }
        if arguments.unlessUpToDate, let format = arguments.inkFormat {
            let document = BatchDocument(relativePath: arguments.output, pdf: arguments.pdf, ink: arguments.ink, size: 0, format: format)
            if BatchFlattener.isUpToDate(foreign: document, ink: arguments.ink, output: arguments.output,
                                         confinement: arguments.confinement) {
                print(String(decoding: FlattenReport.upToDateReply, as: UTF8.self), to: &output)
                return ExitCode.success.rawValue
            }
        }
        var options = arguments.options(environment: environment)
        options.handwritingTextNote = handwritingTextRefusal(arguments.gate)
        options.handwritingText = options.handwritingTextNote == nil
        options.progress = pageProgress
        // `--recognize` reaches the worker for another tool's document and a PDF's annotations, recognised as they
        // are read, and from `batch` for ink-layers ink too, recognised before it is drawn.
        if options.handwritingText { options.recognitionLanguages = arguments.recognize }
        do {
            let report = try Flattener.flatten(pdf: arguments.pdf, ink: arguments.ink, output: arguments.output, options: options)
            print(String(decoding: report.json, as: UTF8.self), to: &output)
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
    }

    /// Runs `arguments` as `inkpdf __worker ARGUMENTS` and passes on what it
    /// printed and its exit code; a worker stopped by the timeout or killed by a
    /// signal is reported here, with its files removed. Its progress shows as a
    /// live line on a terminal unless `quiet`.
    func runInWorker(_ arguments: [String], executable: String, limits: WorkerLimits, document: String, destination: String,
                     quiet: Bool, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        let live = errorsIsTerminal && !quiet
        var line = DocumentProgressLine()
        do {
            let result = try DocumentWorker(executable: executable, limits: limits, environment: environment)
                .spawn([DocumentWorker.verb] + arguments, environment: environment, document: document,
                       destinations: [destination]) { report in
                    if live { line.show(report, on: &errors) }
                }
            line.clear(on: &errors)
            output.write(String(decoding: result.output, as: UTF8.self))
            errors.write(String(decoding: result.errors, as: UTF8.self))
            return result.status
        } catch {
            line.clear(on: &errors)
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
    }

    /// The worker's side (`inkpdf __worker COMMAND …`, from `flattenDocument`, `runInWorker`, `batch` and
    /// `inkpdf serve`): limits itself, ends with its parent, reports each page on the progress pipe, then runs
    /// the command as usual, the entitlement gate included (flatten prints its report as JSON for its parent).
    /// Convert and entitlement check, which take no limit options, and recognize without them, take the
    /// service's from `INKPDF_LIMITS` (`TIMEOUT:MEMORY_MB:STALL`).
    func runAsWorker(_ command: Command, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        // `-` as an input or the output: the files the parent made for them (`StandardStreams`).
        let command = StandardStreams.paths(in: environment).map { command.replacingStandardStreams(input: $0.input, output: $0.output) } ?? command
        let limits: WorkerLimits, document: String
        switch command {
        case .flatten(let arguments):
            (limits, document) = (arguments.limits, arguments.pdf ?? arguments.ink)
        case .export(let arguments):
            (limits, document) = (arguments.limits, arguments.pdf ?? arguments.ink)
        case .render(let arguments):
            (limits, document) = (arguments.limits, arguments.pdf ?? arguments.ink)
        case .convert(let arguments):
            (limits, document) = (Self.limits(environment["INKPDF_LIMITS"]), arguments.ink)
        case .recognize(let arguments):
            (limits, document) = (arguments.limits ?? Self.limits(environment["INKPDF_LIMITS"]), arguments.convert.ink)
        case .search(let arguments):
            (limits, document) = (arguments.limits, arguments.paths.first ?? "the search")
        case .entitlement(.check):
            (limits, document) = (Self.limits(environment["INKPDF_LIMITS"]), "the entitlement check")
        default:
            print("inkpdf: \(DocumentWorker.verb) runs flatten, export, render, convert, recognize, search or entitlement check only", to: &errors)
            return ExitCode.usage.rawValue
        }
        WorkerProcess.applyLimits(limits)
        do {
            try WorkerProcess.stopWhenParentEnds(document: document)
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
        var worker = self
        worker.pageProgress = WorkerProgressChannel.workerProgress(environment: environment)
        worker.reportsAsJSON = environment["INKPDF_REPORT"] == "json"
        if case .flatten(let arguments) = command { return worker.flattenAsWorker(arguments, output: &output, errors: &errors) }
        if case .search(let arguments) = command { return worker.searchAsWorker(arguments, output: &output, errors: &errors) }
        return worker.run(command, output: &output, errors: &errors)
    }

    /// `TIMEOUT:MEMORY_MB:STALL` as limits; the defaults for what is missing or malformed.
    static func limits(_ text: String?) -> WorkerLimits {
        let fields = (text ?? "").split(separator: ":").map(String.init)
        var limits = WorkerLimits.default
        if fields.count == 3, let timeout = Double(fields[0]), let memory = Int(fields[1]), let stall = Double(fields[2]),
           timeout > 0, memory > 0, stall > 0 {
            limits = WorkerLimits(timeout: timeout, memoryMB: memory, stallTimeout: stall)
        }
        return limits
    }

    /// A report as one JSON line, keys sorted.
    func printJSONReport(_ object: [String: Any], to output: inout some TextOutputStream) {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        print(String(decoding: data, as: UTF8.self), to: &output)
    }
}
