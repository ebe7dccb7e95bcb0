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
    /// Where a document asked for on standard output (`-o -`) is written: standard output, unless a test says otherwise.
    public var documentOutput: Int32 = STDOUT_FILENO
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
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            // search answers as grep does: 2 for a bad command line.
            return (arguments.first == CommandHelp.search.name ? ExitCode.searchIncomplete : ExitCode.usage).rawValue
        }
        if let request = command.standardStreams {
            return runWithStandardStreams(command, arguments: arguments, request: request, output: &output, errors: &errors)
        }
        return dispatch(command, arguments: arguments, output: &output, errors: &errors)
    }

    /// Runs a parsed command: those that read a PDF, and recognition, in a worker process, bounded in time and
    /// memory (`arguments` are its command line), the others here.
    func dispatch(_ command: Command, arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if let workerExecutable {
            switch command {
            case .export(let export):
                return runInWorker(arguments, executable: workerExecutable, limits: export.limits, document: export.pdf ?? export.ink,
                                   destination: export.output, quiet: export.quiet, output: &output, errors: &errors)
            case .render(let render):
                return runInWorker(arguments, executable: workerExecutable, limits: render.limits, document: render.pdf ?? render.ink,
                                   destination: (render.outputDirectory as NSString).appendingPathComponent("page.png"),
                                   quiet: render.quiet, output: &output, errors: &errors)
            case .recognize(let recognize):
                return runInWorker(arguments, executable: workerExecutable, limits: recognize.limits ?? .default,
                                   document: recognize.convert.ink, destination: recognize.convert.output, quiet: recognize.convert.quiet,
                                   output: &output, errors: &errors)
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
        case .flatten(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .merge(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .inspect(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .downgrade(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .check(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .entitlement(let command): return runEntitlement(command, output: &output, errors: &errors)
        case .batch(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .render(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .export(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .worker(let command): return runAsWorker(command, output: &output, errors: &errors)
        case .extract(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .convert(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .serve(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .search(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .recognize(let arguments): return arguments.run(self, output: &output, errors: &errors)
        case .completion(let arguments): return arguments.run(self, output: &output, errors: &errors)
        }
    }
}
