import Foundation
import Synchronization

/// Runs a program to its end without holding a thread of the test pool: its two
/// streams are drained on threads of their own (so that neither can fill and block
/// the child) and its end is awaited through its termination handler. For tests that
/// run the built executable, an outside tool or an independent reader.
public enum ChildProcess {
    /// What a finished child printed and how it ended.
    public struct Outcome: Sendable {
        /// Its exit status, or the signal that ended it (`uncaughtSignal`).
        public var status: Int32
        public var output: Data
        public var errors: Data
        /// Whether a signal ended it (then `status` is the signal's number).
        public var uncaughtSignal: Bool
    }

    /// `executable ARGUMENTS` (with `environment` when given, `input` on its standard input
    /// when given): its exit status and what it printed on each stream. Unless `sharingTheCores`
    /// is false (a client of a service the test runs, which must not wait behind the requests it
    /// answers), it first waits for one of `slots`: no test holds a pool thread while its child
    /// runs, so without them every test of a target would start its children at once.
    ///
    /// The child may run `limit` (from its start, not from the wait for a slot); past it, it is
    /// killed and `Overran` is thrown. This, not a test's own time limit, bounds the tests that run
    /// programs: a test's time limit counts from its start, so it also counted the wait behind the
    /// whole suite's children, which on two cores with another job running took longer than any
    /// one test's work.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           input: Data? = nil, sharingTheCores: Bool = true, limit: Duration = runLimit) async throws -> Outcome {
        guard sharingTheCores else { return try await runNow(executable, arguments, environment: environment, input: input, limit: limit) }
        await slots.acquire()
        do {
            let outcome = try await runNow(executable, arguments, environment: environment, input: input, limit: limit)
            await slots.release()
            return outcome
        } catch {
            await slots.release()
            throw error
        }
    }

    /// How long one child may run unless its test says otherwise (the three minutes most suites gave a
    /// whole test, now given to each of its children from the moment it starts).
    public static let runLimit: Duration = .seconds(180)

    /// A child that ran past its limit and was killed.
    public struct Overran: Error, CustomStringConvertible {
        public var command: String
        public var limit: Duration
        public var description: String { "\(command) ran past \(limit) (not counting its wait for a core) and was killed" }
    }

    /// The children that run at once: one a core (at least two), as many as the pool's threads ran when
    /// each waited holding one; more made the whole suite's time-bound tests miss their bounds on two cores.
    public static let slots = Slots(max(2, ProcessInfo.processInfo.activeProcessorCount))

    /// A count of places that tasks await without holding a thread.
    public actor Slots {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        public init(_ count: Int) { free = count }

        public func acquire() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        public func release() {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
    }

    private static func runNow(_ executable: URL, _ arguments: [String], environment: [String: String]?,
                               input: Data?, limit: Duration) async throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin }
        let child = try StartedProcess(process)
        if let stdin, let input {
            // Written from a thread of its own too: a large input would fill the pipe.
            let writing = stdin.fileHandleForWriting
            Thread.detachNewThread {
                try? writing.write(contentsOf: input)
                try? writing.close()
            }
        }
        async let printed = drain(output.fileHandleForReading)
        async let said = drain(errors.fileHandleForReading)
        let overran = Signal()
        let watchdog = Task.detached { [child] in
            try await Task.sleep(for: limit)
            if !child.hasEnded {
                overran.signal()
                kill(child.pid, SIGKILL)
            }
        }
        let end = await child.ended()
        watchdog.cancel()
        let outcome = Outcome(status: end.status, output: await printed, errors: await said, uncaughtSignal: end.uncaughtSignal)
        if overran.hasFired {
            throw Overran(command: ([executable.lastPathComponent] + arguments.prefix(3)).joined(separator: " "), limit: limit)
        }
        return outcome
    }

    /// Everything `handle` gives up to its end, read on a thread of its own (outside the test pool).
    public static func drain(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: handle.readDataToEndOfFile()) }
        }
    }
}

/// A child process started by a test, whose end is awaited without holding a thread:
/// `Process.run` with a termination handler set first (a handler set after the end
/// would never be called).
public final class StartedProcess: @unchecked Sendable {
    public let process: Process
    private let end = Ending()

