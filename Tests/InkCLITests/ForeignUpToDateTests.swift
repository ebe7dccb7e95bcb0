import Foundation
import Glibc
import InkBatch
import InkCLI
import InkFixtures
import Testing

/// Whether another tool's document is up to date is decided without the batch's own
/// process reading the document (it runs without the workers' time and memory limits).
///
/// What makes a read visible: the Xournal++ document names a background picture, which
/// reading it opens. An inotify watch on the picture sees every open of it, by any process;
/// the worker here is a script that opens nothing, so an open is the batch's process reading
/// the document.
@Suite struct ForeignUpToDateTests {
    final class Batch {
        let folder = TestFolder()
        var notes: String { folder.path("notes") }
        var flattened: String { folder.path("flattened") }
        var picture: String { folder.path("notes/picture.png") }
        /// What the stand-in worker was asked, one line per run.
        var workerLog: String { folder.path("worker.log") }
        var worker: String { folder.path("worker.sh") }

        init() throws {
            try FileManager.default.createDirectory(atPath: notes, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: flattened, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: picture, contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])))
            let xopp = """
                <?xml version="1.0" standalone="no"?>
                <xournal creator="xournalpp 1.2.3" fileversion="4"><page width="612" height="792">
                <background type="pixmap" domain="absolute" filename="\(picture)"/>
                <layer><stroke tool="pen" color="#0000ffff" width="2">10 10 300 300</stroke></layer></page></xournal>
                """
            let data = Data(xopp.utf8)
            // The output of an earlier run, as batch leaves it: the PDF, and the document's copy as its sidecar.
            #expect(FileManager.default.createFile(atPath: notes + "/board.xopp", contents: data))
            #expect(FileManager.default.createFile(atPath: flattened + "/board.xopp", contents: data))
            #expect(FileManager.default.createFile(atPath: flattened + "/board.pdf", contents: Data("%PDF-1.7\n".utf8)))
            // The worker that says the output is up to date, having read nothing.
            let script = "#!/bin/sh\necho \"$*\" >> '\(workerLog)'\necho '{\"upToDate\":true}'\n"
            #expect(FileManager.default.createFile(atPath: worker, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]))
        }

        func run(workerExecutable: String?) -> (code: Int32, out: String, err: String) {
            var out = "", err = ""
            let code = CommandRunner(environment: DemoLicence.environment, workerExecutable: workerExecutable)
                .run(["batch", notes, "-o", flattened, "--progress", "lines"], output: &out, errors: &err)
            return (code, out, err)
        }
    }

    /// Counts the opens of `path` while `body` runs. The corresponding C functions are `inotify_init1`,
    /// `inotify_add_watch` and `read`.
    static func opens<Result>(of path: String, during body: () -> Result) throws -> (count: Int, result: Result) {
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        try #require(watch >= 0)
        defer { close(watch) }
        try #require(inotify_add_watch(watch, path, UInt32(IN_OPEN)) >= 0)
        let result = body()
        // Events are queued as the opens happen: all of them are there once `body` has returned.
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = buffer.withUnsafeMutableBytes { Glibc.read(watch, $0.baseAddress, $0.count) }
            guard read > 0 else { break }
            var offset = 0
            while offset < read {
                let length = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) }
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                if mask & UInt32(IN_OPEN) != 0 { count += 1 }
                offset += 16 + Int(length)
            }
        }
        return (count, result)
    }

    @Test func theBatchsProcessLeavesTheCheckOfAXournalDocumentAloneToItsWorker() throws {
        let batch = try Batch()
        let (opens, result) = try Self.opens(of: batch.picture) { batch.run(workerExecutable: batch.worker) }
        #expect(opens == 0, "the batch's own process read board.xopp (it opened the picture the document names)")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("up to date board.pdf"))
        let asked = (try? String(contentsOfFile: batch.workerLog, encoding: .utf8)) ?? ""
        #expect(asked.contains("--unless-up-to-date"), "the worker was not asked: \(asked)")
        #expect(asked.contains("--confine"), "the worker was not confined: \(asked)")
    }

    /// The watch sees a read of the document: without a worker, the batch reads it in its own process.
    @Test func withoutAWorkerTheDocumentIsReadHereAndTheWatchSeesIt() throws {
        let batch = try Batch()
        let (opens, result) = try Self.opens(of: batch.picture) { batch.run(workerExecutable: nil) }
        #expect(opens >= 1)
        #expect(result.out.contains("up to date board.pdf"), "\(result.out) \(result.err)")
        #expect(!FileManager.default.fileExists(atPath: batch.workerLog))
    }
}
