import InkFileSystem
import Foundation
import InkCLI
import InkPipeline

/// Standard output or error as a text stream, written unbuffered by lines.
struct StandardStream: TextOutputStream {
    let handle: FileHandle
    mutating func write(_ string: String) { handle.write(Data(string.utf8)) }
}

FreedMemory.configure()
SignalCleanup.install()
// Past a file-size limit (ulimit -f), a write should fail with EFBIG and be reported, not kill the process.
signal(SIGXFSZ, SIG_IGN)
var output = StandardStream(handle: .standardOutput)
var errors = StandardStream(handle: .standardError)
// Each document is flattened in a worker process: this same executable.
let executable = FileSystem.executablePath ?? CommandLine.arguments[0]
let runner = CommandRunner(environment: ProcessInfo.processInfo.environment, workerExecutable: executable)
let code = runner.run(Array(CommandLine.arguments.dropFirst()), output: &output, errors: &errors)
// A signal's handler is stopping the workers and will exit with the signal's code: leave that to it.
while TemporaryFiles.shared.isEnding { pause() }
exit(code)
