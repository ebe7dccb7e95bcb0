import Foundation
import InkFixtures

/// One run of the built executable to its end: its exit status and what it printed.
struct Run {
    var status: Int32
    var output: String
    var errors: String

    /// Runs `TOOL ARGUMENTS` (inkpdf unless told), draining both streams at once so
    /// that neither can fill and block the child, and awaits its end (`ChildProcess.run`):
    /// killed, and `ChildProcess.Overran` thrown, when it runs past `limit` (its wait for a core not counted).
    static func of(_ arguments: [String], tool: URL = BuiltExecutable.inkpdf, environment: [String: String]? = nil,
                   limit: Duration = ChildProcess.runLimit) async throws -> Run {
        let run = try await ChildProcess.run(tool, arguments, environment: environment, limit: limit)
        return Run(status: run.status, output: String(decoding: run.output, as: UTF8.self),
                   errors: String(decoding: run.errors, as: UTF8.self))
    }
}

/// Whether process `pid` has ended (gone, or a zombie that no one has reaped yet: an
/// orphan's new parent may take its time).
func hasEnded(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return true }
    return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
}
