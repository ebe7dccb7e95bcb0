import InkCommandLine
import InkModel
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
    /// The environment the worker is started with: the one the command was given.
    public var environment: [String: String]

    public init(executable: String, limits: WorkerLimits = .default, gateArguments: [String] = [],
                environment: [String: String]) {
        self.executable = executable
        self.limits = limits
        self.gateArguments = gateArguments
        self.environment = environment
    }

    /// The arguments that make the child flatten as `options` say (the password
    /// travels in the environment, not on a command line others can read);
    /// `unlessUpToDate` has it first decide whether another tool's document is up to date.
    public static func arguments(pdf: String?, ink: String, output: String, options: FlattenOptions,
                                 limits: WorkerLimits, unlessUpToDate: Bool = false) -> [String] {
        var arguments = [verb, CommandHelp.flatten.name] + (pdf.map { [$0] + OptionHelp.ink.spelled(ink) } ?? [ink])
            + OptionHelp.output.spelled(output) + limits.arguments + OptionHelp.quiet.spelled()
        if options.ignoreDocumentMismatch { arguments += OptionHelp.ignoreMismatch.spelled() }
        if !options.writeSidecar { arguments += OptionHelp.noSidecar.spelled() }
        if let pages = options.pages { arguments += OptionHelp.pages.spelled(pages.text) }
        if options.onlyAnnotated { arguments += OptionHelp.onlyAnnotated.spelled() }
        if options.stripMetadata { arguments += OptionHelp.stripMetadata.spelled() }
        if let inkHash = options.recordedInkSHA256 { arguments += OptionHelp.Flatten.recordInkSHA256.spelled(inkHash) }
        if options.singleThreaded { arguments += OptionHelp.Flatten.singleThread.spelled() }
        if let format = options.inkFormat { arguments += OptionHelp.inkFormat.spelled(format.rawValue) }
        if options.annotations != .print { arguments += OptionHelp.annotations.spelled(options.annotations.rawValue) }
        if let page = options.page { arguments += OptionHelp.page.spelled(String(page)) }
        if let languages = options.recognitionLanguages { arguments += OptionHelp.recognize.spelled() + OptionHelp.lang.spelled(languages) }
        if options.handwritingMinimumConfidence != RecognisedText.textLayerMinimumConfidence {
            arguments += OptionHelp.minConfidence.spelled(String(options.handwritingMinimumConfidence))
        }
        arguments += confinementArguments(options.confinement)
        if unlessUpToDate { arguments += OptionHelp.Flatten.unlessUpToDate.spelled() }
        return arguments
    }

    /// The options that ask for `confinement` (`ImportOptions.confinement`): `--allow FOLDER`
    /// for each folder, or `--confine` alone for the document's own folder only.
    public static func confinementArguments(_ confinement: [String]?) -> [String] {
        guard let confinement else { return [] }
        return confinement.isEmpty ? OptionHelp.confine.spelled() : confinement.flatMap { OptionHelp.allow.spelled($0) }
    }

    /// The hidden first argument that runs a command as a worker (`__worker flatten …`, `__worker export …`):
    /// limited, ended with its parent, its progress on the pipe, printing as the command would (flatten: its
    /// report as JSON).
    public static let verb = "__worker"

    public func flatten(pdf: String?, ink: String, output: String, options: FlattenOptions,
                        progress: (PageProgress.Report) -> Void = { _ in }) throws(ExportError) -> FlattenReport {
        // Without `unlessUpToDate` the worker always flattens, so there is a report.
        try flatten(pdf: pdf, ink: ink, output: output, options: options, unlessUpToDate: false, progress: progress)!
    }

    /// Flattens as `flatten` does, but with `unlessUpToDate` the worker first decides whether the output
    /// of another tool's document is up to date (reading the document under the worker's limits, not
    /// here) and, if so, writes nothing and returns nil.
    public func flatten(pdf: String?, ink: String, output: String, options: FlattenOptions, unlessUpToDate: Bool,
                        progress: (PageProgress.Report) -> Void = { _ in }) throws(ExportError) -> FlattenReport? {
        if let signal = TemporaryFiles.shared.interruptingSignal { throw .running(.interrupted(signal: signal)) }
        var environment = environment
        environment["INKPDF_PASSWORD"] = options.password
        let destinations = [output, Flattener.sidecarPath(forOutput: output)]
        let arguments = Self.arguments(pdf: pdf, ink: ink, output: output, options: options, limits: limits,
                                       unlessUpToDate: unlessUpToDate)
        let result = try spawn(arguments + gateArguments,
                               environment: environment, document: pdf ?? ink, destinations: destinations, progress: progress)
        if result.status == 0 && unlessUpToDate && FlattenReport.isUpToDateReply(result.output) { return nil }
        guard result.status == 0 else {
            let message = String(decoding: result.errors, as: UTF8.self)
                .split(separator: "\n").last(where: { $0.hasPrefix("inkpdf: ") && !$0.hasPrefix("inkpdf: warning: ") })
                .map { String($0.dropFirst("inkpdf: ".count)) } ?? "the worker stopped with exit code \(result.status)"
            throw .running(.reportedByWorker(message: message, status: result.status))
        }
        guard let report = FlattenReport(json: result.output) else {
            throw .drawing(.renderFailed(path: pdf ?? ink, page: nil, reason: "the worker's report could not be read"))
        }
        return report
    }

    /// Runs `inkpdf ARGUMENTS` as a worker (the caller puts the hidden verb first) and
    /// returns its exit status and what it printed, passing each progress report it
    /// makes to `progress` on the calling thread. Throws only when the worker had to
    /// be stopped (`limits.timeout`, or `limits.stallTimeout` without a report) or died
    /// by a signal; the files it left beside `destinations` are removed then, and
    /// whenever it fails.
    ///
    /// `descriptors` (open files, each above 9) are given to the worker as its descriptors 4, 5, … in order
    /// (`givenFilePath`): files the parent opened and checked, read by the worker through them.
    public func spawn(_ arguments: [String], environment: [String: String], document: String, destinations: [String],
                      descriptors: [Int32] = [],
                      progress: (PageProgress.Report) -> Void = { _ in }) throws(ExportError) -> (status: Int32, output: Data, errors: Data) {
        guard let stdout = ScratchFile(), let stderr = ScratchFile() else {
            throw .drawing(.renderFailed(path: document, page: nil, reason: "cannot create a scratch file for the worker"))
        }
        // Close-on-exec from the start (a sibling worker started meanwhile on another thread
        // must not inherit it) and above the descriptors the child's are moved to, so that
        // only this child holds the write end (as its descriptor 3) and the read end sees
        // the end of the file when it ends. A socket pair, because pipe2 is not visible to
        // Swift's Glibc module.
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .drawing(.renderFailed(path: document, page: nil, reason: "cannot create a pipe for the worker (\(Errno.current))"))
        }
        let reading = FileDescriptor(adopting: Self.aboveStandardDescriptors(ends[0]))
        var writing: FileDescriptor? = FileDescriptor(adopting: Self.aboveStandardDescriptors(ends[1]))
        var childEnvironment = environment
        childEnvironment[WorkerProgressChannel.environmentKey] = String(WorkerChild.progressDescriptor)
        let child: WorkerChild
        do {
            child = try writing!.withUnsafeHandle { (progressEnd) throws(Errno) in
                try WorkerChild.launch(executable: executable, arguments: arguments, environment: childEnvironment,
                                       standardOutput: stdout.handle.fileDescriptor, standardError: stderr.handle.fileDescriptor,
                                       progress: progressEnd, descriptors: descriptors)
            }
        } catch {
            throw .drawing(.renderFailed(path: document, page: nil, reason: "cannot start the worker \(executable): \(error)"))
        }
        writing = nil
        // From here this process only waits: what setting up freed goes back to the system.
        FreedMemory.release()
        let pid = child.pid
        func removeLeftovers() {
            for destination in destinations { TemporaryFiles.removeLeftovers(besides: destination, ownedBy: pid) }
        }
        guard TemporaryFiles.shared.registerWorker(pid, destinations: destinations) else {
            // A signal arrived while this worker started: stop it here, the handler no longer will.
            child.kill()
            _ = child.wait()
            removeLeftovers()
            throw .running(.interrupted(signal: TemporaryFiles.shared.interruptingSignal ?? SIGINT))
        }
        defer { TemporaryFiles.shared.unregisterWorker(pid) }
        var crash: WorkerProgressChannel.CrashReport?
        if let stop = watch(reading, document: document, progress: progress, crash: &crash) {
            child.kill()
            _ = child.wait()
            removeLeftovers()
            throw stop
        }
        let termination = child.wait()
        if let signal = TemporaryFiles.shared.interruptingSignal {
            removeLeftovers()
            throw .running(.interrupted(signal: signal))
        }
        switch termination {
        case .signalled(let signal):
            removeLeftovers()
            throw .running(.workerCrashed(path: document, signal: signal, memoryLimitMB: limits.memoryMB,
                                 addressSpaceMB: crash.flatMap { $0.signal == signal ? $0.addressSpaceMB : nil }))
        case .exited(let status):
            // A worker that failed cleanly removed its files; one that could not (no thread left
            // to handle it under the memory limit) may not have.
            if status != 0 { removeLeftovers() }
            return (status, stdout.contents(), stderr.contents())
        }
    }

    /// How a worker names the `index`th of the files given to it by `spawn`'s `descriptors`: `/proc/self/fd/4`, ….
    public static func givenFilePath(_ index: Int) -> String {
        "/proc/self/fd/\(Int(WorkerChild.firstGivenDescriptor) + index)"
    }

    /// Reads the worker's progress reports until its end of the pipe closes (it ended),
    /// passing each on; returns the error to stop it with when it passes the timeout or
    /// goes `stallTimeout` without a report.
    ///
    /// The corresponding C functions are `poll` and `read`.
    private func watch(_ pipe: borrowing FileDescriptor, document: String,
                       progress: (PageProgress.Report) -> Void, crash: inout WorkerProgressChannel.CrashReport?) -> ExportError? {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(limits.timeout * 1000))
        var lastReport = clock.now
        var latest: PageProgress.Report?
        var activity: PageProgress.Activity?
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let now = clock.now
            if now >= deadline { return .running(.timedOut(path: document, seconds: limits.timeout, activity: activity)) }
            let stallDeadline = lastReport + .milliseconds(Int64(limits.stallTimeout * 1000))
            if now >= stallDeadline {
                return .running(.stalled(path: document, seconds: limits.stallTimeout, opened: latest != nil,
                                page: latest?.nextPage, activity: activity))
            }
            let wait = min(deadline, stallDeadline) - now
            let milliseconds = Int32(clamping: wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = pipe.withUnsafeHandle { descriptor in
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                return poll(&entry, 1, milliseconds)
            }
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = pipe.withUnsafeHandle { descriptor in buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending += buffer[..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if let report = WorkerProgressChannel.crashReport(parsing: line[...]) { crash = report }
                if let now = WorkerProgressChannel.activity(parsing: line[...]) {
                    lastReport = clock.now
                    activity = now
                    continue
                }
                guard let report = WorkerProgressChannel.report(parsing: line[...]) else { continue }
                lastReport = clock.now
                latest = report
                progress(report)
            }
        }
    }

    /// The same open file as `descriptor`, at 10 or above, close-on-exec; `descriptor` is closed.
    ///
    /// The corresponding C function is `fcntl` (`F_DUPFD_CLOEXEC`).
    private static func aboveStandardDescriptors(_ descriptor: Int32) -> Int32 {
        guard descriptor < 10 else { return descriptor }
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
        guard moved >= 0 else { return descriptor }
        close(descriptor)
        return moved
    }
}
