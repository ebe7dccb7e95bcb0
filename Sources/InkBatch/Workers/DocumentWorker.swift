import InkPipeline
import InkFileSystem
import Foundation

/// Runs the work on one document in a child process (the inkpdf executable
/// itself, hidden verb `__worker`) with a wall-clock timeout and a memory
/// limit, so that a PDF that makes poppler loop or crash costs that document
/// and nothing more: the child is stopped, whatever it left is removed, and
/// the caller gets an error it can report.
public struct DocumentWorker: Sendable {
    /// The inkpdf executable (`/proc/self/exe` from the command line).
    public var executable: String
    public var limits: WorkerLimits
    /// The entitlement options (`--policy`, `--trust`, `--proof`, `--state`) the worker
    /// checks again before it writes: it is an export like any other.
    public var gateArguments: [String]

    public init(executable: String, limits: WorkerLimits = .default, gateArguments: [String] = []) {
        self.executable = executable
        self.limits = limits
        self.gateArguments = gateArguments
    }

    /// The arguments that make the child flatten as `options` say (the password
    /// travels in the environment, not on a command line others can read).
    public static func arguments(pdf: String?, ink: String, output: String, options: FlattenOptions,
                                 limits: WorkerLimits) -> [String] {
        var arguments = [workerVerb, "flatten"] + (pdf.map { [$0, "--ink", ink] } ?? [ink]) + ["-o", output,
                         "--timeout", "\(limits.timeout)", "--memory-limit", "\(limits.memoryMB)", "--quiet"]
        if options.ignoreDocumentMismatch { arguments.append("--ignore-mismatch") }
        if !options.writeSidecar { arguments.append("--no-sidecar") }
        if let pages = options.pages { arguments += ["--pages", pages.text] }
        if options.onlyAnnotated { arguments.append("--only-annotated") }
        if options.stripMetadata { arguments.append("--strip-metadata") }
        if let inkHash = options.recordedInkSHA256 { arguments += ["--record-ink-sha256", inkHash] }
        if options.singleThreaded { arguments.append("--single-thread") }
        if let format = options.inkFormat { arguments += ["--ink-format", format.rawValue] }
        if let page = options.page { arguments += ["--page", String(page)] }
        return arguments
    }

    /// The hidden first argument that makes inkpdf a worker.
    public static let workerVerb = "__worker"
    /// The hidden first argument that runs any command as a worker, printing as it would.
    public static let isolatedVerb = "__isolated"

    public func flatten(pdf: String?, ink: String, output: String, options: FlattenOptions) throws(ExportError) -> FlattenReport {
        guard !TemporaryFiles.shared.isEnding else { throw .interrupted(signal: SIGINT) }
        var environment = ProcessInfo.processInfo.environment
        environment["INKPDF_PASSWORD"] = options.password
        let destinations = [output, Flattener.sidecarPath(forOutput: output)]
        let result = try run(Self.arguments(pdf: pdf, ink: ink, output: output, options: options, limits: limits) + gateArguments,
                             environment: environment, document: pdf ?? ink, destinations: destinations)
        guard let report = FlattenReport(json: result) else {
            throw .renderFailed(path: pdf ?? ink, page: nil, reason: "the worker's report could not be read")
        }
        return report
    }

    /// Runs the child and returns its standard output, or throws what it reported.
    private func run(_ arguments: [String], environment: [String: String], document: String,
                     destinations: [String]) throws(ExportError) -> Data {
        let result = try spawn(arguments, environment: environment, document: document, destinations: destinations)
        guard result.status == 0 else {
            let message = String(decoding: result.errors, as: UTF8.self)
                .split(separator: "\n").last(where: { $0.hasPrefix("inkpdf: ") && !$0.hasPrefix("inkpdf: warning: ") })
                .map { String($0.dropFirst("inkpdf: ".count)) } ?? "the worker stopped with exit code \(result.status)"
            throw .reportedByWorker(message: message, status: result.status)
        }
        return result.output
    }

    /// Runs `inkpdf ARGUMENTS` as a worker (the caller puts the hidden verb first) and
    /// returns its exit status and what it printed. Throws only when the worker had
    /// to be stopped (timeout) or died by a signal; the files it left beside
    /// `destinations` are removed then, and whenever it fails.
    public func spawn(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                      document: String, destinations: [String]) throws(ExportError) -> (status: Int32, output: Data, errors: Data) {
        guard let stdout = ScratchFile(), let stderr = ScratchFile() else {
            throw .renderFailed(path: document, page: nil, reason: "cannot create a scratch file for the worker")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = stdout.handle
        process.standardError = stderr.handle
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw .renderFailed(path: document, page: nil, reason: "cannot start the worker \(executable): \(error.localizedDescription)")
        }
        let pid = process.processIdentifier
        guard TemporaryFiles.shared.registerWorker(pid, destinations: destinations) else {
            // A signal arrived while this worker started: stop it here, the handler no longer will.
            kill(pid, SIGKILL)
            finished.wait()
            for destination in destinations { TemporaryFiles.removeLeftovers(besides: destination, ownedBy: pid) }
            throw .interrupted(signal: SIGINT)
        }
        defer { TemporaryFiles.shared.unregisterWorker(pid) }
        if finished.wait(timeout: .now() + limits.timeout) == .timedOut {
            kill(pid, SIGKILL)
            finished.wait()
            for destination in destinations { TemporaryFiles.removeLeftovers(besides: destination, ownedBy: pid) }
            throw .timedOut(path: document, seconds: limits.timeout)
        }
        if process.terminationReason == .uncaughtSignal {
            for destination in destinations { TemporaryFiles.removeLeftovers(besides: destination, ownedBy: pid) }
            throw .workerCrashed(path: document, signal: process.terminationStatus, memoryLimitMB: limits.memoryMB)
        }
        let status = process.terminationStatus
        if status != 0 {
            // A worker that failed cleanly removed its files; one that could not (no thread left
            // to handle it under the memory limit) may not have.
            for destination in destinations { TemporaryFiles.removeLeftovers(besides: destination, ownedBy: pid) }
        }
        return (status, stdout.contents(), stderr.contents())
    }
}
