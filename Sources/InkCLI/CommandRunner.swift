import InkCommandLine
import Foundation
import InkPipeline

/// Runs a command, writing to the streams it is given, and returns the exit code.
public struct CommandRunner {
    public static let version = InkPDFVersion.current

    /// What `inkpdf --help` prints (each command's help: `HelpText.text(for:)`).
    public static var usage: String { HelpText.overview }

    public var environment: [String: String]
    /// The inkpdf executable that runs each document in a worker process with
    /// a timeout and a memory limit; nil runs documents in this process (tests).
    public var workerExecutable: String?
    /// Whether the error stream is a terminal: the live progress lines go there only then.
    public var errorsIsTerminal: Bool
    /// In a worker: where its page loop reports progress (the pipe to the parent); nil elsewhere.
    var pageProgress: PageProgress?
    /// In a worker the service started (`INKPDF_REPORT=json`): export, render and convert print
    /// their report as one JSON line, as flatten's worker does, instead of the lines for people.
    var reportsAsJSON = false

    public init(environment: [String: String], workerExecutable: String? = nil,
                errorsIsTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.environment = environment
        self.workerExecutable = workerExecutable
        self.errorsIsTerminal = errorsIsTerminal
    }

    /// Parses and runs `arguments` (without the program name).
    public func run(_ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        let command: Command
        do {
            command = try Command.parse(arguments)
        } catch {
            print("inkpdf: \(error)", to: &errors)
            // search answers as grep does: 2 for a bad command line.
            return (arguments.first == CommandHelp.search.name ? ExitCode.searchIncomplete : ExitCode.usage).rawValue
        }
        // Commands that read a PDF run in a worker process, bounded in time and memory.
        if let workerExecutable {
            switch command {
            case .export(let export):
                return runInWorker(arguments, executable: workerExecutable, limits: export.limits, document: export.pdf ?? export.ink,
                                   destination: export.output, quiet: export.quiet, output: &output, errors: &errors)
            case .render(let render):
                return runInWorker(arguments, executable: workerExecutable, limits: render.limits, document: render.pdf ?? render.ink,
                                   destination: (render.outputDirectory as NSString).appendingPathComponent("page.png"),
                                   quiet: render.quiet, output: &output, errors: &errors)
            default: break
            }
        }
        return run(command, output: &output, errors: &errors)
    }

    public func run(_ command: Command, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        switch command {
        case .help(let topic):
            print(HelpText.text(for: topic), to: &output)
            return ExitCode.success.rawValue
        case .manPage:
            output.write(ManPage.roff)
            return ExitCode.success.rawValue
        case .commandsReference:
            output.write(CommandsReference.markdown)
            return ExitCode.success.rawValue
        case .version:
            print("inkpdf \(Self.version)", to: &output)
            return ExitCode.success.rawValue
        case .flatten(let arguments):
            return flatten(arguments, output: &output, errors: &errors)
        case .merge(let arguments): return merge(arguments, output: &output, errors: &errors)
        case .inspect(let arguments): return inspect(arguments, output: &output, errors: &errors)
        case .downgrade(let arguments): return downgrade(arguments, output: &output, errors: &errors)
        case .check(let arguments): return check(arguments, output: &output, errors: &errors)
        case .entitlement(let command): return runEntitlement(command, output: &output, errors: &errors)
        case .batch(let arguments): return batch(arguments, output: &output, errors: &errors)
        case .render(let arguments): return render(arguments, output: &output, errors: &errors)
        case .export(let arguments): return export(arguments, output: &output, errors: &errors)
        case .worker(let command): return runAsWorker(command, output: &output, errors: &errors)
        case .extract(let arguments): return extract(arguments, output: &output, errors: &errors)
        case .convert(let arguments): return convert(arguments, output: &output, errors: &errors)
        case .serve(let arguments): return serve(arguments, errors: &errors)
        case .search(let arguments): return search(arguments, output: &output, errors: &errors)
        case .recognize(let arguments): return recognize(arguments, output: &output, errors: &errors)
        }
    }

    func flatten(_ arguments: FlattenArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if let refused = exportGate(arguments.gate, command: "flatten", errors: &errors) { return refused }
        var options = arguments.options(environment: environment)
        options.handwritingTextNote = handwritingTextRefusal(arguments.gate)
        options.handwritingText = options.handwritingTextNote == nil
        options.progress = pageProgress
        options.recognitionLanguages = recognitionLanguages(arguments.recognize, ink: arguments.ink, gate: arguments.gate, command: "flatten", errors: &errors)
        do {
            let report = try flattenDocument(arguments.pdf, ink: arguments.ink, output: arguments.output, options: options,
                                             limits: arguments.limits, gate: arguments.gate, quiet: arguments.quiet, errors: &errors)
            for warning in report.warnings { print("inkpdf: warning: \(warning)", to: &errors) }
            if !arguments.quiet {
                print("wrote \(report.output) (\(Self.summary(pages: report.pageCount, inked: report.inkedPageCount, strokes: report.strokeCount)))",
                      to: &output)
                if let sidecar = report.sidecar { print("wrote \(sidecar)", to: &output) }
                if let words = report.recognisedText { print("wrote \(words)", to: &output) }
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: \(error)", to: &errors)
            return error.exitCode.rawValue
        }
    }
}
