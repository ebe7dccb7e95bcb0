import InkBatch
import Foundation
import InkPipeline

/// Runs a command, writing to the streams it is given, and returns the exit code.
public struct CommandRunner {
    public static let version = InkPDFVersion.current

    public static let usage = """
        inkpdf \(version): puts handwriting onto PDFs

        usage:
          inkpdf flatten IN.pdf --ink LAYERS -o OUT.pdf [--pages 2-5,9] [--only-annotated] [--strip-metadata]
                         [--password P] [--ignore-mismatch] [--no-sidecar] [--quiet]
                         [--timeout SECONDS] [--stall-timeout SECONDS] [--memory-limit MB]
                         [--proof FILE]… [--trust FILE] [--policy FILE] [--state FILE]
        \(batchUsage)
        \(renderUsage)
        \(exportUsage)
        \(layersUsage)
        \(convertUsage)
        \(entitlementUsage)
          inkpdf --help | --version

        flatten  draws every page of IN.pdf with its ink layers on top into OUT.pdf,
                 and writes the full-fidelity drawing beside it as OUT.ink.jsonl.gz.
                 LAYERS is an ink-layers file (.ink.jsonl, plain or gzip), or another tool's
                 file: Xournal++ .xopp/.xoj, reMarkable .rm, .rmdoc or UUID.content (told by
                 content; --ink-format ink-layers|xournal|remarkable to force).
          inkpdf flatten DOC -o OUT.pdf [--pdf FILE] [--page N] [options as above]
                 DOC alone (a .xopp, .rmdoc, UUID.content or .rm) is drawn as its tool shows it:
                 its own pages, over the PDF it names (or FILE), paper where it has no PDF;
                 the sidecar is DOC itself (OUT.xopp, OUT.rmdoc, OUT.rm). export and render
                 take DOC alone the same way.
                 Links, outline, page labels, metadata and selectable text are kept;
                 forms and annotations are burned in as they print (flattening).
                 --pages 2-5,9      only these pages (links and bookmarks to others are dropped)
                 --only-annotated   only pages with ink
                 --strip-metadata   leave out the author and the dates
                 --password P       password of an encrypted PDF (or set INKPDF_PASSWORD)
                 --ignore-mismatch  draw even if the ink's header names a different PDF
                 --no-sidecar       do not write OUT.ink.jsonl.gz
                 --quiet            print nothing but errors
                 --timeout S        stop a document after S seconds (default 900): a damaged
                                    PDF can make poppler loop; the work runs in a worker process
                 --stall-timeout S  stop it sooner, after S seconds without opening the
                                    document or finishing a page (default 60)
                 --memory-limit MB  the worker's address-space limit (default 4096)
                 On a terminal, a live line shows pages done, pages per second and time left.
                 Exporting needs Pro unless the policy makes it free: see entitlement below.

        \(exportHelp)

        \(batchHelp)

        \(renderHelp)

        \(layersHelp)

        \(convertHelp)

        \(entitlementHelp)

        exit codes: 0 ok, 64 usage, 65 invalid ink, 66 input missing, 70 internal error,
          73 cannot create output, 74 I/O error, 80 not a PDF or damaged, 81 password
          required, 82 wrong password, 83 ink for a page the PDF lacks, 84 ink made for
          another PDF, 85 entitlement required (refused, nothing written), 86 proof invalid,
          87 bad trust/policy/state file, 88 stalled or timed out, 89 worker crashed or out of
          memory, 90 merge conflicts (with --fail-on-conflict),
          91 batch: some documents failed, 130/143 interrupted
        """

    public var environment: [String: String]
    /// The inkpdf executable that runs each document in a worker process with
    /// a timeout and a memory limit; nil runs documents in this process (tests).
    public var workerExecutable: String?
    /// Whether the error stream is a terminal: the live progress lines go there only then.
    public var errorsIsTerminal: Bool
    /// In a worker: where its page loop reports progress (the pipe to the parent); nil elsewhere.
    var pageProgress: PageProgress?

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
            return ExitCode.usage.rawValue
        }
        // Commands that read a PDF run in a worker process, bounded in time and memory.
        if let workerExecutable {
            switch command {
            case .export(let export):
                return runIsolated(arguments, executable: workerExecutable, limits: export.limits, document: export.pdf ?? export.ink,
                                   destination: export.output, quiet: export.quiet, output: &output, errors: &errors)
            case .render(let render):
                return runIsolated(arguments, executable: workerExecutable, limits: render.limits, document: render.pdf ?? render.ink,
                                   destination: (render.outputDirectory as NSString).appendingPathComponent("page.png"),
                                   quiet: render.quiet, output: &output, errors: &errors)
            default: break
            }
        }
        return run(command, output: &output, errors: &errors)
    }

    public func run(_ command: Command, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        switch command {
        case .help:
            print(Self.usage, to: &output)
            return ExitCode.success.rawValue
        case .version:
            print("inkpdf \(Self.version)", to: &output)
            return ExitCode.success.rawValue
        case .flatten(let arguments):
            return flatten(arguments, output: &output, errors: &errors)
        case .worker(let arguments): return runWorker(arguments, output: &output, errors: &errors)
        case .merge(let arguments): return merge(arguments, output: &output, errors: &errors)
        case .inspect(let arguments): return inspect(arguments, output: &output, errors: &errors)
        case .downgrade(let arguments): return downgrade(arguments, output: &output, errors: &errors)
        case .check(let arguments): return check(arguments, output: &output, errors: &errors)
        case .entitlement(let command): return runEntitlement(command, output: &output, errors: &errors)
        case .batch(let arguments): return batch(arguments, output: &output, errors: &errors)
        case .render(let arguments): return render(arguments, output: &output, errors: &errors)
        case .export(let arguments): return export(arguments, output: &output, errors: &errors)
        case .isolated(let command): return runAsIsolatedWorker(command, output: &output, errors: &errors)
        case .extract(let arguments): return extract(arguments, output: &output, errors: &errors)
        case .convert(let arguments): return convert(arguments, output: &output, errors: &errors)
        }
    }

    func flatten(_ arguments: FlattenArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if let refused = exportGate(arguments.gate, command: "flatten", errors: &errors) { return refused }
        var options = arguments.options(environment: environment)
        options.progress = pageProgress
        do {
            let report = try flattenDocument(arguments.pdf, ink: arguments.ink, output: arguments.output, options: options,
                                             limits: arguments.limits, gate: arguments.gate, quiet: arguments.quiet, errors: &errors)
            for warning in report.warnings { print("inkpdf: warning: \(warning)", to: &errors) }
            if !arguments.quiet {
                print("wrote \(report.output) (\(Self.summary(pages: report.pageCount, inked: report.inkedPageCount, strokes: report.strokeCount)))",
                      to: &output)
                if let sidecar = report.sidecar { print("wrote \(sidecar)", to: &output) }
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: \(error)", to: &errors)
            return error.exitCode.rawValue
        }
    }
}
