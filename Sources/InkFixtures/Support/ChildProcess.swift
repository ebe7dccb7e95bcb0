import Foundation
import Synchronization

/// Runs a program to its end, draining its output and error streams at once so
/// that neither can fill and block it: for tests that run the built executable or
/// an independent reader.
public enum ChildProcess {
    /// `executable ARGUMENTS` (with `environment` when given): its exit status and what it printed on each stream.
    public static func run(_ executable: URL, _ arguments: [String],
                           environment: [String: String]? = nil) throws -> (status: Int32, output: Data, errors: Data) {
        let process = Process()
        process.executableURL = executable
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
        return (process.terminationStatus, printed.withLock { $0 }, message)
    }
}
