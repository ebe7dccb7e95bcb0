import Foundation
import InkCLI
import InkExport

/// Standard output or error as a text stream, written unbuffered by lines.
struct StandardStream: TextOutputStream {
    let handle: FileHandle
    mutating func write(_ string: String) { handle.write(Data(string.utf8)) }
}

TemporaryFiles.shared.removeOnSignals()
var output = StandardStream(handle: .standardOutput)
var errors = StandardStream(handle: .standardError)
let runner = CommandRunner(environment: ProcessInfo.processInfo.environment)
exit(runner.run(Array(CommandLine.arguments.dropFirst()), output: &output, errors: &errors))