    /// Starts `process` (already configured: executable, arguments, streams).
    public init(_ process: Process) throws {
        self.process = process
        process.terminationHandler = { [end] finished in
            end.record(status: finished.terminationStatus, uncaughtSignal: finished.terminationReason == .uncaughtSignal)
        }
        try process.run()
    }

    public var pid: pid_t { process.processIdentifier }

    /// Whether its end has been seen (its termination handler ran).
    public var hasEnded: Bool { end.outcome != nil }

    /// Its exit status (or ending signal), once it ended.
    public func ended() async -> (status: Int32, uncaughtSignal: Bool) {
        await end.wait()
    }

    /// Its exit status once it ended, or nil when it did not within `seconds`.
    public func ended(within seconds: Double) async -> Int32? {
        guard await eventually(within: seconds, { self.hasEnded }) else { return nil }
        return await ended().status
    }

    /// The status kept by the termination handler, and the tasks waiting for it.
    private final class Ending: Sendable {
        private struct State {
            var outcome: (status: Int32, uncaughtSignal: Bool)?
            var waiting: [CheckedContinuation<(status: Int32, uncaughtSignal: Bool), Never>] = []
        }
        private let state = Mutex(State())

        var outcome: (status: Int32, uncaughtSignal: Bool)? { state.withLock { $0.outcome } }

        func record(status: Int32, uncaughtSignal: Bool) {
            let waiting = state.withLock { state in
                state.outcome = (status, uncaughtSignal)
                defer { state.waiting = [] }
                return state.waiting
            }
            for task in waiting { task.resume(returning: (status, uncaughtSignal)) }
        }

        func wait() async -> (status: Int32, uncaughtSignal: Bool) {
            await withCheckedContinuation { continuation in
                let known = state.withLock { state in
                    if state.outcome == nil { state.waiting.append(continuation) }
                    return state.outcome
                }
                if let known { continuation.resume(returning: known) }
            }
        }
    }
}

/// Waits until `condition` holds (checked every 2 ms on a thread of its own, so
/// that no thread of the test pool waits), for at most `seconds`; whether it came. For the
/// events a test must see before it acts: a file appearing, a worker starting, a process ending.
///
/// `then`: what to do the moment the condition holds, on that same thread (a signal to a child
/// that must still be working when it arrives): the test's own task may resume seconds later.
public func eventually(within seconds: Double = 60, _ condition: @escaping () -> Bool, then action: (@Sendable () -> Void)? = nil) async -> Bool {
    // Looked at from a thread of its own, every 2 ms: a sleep on the test pool, which the suite keeps
    // busy, can wake seconds late and miss a state that lasts less (an output's temporary file).
    nonisolated(unsafe) let check = condition
    return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        Thread.detachNewThread {
            let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
            while !check() {
                if ContinuousClock.now > deadline { continuation.resume(returning: false); return }
                usleep(2000)
            }
            action?()
            continuation.resume(returning: true)
        }
    }
}

/// `eventually` for a condition that itself awaits (asks a service, runs a client).
public func eventuallyAwaiting(within seconds: Double = 60, _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while !(await condition()) {
        if ContinuousClock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}

/// A one-time event another thread signals and a test awaits without holding a thread
/// (where a semaphore would block one of the test pool's few).
public final class Signal: Sendable {
    private let fired = Atomic<Bool>(false)

    public init() {}

    public func signal() { fired.store(true, ordering: .sequentiallyConsistent) }

    public var hasFired: Bool { fired.load(ordering: .sequentiallyConsistent) }

    /// Whether it was signalled within `seconds`.
    public func wait(within seconds: Double) async -> Bool {
        await eventually(within: seconds) { self.hasFired }
    }
}

extension Process {
    /// Waits for a process the test started itself (`run()`) to end, asleep between looks
    /// (as `waitUntilExit` looks, but without holding a thread of the test pool); its exit
    /// status, or the signal that ended it.
    @discardableResult
    public func ended() async -> Int32 {
        while isRunning { try? await Task.sleep(for: .milliseconds(5)) }
        return terminationStatus
    }
}

extension Pipe {
    /// Everything written to the pipe up to its end, read on a thread of its own (`ChildProcess.drain`).
    public func readToEnd() async -> Data { await ChildProcess.drain(fileHandleForReading) }
}
