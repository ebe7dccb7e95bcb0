import InkBatch
import Foundation
import InkPipeline

extension CommandRunner {
    /// Flattens one document: in a worker process when an executable is set
    /// (bounded time and memory, a crash costs only this document), else here.
    func flattenDocument(_ pdf: String?, ink: String, output: String, options: FlattenOptions,
                         limits: WorkerLimits, gate: GateOptions) throws(ExportError) -> FlattenReport {
        if let workerExecutable {
            return try DocumentWorker(executable: workerExecutable, limits: limits, gateArguments: gate.arguments)
                .flatten(pdf: pdf, ink: ink, output: output, options: options)
        }
        return try Flattener.flatten(pdf: pdf, ink: ink, output: output, options: options)
    }

    /// The worker's side: limits itself, checks the gate (the hidden verb is no way
    /// around it), flattens, and prints its report as one JSON line.
    func runWorker(_ arguments: FlattenArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        WorkerProcess.applyLimits(arguments.limits)
        WorkerProcess.stopWhenParentEnds()
        if let refused = exportGate(arguments.gate, command: "flatten", errors: &errors) { return refused }
        do {
            let report = try Flattener.flatten(pdf: arguments.pdf, ink: arguments.ink, output: arguments.output,
                                               options: arguments.options(environment: environment))
            print(String(decoding: report.json, as: UTF8.self), to: &output)
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: \(error)", to: &errors)
            return error.exitCode.rawValue
        }
    }

    /// Runs `arguments` as `inkpdf __isolated ARGUMENTS` and passes on what it
    /// printed and its exit code; a worker stopped by the timeout or killed by a
    /// signal is reported here, with its files removed.
    func runIsolated(_ arguments: [String], executable: String, limits: WorkerLimits, document: String, destination: String,
                     output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        do {
            let result = try DocumentWorker(executable: executable, limits: limits)
                .spawn([DocumentWorker.isolatedVerb] + arguments, document: document, destinations: [destination])
            output.write(String(decoding: result.output, as: UTF8.self))
            errors.write(String(decoding: result.errors, as: UTF8.self))
            return result.status
        } catch {
            print("inkpdf: \(error)", to: &errors)
            return error.exitCode.rawValue
        }
    }

    /// The worker's side of `runIsolated`: limits itself, then runs the command as usual
    /// (the entitlement gate included).
    func runAsIsolatedWorker(_ command: Command, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        switch command {
        case .export(let arguments): WorkerProcess.applyLimits(arguments.limits)
        case .render(let arguments): WorkerProcess.applyLimits(arguments.limits)
        default:
            print("inkpdf: \(DocumentWorker.isolatedVerb) runs export or render only", to: &errors)
            return ExitCode.usage.rawValue
        }
        WorkerProcess.stopWhenParentEnds()
        return run(command, output: &output, errors: &errors)
    }
}
