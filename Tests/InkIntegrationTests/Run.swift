import Foundation
import Synchronization

/// One run of the built executable to its end: its exit status and what it printed.
struct Run {
    var status: Int32
    var output: String
    var errors: String

    /// Runs `TOOL ARGUMENTS` (inkpdf unless told), draining both streams at once so
    /// that neither can fill and block the child, and waits for it to end.
    static func of(_ arguments: [String], tool: URL = BuiltExecutable.inkpdf, environment: [String: String]? = nil) throws -> Run {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = Mutex(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            printed.withLock { $0 = data }
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: printed.withLock { $0 }, as: UTF8.self),
                   errors: String(decoding: message, as: UTF8.self))
    }
}
