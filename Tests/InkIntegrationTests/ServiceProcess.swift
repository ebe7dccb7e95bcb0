import Foundation
import InkFixtures
import Synchronization

/// `inkpdf serve` started by a test on a free loopback port, with its log read as it
/// comes, and `scripts/serve_client.py` (Python's http.client) to talk to it.
final class ServiceProcess: @unchecked Sendable {
    let process = Process()
    /// The running service, whose end is awaited through its termination handler.
    private var started: StartedProcess?
    let work: TestFolder
    private(set) var address = ""
    private let log = LogBuffer()
    private let pipe = Pipe()

    var url: String { "http://\(address)" }
    var pid: pid_t { process.processIdentifier }
    /// The service's work folder (`WORK/inkpdf-serve-PID-XXXXXX`, made by `mkdtemp`), found once it listens.
    private(set) var workFolder = ""

    /// Starts the service with `arguments` after `serve --listen 127.0.0.1:0 --work-dir FOLDER`
    /// and waits (up to 30 s) for its `listening` line.
    init(_ arguments: [String], listen: String = "127.0.0.1:0", environment: [String: String]? = nil) async throws {
        work = TestFolder()
        process.executableURL = BuiltExecutable.inkpdf
        if let environment { process.environment = environment }
        process.arguments = ["serve", "--listen", listen, "--work-dir", work.url.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [log] handle in
            let data = handle.availableData
            log.bytes.withLock { $0 += data }
        }
        started = try StartedProcess(process)
        guard await eventually(within: 30, { self.events.contains { $0["event"] as? String == "listening" } || !self.process.isRunning }),
              let listening = events.first(where: { $0["event"] as? String == "listening" }),
              let address = listening["address"] as? String else {
            process.terminate()
            throw ServiceFailure(message: "the service did not start: \(logText)")
        }
        self.address = address
        let prefix = "inkpdf-serve-\(process.processIdentifier)-"
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: work.url.path)) ?? []).filter { $0.hasPrefix(prefix) }
        guard folders.count == 1 else {
            process.terminate()
            throw ServiceFailure(message: "the service's work folder is not one \(prefix)XXXXXX: \(folders)")
        }
        workFolder = work.path(folders[0])
    }

    deinit {
        if process.isRunning { kill(pid, SIGKILL) }
        pipe.fileHandleForReading.readabilityHandler = nil
    }

    var logText: String { String(decoding: log.bytes.withLock { $0 }, as: UTF8.self) }

    /// Every JSON line of the log so far.
    var events: [[String: Any]] {
        logText.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// The access-log lines (one a request).
    var requests: [[String: Any]] { events.filter { $0["event"] == nil } }

    /// Sends `signal` and waits (up to `seconds`) for the service to end; its exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM, within seconds: Double = 60) async -> Int32? {
        kill(pid, signal)
        return await started?.ended(within: seconds)
    }

    /// Its exit status once it ended by itself (nil when it did not within `seconds`).
    func ended(within seconds: Double = 60) async -> Int32? {
        await started?.ended(within: seconds)
    }

    /// Runs `serve_client.py COMMAND URL ARGUMENTS`; its JSON answer.
    func client(_ command: String, path: String, _ arguments: [String] = [], scheme: String = "http") async throws -> [String: Any] {
        // Not behind the children of other tests: a request the service holds must not keep the test from asking it.
        let script = ReferenceReaders.scripts.appendingPathComponent("serve_client.py").path
        let run = try await OutsideTool.python3.outcome([script, command, "\(scheme)://\(address)\(path)"] + arguments, sharingTheCores: false)
        guard run.status == 0 else {
            throw ServiceFailure(message: "serve_client.py exited \(run.status): \(String(decoding: run.errors, as: UTF8.self))")
        }
        let data = run.output
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ServiceFailure(message: "serve_client.py printed no JSON object")
        }
        return object
    }

    /// One request; the answer's status, headers, size, SHA-256 and (for JSON or text) body.
    func request(_ path: String, files: [String: String] = [:], fields: [String: String] = [:], token: String? = nil,
                 out: String? = nil, extraFiles: [(String, String)] = []) async throws -> Answer {
        var arguments: [String] = []
        for (name, file) in files.sorted(by: { $0.key < $1.key }) { arguments += ["--file", "\(name)=\(file)"] }
        for (name, file) in extraFiles { arguments += ["--file", "\(name)=\(file)"] }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) { arguments += ["--field", "\(name)=\(value)"] }
        if let token { arguments += ["--token", token] }
        if let out { arguments += ["--out", out] }
        return Answer(try await client("request", path: path, arguments))
    }

    /// `request` on another thread; the test acts meanwhile, then waits for the answer.
    func requestInBackground(_ path: String, files: [String: String], out: String? = nil) -> PendingAnswer {
        let pending = PendingAnswer()
        Task {
            let answer = try? await self.request(path, files: files, out: out)
            pending.answer.withLock { $0 = answer }
            pending.done.signal()
        }
        return pending
    }

    /// The open descriptors of the service process.
    var openDescriptors: Int { ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count }

    /// Its resident memory in KiB (VmRSS).
    var residentKB: Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// What the work folder holds besides the copies of the gate files.
    var leftInWorkFolder: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: workFolder)) ?? []).filter { !$0.hasPrefix("gate-") }.sorted()
    }

    /// The service's worker processes (its children, started from any of its threads).
    var workers: [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { pid_t($0) }
        }
    }
}

/// What the service printed so far, filled from its pipe's reading thread.
final class LogBuffer: Sendable {
    let bytes = Mutex<[UInt8]>([])
}

/// A request sent on another thread (to act on the service while it is in flight).
final class PendingAnswer: Sendable {
    fileprivate let answer = Mutex<Answer?>(nil)
    fileprivate let done = Signal()

    /// Its answer, once it came (nil when it did not within `seconds`, or the client failed).
    func wait(seconds: Double) async -> Answer? {
        await done.wait(within: seconds) ? answer.withLock { $0 } : nil
    }
}

/// One answer as `serve_client.py request` describes it.
struct Answer: @unchecked Sendable {
    let object: [String: Any]
    init(_ object: [String: Any]) { self.object = object }

    var status: Int { object["status"] as? Int ?? 0 }
    var sha256: String { object["sha256"] as? String ?? "" }
    var headers: [String: String] { object["headers"] as? [String: String] ?? [:] }
    var text: String { object["text"] as? String ?? "" }
    /// The JSON body, for an error or a decision.
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:] }
}

struct ServiceFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
