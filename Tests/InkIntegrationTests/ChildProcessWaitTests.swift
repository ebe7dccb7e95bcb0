import Foundation
import InkFixtures
import Testing

/// Waiting for a child holds no thread of the test pool (one a core): children awaited
/// together all run at once, and the pool goes on with other work meanwhile.
@Suite struct ChildProcessWaitTests {
    /// Four children a core awaited together (outside the slots that share the cores) meet: each
    /// leaves its mark in a folder and waits until every child's mark is there (for at most 30 s,
    /// then it fails). They can all meet only if they all run at once: a wait that held a pool
    /// thread (one a core) would start the later children only after the first ended, and those
    /// would give up. No clock decides: the rendezvous does.
    @Test(.timeLimit(.minutes(1))) func childrenAwaitedTogetherRunAtOnce() async throws {
        let count = 4 * ProcessInfo.processInfo.activeProcessorCount
        let folder = TestFolder()
        let marks = folder.path("marks")
        try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: true)
        let meet = "touch \"$1/$2\"; i=0; while [ \"$(ls \"$1\" | wc -l)\" -lt \(count) ]; do i=$((i+1)); [ $i -gt 300 ] && exit 9; sleep 0.1; done"
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<count {
                group.addTask {
                    try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", meet, "meet", marks, String(index)], sharingTheCores: false).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: count), "children that gave up waiting for the others: \(statuses.filter { $0 != 0 }.count)")
    }

    /// A child's two streams are drained while it runs (neither can fill its pipe and stop it),
    /// and its status and a signal's end are told apart. (Tiny children: they do not wait for a slot
    /// behind the suite's long ones.)
    @Test(.timeLimit(.minutes(1))) func bothStreamsAreDrainedAndTheEndIsTold() async throws {
        let large = try await OutsideTool.sh.outcome(["-c", "head -c 1000000 /dev/zero; head -c 500000 /dev/zero >&2; exit 3"], sharingTheCores: false)
        #expect(large.status == 3 && !large.uncaughtSignal)
        #expect(large.output.count == 1_000_000 && large.errors.count == 500_000)
        let killed = try await OutsideTool.sh.outcome(["-c", "kill -9 $$"], sharingTheCores: false)
        #expect(killed.uncaughtSignal && killed.status == SIGKILL)
        let echoed = try await OutsideTool.sh.outcome(["-c", "cat"], input: Data("through stdin".utf8), sharingTheCores: false)
        #expect(String(decoding: echoed.output, as: UTF8.self) == "through stdin")
    }
}
