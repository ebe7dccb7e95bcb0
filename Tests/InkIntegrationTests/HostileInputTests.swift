import LibPoppler
import InkCLI
import Foundation
import Synchronization
import InkPipeline
import InkModel
import InkFixtures
import Testing

/// Damaged PDFs, odd pages and hostile ink, run through the real executable
/// (in its worker, with a timeout, so that nothing here can hang the suite):
/// every run ends in a correct output or a clear one-line error, and never
/// leaves part of a file.
@Suite struct HostileInputTests {
    final class Folder {
        private let scratch = TestFolder()
        var url: URL { scratch.url }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    struct Outcome {
        var status: Int32
        var message: String
        var leftovers: [String]
    }

    /// Flattens `pdf` with `ink` into FOLDER/out/out.pdf through the executable.
    static func flatten(_ pdf: String, ink: String, in folder: Folder, extra: [String] = [], shell: String? = nil) async throws -> Outcome {
        let output = folder.path("out/out.pdf")
        let arguments = ["flatten", pdf, "--ink", ink, "-o", output, "--timeout", "20"] + DemoLicence.arguments + extra
        // Under a shell that sets a limit first (e.g. `ulimit -f`) when asked.
        let run = if let shell {
            try await OutsideTool.sh.outcome(["-c", "\(shell); exec \"$0\" \"$@\"", BuiltExecutable.inkpdf.path] + arguments)
        } else {
            try await ChildProcess.run(BuiltExecutable.inkpdf, arguments)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("out"))) ?? []
        return Outcome(status: run.status, message: String(decoding: run.errors, as: UTF8.self), leftovers: names.filter { $0.contains(".inkpdf-") })
    }

