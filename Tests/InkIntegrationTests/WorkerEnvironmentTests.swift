import InkCLI
import Foundation
import InkFixtures
import Testing

/// The worker is started with the environment the command runner was given, not the
/// process's: a policy given there reaches the worker, which checks the gate again.
@Suite struct WorkerEnvironmentTests {
    @Test(arguments: ["flatten", "export", "batch"])
    func theWorkerGetsTheRunnersEnvironment(command: String) throws {
        let scratch = TestFolder()
        let folder = scratch.url
        let pdf = folder.appendingPathComponent("doc.pdf"), ink = folder.appendingPathComponent("doc.ink.jsonl")
        try SampleDocuments.writeBenchmark(pages: 2, pdf: pdf, ink: ink)
        let policy = folder.appendingPathComponent("policy.json")
        try Data(#"{"exportAnnotated":"free"}"#.utf8).write(to: policy)
        // Only the runner's environment makes exporting free; this test process has no such variable.
        #expect(ProcessInfo.processInfo.environment["INKPDF_POLICY"] == nil)
        let environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("INKPDF_") }
            .merging(["INKPDF_POLICY": policy.path]) { $1 }
        let runner = CommandRunner(environment: environment, workerExecutable: BuiltExecutable.inkpdf.path, errorsIsTerminal: false)
        let out = folder.appendingPathComponent("out")
        let arguments = command == "batch" ? ["batch", folder.path, "-o", out.path]
            : [command, pdf.path, "--ink", ink.path, "-o", out.appendingPathComponent("doc.pdf").path]
        var output = "", errors = ""
        let code = runner.run(arguments, output: &output, errors: &errors)
        #expect(code == 0, "\(errors)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("doc.pdf").path))
    }
}
