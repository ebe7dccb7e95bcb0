import InkCLI
import Foundation
import Synchronization
import InkPipeline
import InkFixtures
import Testing

/// Each document runs in a worker process: bounded time and memory, and
/// nothing left behind whatever happens to it or to its parent.
@Suite struct WorkerTests {
    final class Fixture {
        let scratch = TestFolder()
        let folder: URL
        let pdf: URL, ink: URL
        var out: URL { folder.appendingPathComponent("out") }

        init(pages: Int = 40) throws {
            folder = scratch.url
            pdf = folder.appendingPathComponent("doc.pdf")
            ink = folder.appendingPathComponent("doc.ink.jsonl")
            try SampleDocuments.writeBenchmark(pages: pages, pdf: pdf, ink: ink)
        }


        var leftInOutput: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).sorted() }

        /// Starts the real executable on this document.
        func start(_ extra: [String] = []) throws -> (Process, Pipe) {
            let process = Process()
            process.executableURL = BuiltExecutable.inkpdf
            process.arguments = ["flatten", pdf.path, "--ink", ink.path, "-o", out.appendingPathComponent("doc.pdf").path]
                + DemoLicence.arguments + extra
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            return (process, errors)
        }
    }

    /// A document that never finishes (poppler loops on it) is stopped at `--timeout`, even
    /// with the stall watchdog out of the way.
    @Test func aDocumentThatTakesTooLongIsStoppedAndLeavesNothing() async throws {
        let f = try Fixture(pages: 1)
        let loops = f.folder.appendingPathComponent("loops.pdf")
        try StallingPDF.write(to: loops.path)
        // The benchmark's ink is for page 1 of a page the size of the stalling PDF's: it fits.
        let run = try await Run.of(["flatten", loops.path, "--ink", f.ink.path, "-o", f.out.appendingPathComponent("doc.pdf").path,
                              "--ignore-mismatch", "--timeout", "1", "--stall-timeout", "600"] + DemoLicence.arguments)
        #expect(run.status == ExitCode.timedOut.rawValue, "\(run.errors)")
        #expect(run.errors == "inkpdf: \(loops.path): stopped after 1 s without finishing (a damaged PDF can make poppler loop); nothing was written; check the file, or raise --timeout\n")
        #expect(f.leftInOutput.isEmpty, "left behind: \(f.leftInOutput)")
    }

    @Test func aWorkerWithoutMemoryToWorkInFailsCleanly() async throws {
        let f = try Fixture(pages: 2)
        let (process, errors) = try f.start(["--memory-limit", "100"])
        let message = String(decoding: await errors.readToEnd(), as: UTF8.self)
        await process.ended()
        #expect(process.terminationStatus != 0)
        #expect(message.contains("--memory-limit"), "\(message)")
        // A worker that dies at the limit is told as one that ran into it, not as a bug.
        #expect(!message.contains("so not for memory"), "\(message)")
        #expect(f.leftInOutput.isEmpty, "left behind: \(f.leftInOutput)")
    }

    @Test func killingTheParentStopsTheWorker() async throws {
        // A document the worker can never finish: it is surely at work when the parent dies.
        let f = try Fixture(pages: 1)
        let loops = f.folder.appendingPathComponent("loops.pdf")
        try StallingPDF.write(to: loops.path)
        // The benchmark's ink is for page 1 of a page the size of the stalling PDF's: it fits.
        let process = Process()
        process.executableURL = BuiltExecutable.inkpdf
        process.arguments = ["flatten", loops.path, "--ink", f.ink.path, "-o", f.out.appendingPathComponent("doc.pdf").path,
                             "--ignore-mismatch"] + DemoLicence.arguments
        process.standardError = Pipe()
        process.standardOutput = Pipe()
        try process.run()
        // Act once the worker is writing: its temporary output is there.
        // The worker is found and the parent killed on the watching thread, the moment the worker writes.
        let pid = process.processIdentifier
        let found = Mutex<pid_t?>(nil)
        try #require(await eventually({ f.leftInOutput.contains { $0.hasPrefix(".doc.pdf.inkpdf-") } }, then: {
            found.withLock { $0 = HostileInputTests.child(of: pid) }
            kill(pid, SIGKILL)
        }), "the worker started writing")
        let worker = try #require(found.withLock { $0 }, "the worker process")
        await process.ended()
        // The orphaned worker notices within half a second, removes its files and ends.
        #expect(await eventually(within: 30) { hasEnded(worker) }, "the worker ended")
        #expect(f.leftInOutput.isEmpty, "left behind: \(f.leftInOutput)")
    }

    /// export and render read PDFs too: they run in workers with the same bounds. A worker
    /// that stops (SIGSTOP, once it is at work) is ended by the stall watchdog, or by the
    /// overall timeout when the watchdog is out of the way.
    @Test(arguments: ["export", "render"], ["stall", "timeout"])
    func exportAndRenderAreBoundedToo(command: String, bound: String) async throws {
        let f = try Fixture()
        let target = command == "export" ? f.out.appendingPathComponent("doc.pdf").path : f.out.path
        func start(_ extra: [String]) throws -> (Process, Pipe, Pipe) {
            let process = Process()
            process.executableURL = BuiltExecutable.inkpdf
            // Viewing (render) is free: only export takes the licence.
            process.arguments = [command, f.pdf.path, "--ink", f.ink.path, "-o", target]
                + (command == "export" ? DemoLicence.arguments : ["--dpi", "36"]) + extra
            let errors = Pipe(), output = Pipe()
            process.standardError = errors
            process.standardOutput = output
            try process.run()
            return (process, output, errors)
        }
        // Bounds well past the time it takes to open the document and start writing on a busy machine.
        let limits = bound == "stall" ? ["--stall-timeout", "5"] : ["--timeout", "10", "--stall-timeout", "600"]
        let (stopped, _, stoppedErrors) = try start(limits)
        // Once the worker is at work (its first temporary file or image is there), freeze it: watched from a
        // thread of its own, which looks every few milliseconds however busy the test pool is.
        let out = f.out.path, parent = stopped.processIdentifier
        let frozen = Mutex<pid_t?>(nil), watched = Signal()
        Thread.detachNewThread {
            let deadline = Date().addingTimeInterval(60)
            func started() -> Bool { !((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).isEmpty }
            while !started() && !hasEnded(parent) && Date() < deadline { usleep(2_000) }
            if started(), !hasEnded(parent), let worker = HostileInputTests.child(of: parent) {
                kill(worker, SIGSTOP)
                frozen.withLock { $0 = worker }
            }
            watched.signal()
        }
        _ = await watched.wait(within: 90)
        try #require(frozen.withLock { $0 } != nil, "the worker started writing and was frozen")
        let message = String(decoding: await stoppedErrors.readToEnd(), as: UTF8.self)
        await stopped.ended()
        #expect(stopped.terminationStatus == ExitCode.timedOut.rawValue, "\(message)")
        if bound == "stall" {
            #expect(message.hasPrefix("inkpdf: \(f.pdf.path)") && message.contains(": stopped after 5 s without progress ")
                    && message.hasSuffix("raise --stall-timeout\n"), "\(message)")
        } else {
            #expect(message.hasPrefix("inkpdf: \(f.pdf.path): stopped after 10 s without finishing"), "\(message)")
        }
        // No part of a file; render writes each page's PNG whole, so pages finished in time may stay.
        #expect(f.leftInOutput.filter { $0.contains(".inkpdf-") || (command == "export" && $0.hasSuffix(".pdf")) }.isEmpty,
                "left behind: \(f.leftInOutput)")
        // Without the stop it finishes, and prints what the command prints.
        let run = try await Run.of([command, f.pdf.path, "--ink", f.ink.path, "-o", target, "--pages", "1-2"]
                             + (command == "export" ? DemoLicence.arguments : []))
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("wrote "), "\(run.output)")
    }

    @Test func theHiddenWorkerVerbIsNoWayAroundTheGate() async throws {
        let f = try Fixture(pages: 1)
        let process = Process()
        process.executableURL = BuiltExecutable.inkpdf
        process.arguments = ["__worker", "flatten", f.pdf.path, "--ink", f.ink.path, "-o", f.out.appendingPathComponent("doc.pdf").path]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("INKPDF_") }
        process.standardError = Pipe()
        process.standardOutput = Pipe()
        try process.run()
        #expect(await process.ended() == ExitCode.entitlementRequired.rawValue)
        #expect(f.leftInOutput.isEmpty)
    }

    @Test func temporaryFilesOfADeadProcessAreRemovedByTheNextRun() async throws {
        let f = try Fixture(pages: 2)
        try FileManager.default.createDirectory(at: f.out, withIntermediateDirectories: true)
        // A process that has ended: its pid no longer runs.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        await ended.ended()
        let stale = f.out.appendingPathComponent(".doc.pdf.inkpdf-\(ended.processIdentifier)-12345")
        let live = f.out.appendingPathComponent(".doc.pdf.inkpdf-\(getpid())-12345")
        try Data("half a file".utf8).write(to: stale)
        try Data("still being written".utf8).write(to: live)
        let (process, errors) = try f.start()
        let message = String(decoding: await errors.readToEnd(), as: UTF8.self)
        await process.ended()
        #expect(process.terminationStatus == 0, "\(message)")
        #expect(!FileManager.default.fileExists(atPath: stale.path), "the dead process's file is gone")
        #expect(FileManager.default.fileExists(atPath: live.path), "a running process's file is left alone")
        #expect(f.leftInOutput == [".doc.pdf.inkpdf-\(getpid())-12345", "doc.ink.jsonl.gz", "doc.pdf"])
    }
}

