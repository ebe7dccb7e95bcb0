import InkCLI
import Foundation
import InkPipeline
import InkFixtures
import Testing

/// Each document runs in a worker process: bounded time and memory, and
/// nothing left behind whatever happens to it or to its parent.
@Suite struct WorkerTests {
    final class Fixture {
        let folder: URL
        let pdf: URL, ink: URL
        var out: URL { folder.appendingPathComponent("out") }

        init(pages: Int = 40) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-worker-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            pdf = folder.appendingPathComponent("doc.pdf")
            ink = folder.appendingPathComponent("doc.ink.jsonl")
            try SampleDocuments.writeBenchmark(pages: pages, pdf: pdf, ink: ink)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

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

    @Test func aDocumentThatTakesTooLongIsStoppedAndLeavesNothing() throws {
        let f = try Fixture()
        let (process, errors) = try f.start(["--timeout", "0.3"])
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == ExitCode.timedOut.rawValue, "\(message)")
        #expect(message == "inkpdf: \(f.pdf.path): stopped after 0 s without finishing (a damaged PDF can make poppler loop); nothing was written; check the file, or raise --timeout\n")
        #expect(f.leftInOutput.isEmpty, "left behind: \(f.leftInOutput)")
    }

    @Test func aWorkerWithoutMemoryToWorkInFailsCleanly() throws {
        let f = try Fixture(pages: 2)
        let (process, errors) = try f.start(["--memory-limit", "100"])
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0)
        #expect(message.contains("--memory-limit"), "\(message)")
        #expect(f.leftInOutput.isEmpty, "left behind: \(f.leftInOutput)")
    }

    @Test func killingTheParentStopsTheWorker() throws {
        let f = try Fixture()
        let (process, _) = try f.start()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !f.leftInOutput.contains(where: { $0.hasPrefix(".doc.pdf.inkpdf-") }) { usleep(5_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // The orphaned worker notices within half a second and removes its files.
        let settled = Date().addingTimeInterval(10)
        while Date() < settled, !f.leftInOutput.isEmpty { usleep(50_000) }
        #expect(f.leftInOutput.isEmpty, "left behind: \(f.leftInOutput)")
    }

    /// export and render read PDFs too: they run in workers with the same bounds.
    @Test(arguments: ["export", "render"])
    func exportAndRenderAreBoundedToo(command: String) throws {
        let f = try Fixture()
        let target = command == "export" ? f.out.appendingPathComponent("doc.pdf").path : f.out.path
        func run(_ extra: [String]) throws -> (Int32, String, String) {
            let process = Process()
            process.executableURL = BuiltExecutable.inkpdf
            // Viewing (render) is free: only export takes the licence.
            process.arguments = [command, f.pdf.path, "--ink", f.ink.path, "-o", target]
                + (command == "export" ? DemoLicence.arguments : []) + extra
            let errors = Pipe(), output = Pipe()
            process.standardError = errors
            process.standardOutput = output
            try process.run()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, printed, message)
        }
        let (stopped, _, message) = try run(["--timeout", "0.3"])
        #expect(stopped == ExitCode.timedOut.rawValue, "\(message)")
        #expect(message.hasPrefix("inkpdf: \(f.pdf.path): stopped after 0 s without finishing"))
        // No part of a file; render writes each page's PNG whole, so pages finished in time may stay.
        #expect(f.leftInOutput.filter { $0.contains(".inkpdf-") || (command == "export" && $0.hasSuffix(".pdf")) }.isEmpty,
                "left behind: \(f.leftInOutput)")
        // Without the bound it finishes, and prints what the command prints.
        let (status, printed, errors) = try run(["--pages", "1-2"])
        #expect(status == 0, "\(errors)")
        #expect(printed.hasPrefix("wrote "), "\(printed)")
    }

    @Test func theHiddenWorkerVerbIsNoWayAroundTheGate() throws {
        let f = try Fixture(pages: 1)
        let process = Process()
        process.executableURL = BuiltExecutable.inkpdf
        process.arguments = ["__worker", "flatten", f.pdf.path, "--ink", f.ink.path, "-o", f.out.appendingPathComponent("doc.pdf").path]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("INKPDF_") }
        process.standardError = Pipe()
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == ExitCode.entitlementRequired.rawValue)
        #expect(f.leftInOutput.isEmpty)
    }

    @Test func temporaryFilesOfADeadProcessAreRemovedByTheNextRun() throws {
        let f = try Fixture(pages: 2)
        try FileManager.default.createDirectory(at: f.out, withIntermediateDirectories: true)
        // A process that has ended: its pid no longer runs.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stale = f.out.appendingPathComponent(".doc.pdf.inkpdf-\(ended.processIdentifier)-12345")
        let live = f.out.appendingPathComponent(".doc.pdf.inkpdf-\(getpid())-12345")
        try Data("half a file".utf8).write(to: stale)
        try Data("still being written".utf8).write(to: live)
        let (process, errors) = try f.start()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
        #expect(!FileManager.default.fileExists(atPath: stale.path), "the dead process's file is gone")
        #expect(FileManager.default.fileExists(atPath: live.path), "a running process's file is left alone")
        #expect(f.leftInOutput == [".doc.pdf.inkpdf-\(getpid())-12345", "doc.ink.jsonl.gz", "doc.pdf"])
    }
}

/// Ctrl-C in the middle of a batch: nothing half-written, and the next run
/// does only what is left.
@Suite struct BatchInterruptTests {
    @Test func anInterruptedBatchLeavesWholeFilesAndResumes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-batch-int-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
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
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !(names().contains("week1.pdf") && names().contains { $0.contains(".inkpdf-") }) { usleep(5_000) }
        kill(first.processIdentifier, SIGINT)
        first.waitUntilExit()
        #expect(first.terminationStatus == 130)
        let afterInterrupt = names()
        #expect(!afterInterrupt.contains { $0.contains(".inkpdf-") }, "no temporary files: \(afterInterrupt)")
        #expect(afterInterrupt.contains("week1.pdf") && afterInterrupt.contains("week1.ink.jsonl.gz"))
        let finished = afterInterrupt.filter { $0.hasSuffix(".pdf") }.count
        #expect(finished < 4, "the batch was stopped before the end")

        let (second, lines) = try batch()
        second.waitUntilExit()
        #expect(second.terminationStatus == 0)
        let report = String(decoding: lines.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let skipped = report.split(separator: "\n").filter { $0.hasPrefix("up to date ") }.count
        #expect(skipped == finished, "\(report)")
        #expect(report.contains("\(finished) up to date"), "\(report)")
        #expect(names().filter { $0.hasSuffix(".pdf") }.count == 4)
    }
}
