import Foundation
import InkFixtures
import Testing

/// Waiting for a child holds no thread of the test pool (one a core): children awaited
/// together all run at once, and the pool goes on with other work meanwhile.
@Suite struct ChildProcessWaitTests {
    /// Four children a core, each asleep for a second, awaited together (outside the slots that
    /// share the cores): they end together, about a second later. A wait that held a pool thread
    /// would let one a core run at a time, four seconds or more.
    @Test(.timeLimit(.minutes(1))) func childrenAwaitedTogetherRunAtOnce() async throws {
        let count = 4 * ProcessInfo.processInfo.activeProcessorCount
        let started = ContinuousClock.now
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<count { group.addTask { try await ChildProcess.run(URL(fileURLWithPath: "/bin/sleep"), ["1"], sharingTheCores: false).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let took = ContinuousClock.now - started
        #expect(statuses == Array(repeating: 0, count: count))
        #expect(took < .milliseconds(2500), "\(count) children of a second each took \(took)")
    }

    /// A child's two streams are drained while it runs (neither can fill its pipe and stop it),
    /// and its status and a signal's end are told apart.
    @Test(.timeLimit(.minutes(1))) func bothStreamsAreDrainedAndTheEndIsTold() async throws {
        let large = try await OutsideTool.sh.outcome(["-c", "head -c 1000000 /dev/zero; head -c 500000 /dev/zero >&2; exit 3"])
        #expect(large.status == 3 && !large.uncaughtSignal)
        #expect(large.output.count == 1_000_000 && large.errors.count == 500_000)
        let killed = try await OutsideTool.sh.outcome(["-c", "kill -9 $$"])
        #expect(killed.uncaughtSignal && killed.status == SIGKILL)
        let echoed = try await OutsideTool.sh.outcome(["-c", "cat"], input: Data("through stdin".utf8))
        #expect(String(decoding: echoed.output, as: UTF8.self) == "through stdin")
    }
}
