import Foundation
import InkFixtures

/// One run of the built executable to its end: its exit status and what it printed.
struct Run {
    var status: Int32
    var output: String
    var errors: String

    /// Runs `TOOL ARGUMENTS` (inkpdf unless told), draining both streams at once so
    /// that neither can fill and block the child, and waits for it to end.
    static func of(_ arguments: [String], tool: URL = BuiltExecutable.inkpdf, environment: [String: String]? = nil) throws -> Run {
        let run = try ChildProcess.run(tool, arguments, environment: environment)
        return Run(status: run.status, output: String(decoding: run.output, as: UTF8.self),
                   errors: String(decoding: run.errors, as: UTF8.self))
    }
}

/// Waits until `condition` holds (checking every few milliseconds), for at most
/// `seconds`; whether it came. For the events a test must see before it acts:
/// a file appearing, a worker starting, a process ending.
func eventually(within seconds: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        usleep(2_000)
    }
    return true
}

/// Whether process `pid` has ended (gone, or a zombie that no one has reaped yet: an
/// orphan's new parent may take its time).
func hasEnded(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return true }
    return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
}