    /// A 2-page US Letter PDF, rewritten by qpdf in QDF form (uncompressed, one key a line)
    /// so that a test can edit it as text; `fix-qdf` mends the offsets afterwards.
    static func editedPDF(_ name: String, in folder: Folder, _ edit: (String) -> String) async throws -> String {
        let plain = folder.path("plain-\(name).pdf"), qdf = folder.path("qdf-\(name).pdf"), edited = folder.path("\(name).pdf")
        let page = TestPage(width: 612, height: 792, lines: [.init("A page to damage", x: 72, y: 100)])
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: plain), pages: [page, page])
        try await runQPDF(["--qdf", "--object-streams=disable", plain, qdf])
        let text = String(data: try Data(contentsOf: URL(fileURLWithPath: qdf)), encoding: .isoLatin1)!
        try edit(text).data(using: .isoLatin1)!.write(to: URL(fileURLWithPath: edited + ".raw"))
        try await OutsideTool.fixQDF.run([edited + ".raw"]).write(to: URL(fileURLWithPath: edited))
        return edited
    }

    /// A process whose parent is `parent` (from /proc/PID/stat, field 4).
    static func child(of parent: pid_t) -> pid_t? {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 2, pid_t(fields[1]) == parent { return pid }
        }
        return nil
    }

    static func ink(in folder: Folder) -> String {
        let path = folder.path("ink.ink.jsonl")
        let writer = try! InkLayersWriter(path: path, compressionLevel: nil)
        try! writer.write(header: InkLayersHeader())
        let stroke = Stroke(ink: Ink(type: .pen, color: RGBAColor(red: 1, green: 0, blue: 0)), created: 1, interpolation: .linear,
                            points: [StrokePoint(x: 1, y: 1, w: 1, h: 1), StrokePoint(x: 2, y: 2, w: 1, h: 1)])
        try! writer.write(layer: PageLayer(page: 1, strokes: [stroke]))
        try! writer.close()
        return path
    }

    /// Pages of every odd kind flatten, at the size a viewer shows them.
    @Test(arguments: [
        ("rotate-minus-90", "  /Rotate -90\n", true),
        ("rotate-450", "  /Rotate 450\n", true),
        ("rotate-45", "  /Rotate 45\n", false),
        ("rotate-1000", "  /Rotate 1000\n", false),
    ])
    func oddPageBoxesAndRotations(name: String, key: String, turned: Bool) async throws {
        let folder = Folder()
        let pdf = try await Self.editedPDF(name, in: folder) { $0.replacingOccurrences(of: "  /Type /Page\n", with: key + "  /Type /Page\n") }
        let outcome = try await Self.flatten(pdf, ink: Self.ink(in: folder), in: folder)
        #expect(outcome.status == 0, "\(outcome.message)")
        #expect(outcome.leftovers.isEmpty)
        let source = try PDFDocument.open(path: pdf), output = try PDFDocument.open(path: folder.path("out/out.pdf"))
        #expect(output.pageCount == 2)
        let (w, h) = source.displayedSize(ofPage: 1), (ow, oh) = output.displayedSize(ofPage: 1)
        #expect(abs(w - ow) < 0.5 && abs(h - oh) < 0.5, "the output page is shown as the source page is")
        if name.hasPrefix("rotate") { #expect((w > h) == turned, "rotation normalised as viewers do") }
    }

    /// poppler shows such a page as 0 × 0; it comes out at its MediaBox's size, as pdftoppm shows it.
    @Test func cropBoxOutsideTheMediaBox() async throws {
        let folder = Folder()
        let pdf = try await Self.editedPDF("crop-outside", in: folder) {
            $0.replacingOccurrences(of: "  /Type /Page\n", with: "  /CropBox [ 700 800 900 1000 ]\n  /Type /Page\n")
        }
        let outcome = try await Self.flatten(pdf, ink: Self.ink(in: folder), in: folder)
        #expect(outcome.status == 0, "\(outcome.message)")
        let output = try PDFDocument.open(path: folder.path("out/out.pdf"))
        #expect(abs(output.displayedSize(ofPage: 1).0 - 612) < 0.5 && abs(output.displayedSize(ofPage: 1).1 - 792) < 0.5)
    }

    @Test(arguments: [("huge", "14400"), ("tiny", "3")])
    func enormousAndTinyPages(name: String, size: String) async throws {
        let folder = Folder()
        let pdf = try await Self.editedPDF(name, in: folder) {
            $0.replacingOccurrences(of: "    612\n    792\n", with: "    \(size)\n    \(size)\n")
        }
        let outcome = try await Self.flatten(pdf, ink: Self.ink(in: folder), in: folder)
        #expect(outcome.status == 0, "\(outcome.message)")
        let output = try PDFDocument.open(path: folder.path("out/out.pdf"))
        #expect(abs(output.displayedSize(ofPage: 1).0 - Double(size)!) < 0.5)
    }

    @Test func invertedMediaBoxIsReadAsViewersDo() async throws {
        let folder = Folder()
        let pdf = try await Self.editedPDF("inverted", in: folder) {
            $0.replacingOccurrences(of: "    0\n    0\n    612\n    792\n", with: "    612\n    792\n    0\n    0\n")
        }
        let outcome = try await Self.flatten(pdf, ink: Self.ink(in: folder), in: folder)
        #expect(outcome.status == 0, "\(outcome.message)")
        let output = try PDFDocument.open(path: folder.path("out/out.pdf"))
        #expect(abs(output.displayedSize(ofPage: 1).0 - 612) < 0.5 && abs(output.displayedSize(ofPage: 1).1 - 792) < 0.5)
    }

    /// Damage poppler can repair gives a correct output with the pages it has; damage it
    /// cannot gives exit 80 with one line naming the file; a page tree that loops never hangs.
    /// Each damage is checked to be in the file, and each has one expected outcome.
    @Test(arguments: [
        ("count-lies", 80, 0, "(page 3 cannot be read)"),      // /Count says 9: poppler promises pages it cannot open
        ("page-tree-loop", 0, 2, ""),                          // the node among its own kids: skipped, not followed
        ("broken-startxref", 0, 2, ""),                        // the cross-reference table is rebuilt
        ("truncated", 80, 0, "(PDF document is damaged)"),     // a third of the file gone: the pages cannot be found
    ])
    func damagedStructure(kind: String, status: Int32, pages: Int, reason: String) async throws {
        let folder = Folder()
        var pdf = try await Self.editedPDF(kind, in: folder) { text in
            switch kind {
            case "count-lies":
                return text.replacingOccurrences(of: "  /Count 2\n  /Kids [", with: "  /Count 9\n  /Kids [")
            case "page-tree-loop":
                // The page tree node lists itself among its kids.
                let node = text.range(of: #"(\d+) 0 obj\n<<\n  /Count 2\n  /Kids \["#, options: .regularExpression).map { String(text[$0]) } ?? ""
                let number = node.split(separator: " ").first.map(String.init) ?? "1"
                return text.replacingOccurrences(of: "  /Count 2\n  /Kids [\n", with: "  /Count 2\n  /Kids [\n    \(number) 0 R\n")
            default:
                return text
            }
        }
        let edited = try Data(contentsOf: URL(fileURLWithPath: pdf))
        if kind == "broken-startxref" || kind == "truncated" {
            var bytes = edited
            if kind == "truncated" {
                bytes = bytes.prefix(bytes.count * 2 / 3)
            } else if let range = bytes.range(of: Data("startxref\n".utf8), options: .backwards) {
                bytes.replaceSubrange(range.upperBound..<bytes.endIndex, with: Data("17\n%%EOF\n".utf8))
            }
            pdf = folder.path("\(kind)-bytes.pdf")
            try bytes.write(to: URL(fileURLWithPath: pdf))
        }
        // The damage is there.
        let damaged = try Data(contentsOf: URL(fileURLWithPath: pdf))
        let text = String(decoding: damaged, as: UTF8.self)
        switch kind {
        case "count-lies":
            #expect(text.contains("/Count 9") && !text.contains("/Count 2"), "the page count lies")
        case "page-tree-loop":
            let node = try #require(text.firstMatch(of: /(\d+) 0 obj\n<<\n  \/Count 2\n  \/Kids \[\n    (\d+) 0 R/), "no page tree node")
            #expect(node.1 == node.2, "the node's first kid is itself")
        case "broken-startxref":
            #expect(text.hasSuffix("startxref\n17\n%%EOF\n") && !text.dropFirst(17).hasPrefix("xref"), "startxref points at no xref")
        default:
            #expect(damaged.count == edited.count * 2 / 3 && !text.contains("%%EOF"), "the file is cut short")
        }
        let outcome = try await Self.flatten(pdf, ink: Self.ink(in: folder), in: folder)
        #expect(outcome.status == status, "\(outcome.message)")
        #expect(outcome.leftovers.isEmpty)
        if status == 0 {
            #expect(try PDFDocument.open(path: folder.path("out/out.pdf")).pageCount == pages)
            try await expectQPDFCheckAcceptable(folder.path("out/out.pdf"))
        } else {
            #expect(outcome.message == "inkpdf: \(pdf): not a PDF or damaged beyond repair \(reason); check that it opens in a PDF viewer\n")
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/out.pdf")))
        }
    }

    @Test func zeroPages() async throws {
        let folder = Folder()
        let pdf = try await Self.editedPDF("zero", in: folder) { text in
            guard let start = text.range(of: "  /Count 2\n  /Kids [\n"), let end = text.range(of: "  ]\n", range: start.upperBound..<text.endIndex)
            else { return text }
            return text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "  /Count 0\n  /Kids [\n  ]\n")
        }
        let outcome = try await Self.flatten(pdf, ink: Self.ink(in: folder), in: folder)
        #expect(outcome.status == ExitCode.damagedPDF.rawValue)
        #expect(outcome.message.hasPrefix("inkpdf: \(pdf): "), "\(outcome.message)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/out.pdf")))
    }

    @Test func ownerPasswordOnlyOpensWithoutOne() async throws {
        let folder = Folder()
        let plain = folder.path("plain.pdf"), locked = folder.path("owner-only.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: plain), pages: [TestPage()])
        try await runQPDF(["--encrypt", "", "owner-secret", "256", "--print=none", "--", plain, locked])
        let outcome = try await Self.flatten(locked, ink: Self.ink(in: folder), in: folder)
        #expect(outcome.status == 0, "\(outcome.message)")
    }

    @Test func aFileSizeLimitIsAClearErrorAndLeavesNothing() async throws {
        let folder = Folder()
        let pdf = folder.path("big.pdf"), ink = folder.path("big.ink.jsonl")
        try SampleDocuments.writeBenchmark(pages: 12, pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        // dash counts ulimit -f in 512-byte blocks: 100 KB, far less than the output.
        let outcome = try await Self.flatten(pdf, ink: ink, in: folder, shell: "ulimit -f 200")
        #expect(outcome.status == ExitCode.ioError.rawValue, "\(outcome.message)")
        #expect(outcome.message.contains("writing failed"))
        #expect(outcome.leftovers.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/out.pdf")))
    }

    @Test func aGzipBombAndATruncatedGzipAreLocatedErrors() async throws {
        let folder = Folder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage()])
        // A 70 MB line 2, compressed to a few hundred kilobytes: refused at line 2, memory bounded.
        let bomb = folder.path("bomb.ink.jsonl.gz")
        try await OutsideTool.sh.run(["-c", "{ echo '{\"format\":\"inkpdf-layers\",\"version\":1}'; head -c 70000000 /dev/zero | tr '\\0' 'x'; echo; } | gzip -1 > '\(bomb)'"])
        let exploded = try await Self.flatten(pdf, ink: bomb, in: folder)
        #expect(exploded.status == ExitCode.invalidInk.rawValue)
        #expect(exploded.message.hasPrefix("inkpdf: \(bomb):2: "), "\(exploded.message)")

        let whole = folder.path("whole.ink.jsonl.gz"), cut = folder.path("cut.ink.jsonl.gz")
        let writer = try InkLayersWriter(path: whole, compressionLevel: 6)
        try writer.write(header: InkLayersHeader())
        for _ in 0..<200 { try writer.write(layer: PageLayer(page: 1, strokes: [Stroke(ink: Ink(type: .pen, color: RGBAColor(red: 0, green: 0, blue: 0)), created: 1, points: (0..<50).map { StrokePoint(x: Double($0), y: 10, w: 1, h: 1) })])) }
        try writer.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let truncated = try await Self.flatten(pdf, ink: cut, in: folder)
        #expect(truncated.status == ExitCode.invalidInk.rawValue)
        #expect(truncated.message.hasPrefix("inkpdf: \(cut):") && truncated.message.contains("truncated"), "\(truncated.message)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/out.pdf")))
    }

    /// A worker killed from outside (as the OOM killer does) and one that traps (SIGILL, as a failed
    /// check ends; sent here with kill, which the crash handler cannot tell from a real one) each cost
    /// only their document, and each is told as what it is: a trap is not blamed on memory.
    @Test(arguments: [SIGKILL, SIGILL])
    func aCrashInTheWorkerCostsOnlyThatDocument(_ signal: Int32) async throws {
        let folder = Folder()
        let pdf = folder.path("doc.pdf"), ink = folder.path("doc.ink.jsonl")
        try SampleDocuments.writeBenchmark(pages: 40, pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        let process = Process()
        process.executableURL = BuiltExecutable.inkpdf
        process.arguments = ["flatten", pdf, "--ink", ink, "-o", folder.path("out/out.pdf")] + DemoLicence.arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        // Find the worker (the child running `__worker`) and end it by `signal`, once it writes: watched
        // from a thread of its own, which looks every few milliseconds however busy the test pool is.
        let out = folder.path("out"), parent = process.processIdentifier
        let names: @Sendable () -> [String] = { (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? [] }
        let found = Mutex<pid_t?>(nil), watched = Signal()
        Thread.detachNewThread {
            var worker: pid_t?
            let deadline = Date().addingTimeInterval(20)
            while worker == nil, Date() < deadline {
                worker = Self.child(of: parent)
                usleep(5_000)
            }
            while Date() < deadline, !names().contains(where: { $0.contains(".inkpdf-") }) { usleep(5_000) }
            if let worker { kill(worker, signal) }
            found.withLock { $0 = worker }
            watched.signal()
        }
        _ = await watched.wait(within: 60)
        let worker = found.withLock { $0 }
        let message = String(decoding: await errors.readToEnd(), as: UTF8.self)
        let status = await process.ended()
        #expect(worker != nil)
        #expect(status == ExitCode.workerCrashed.rawValue, "\(message)")
        if signal == SIGKILL {
            #expect(message == "inkpdf: \(pdf): the work on this document was killed (signal 9) from outside, as the system's out-of-memory killer does; nothing was written; check the file, or raise --memory-limit (now 4096 MB)\n")
        } else {
            #expect(message.hasPrefix("inkpdf: \(pdf): the work on this document crashed (signal 4, a trap) with "), "\(message)")
            #expect(message.hasSuffix(" MB of its 4096 MB memory limit in use, so not for memory; nothing was written; this is a bug in inkpdf: please report it with the file\n"), "\(message)")
        }
        #expect(names().isEmpty, "left behind: \(names())")
    }
}

/// `qpdf --check` finds no errors (warnings, exit 3, are acceptable for a repaired source).
func expectQPDFCheckAcceptable(_ path: String) async throws {
    let check = try await OutsideTool.qpdfCheck(path)
    #expect(check.status == 0 || check.status == 3)
}
