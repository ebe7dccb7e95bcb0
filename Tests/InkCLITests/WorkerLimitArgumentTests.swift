import InkWorkers
import InkCLI
import InkBatch
import Testing

/// `--stall-timeout` beside `--timeout` and `--memory-limit`, on every command that runs a worker.
@Suite struct WorkerLimitArgumentTests {
    @Test(arguments: ["flatten", "export", "render"])
    func stallTimeoutIsRead(command: String) throws {
        let parsed = try Command.parse([command, "in.pdf", "--ink", "in.ink.jsonl", "-o", "out", "--stall-timeout", "2.5", "--timeout", "30"])
        let limits: WorkerLimits? = switch parsed {
        case .flatten(let arguments): arguments.limits
        case .export(let arguments): arguments.limits
        case .render(let arguments): arguments.limits
        default: nil
        }
        #expect(limits == WorkerLimits(timeout: 30, memoryMB: 4096, stallTimeout: 2.5))
    }

    @Test func theDefaultIsAMinute() {
        #expect(WorkerLimits().stallTimeout == 60)
        #expect(WorkerLimits().timeout == 900)
    }

    @Test(arguments: ["0", "-1", "soon", "nan"])
    func aStallTimeoutMustBePositive(value: String) {
        do {
            _ = try Command.parse(["flatten", "in.pdf", "--ink", "i", "-o", "o.pdf", "--stall-timeout", value])
            Issue.record("--stall-timeout \(value) was accepted")
        } catch {
            #expect(error.message == "flatten: --stall-timeout '\(value)' is not a positive number")
        }
    }
}