/// Ctrl-C in the middle of a batch: nothing half-written, and the next run
/// does only what is left.
@Suite struct BatchInterruptTests {
    @Test func anInterruptedBatchLeavesWholeFilesAndResumes() async throws {
        let scratch = TestFolder()
        let folder = scratch.url
        let source = folder.appendingPathComponent("term"), output = folder.appendingPathComponent("flat")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        for week in 1...4 {
            try SampleDocuments.writeBenchmark(pages: 30, pdf: source.appendingPathComponent("week\(week).pdf"),
                                               ink: source.appendingPathComponent("week\(week).ink.jsonl"))
        }
        func batch() throws -> (Process, Pipe) {
            let process = Process()
            process.executableURL = BuiltExecutable.inkpdf
            process.arguments = ["batch", source.path, "-o", output.path, "--jobs", "1", "--progress", "lines"] + DemoLicence.arguments
            let lines = Pipe()
            process.standardOutput = lines
            process.standardError = Pipe()
            try process.run()
            return (process, lines)
        }
        func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).sorted() }

        let (first, _) = try batch()
        // Interrupt once the first document is done and the second is being written.
        let pid = first.processIdentifier
        try #require(await eventually({ names().contains("week1.pdf") && names().contains { $0.contains(".inkpdf-") } },
                                      then: { kill(pid, SIGINT) }),
                     "the first document done and the second begun: \(names())")
        #expect(await first.ended() == 130)
        let afterInterrupt = names()
        #expect(!afterInterrupt.contains { $0.contains(".inkpdf-") }, "no temporary files: \(afterInterrupt)")
        #expect(afterInterrupt.contains("week1.pdf") && afterInterrupt.contains("week1.ink.jsonl.gz"))
        let finished = afterInterrupt.filter { $0.hasSuffix(".pdf") }.count
        #expect(finished < 4, "the batch was stopped before the end")

        let (second, lines) = try batch()
        let report = String(decoding: await lines.readToEnd(), as: UTF8.self)
        #expect(await second.ended() == 0)
        let skipped = report.split(separator: "\n").filter { $0.hasPrefix("up to date ") }.count
        #expect(skipped == finished, "\(report)")
        #expect(report.contains("\(finished) up to date"), "\(report)")
        #expect(names().filter { $0.hasSuffix(".pdf") }.count == 4)
    }
}
