import Foundation
import InkFixtures
import Testing

/// `inkpdf serve` against clients that hold connections (slow uploads, slow headers, slow
/// readers), workers that die with their temporary files, a stop with requests queued, and
/// forms with a part given twice. Loopback only, every loop bounded in count and time.
@Suite(.serialized)
struct ServeConnectionTests {
    static func sample(_ name: String) -> String { ServeTests.sample(name) }

    @Test func fortySlowUnauthenticatedUploadsAreRefusedAtOnceAndHealthChecksGoOn() async throws {
        let folder = TestFolder()
        let service = try await ServiceProcess(["--token-file", ServeTests.tokenFile(in: folder), "--jobs", "1", "--queue", "2",
                                          "--body-timeout", "30", "--header-timeout", "6"])
        let result = try await service.client("slow-clients", path: "", ["--concurrency", "40", "--kind", "body", "--sources", "one",
                                                                    "--seconds", "8"])
        let slow = result["slow"] as? [String: Any] ?? [:]
        let health = result["health"] as? [String: Any] ?? [:]
        #expect((slow["statuses"] as? [String: Int]) == ["401": 40], "\(result)")
        #expect((slow["maxSeconds"] as? Double ?? .infinity) < 3, "a refusal waited for its body: \(result)")
        #expect((health["asked"] as? Int ?? 0) >= 10, "\(result)")
        #expect((health["statuses"] as? [String: Int])?.keys.sorted() == ["200"], "\(result)")
        #expect((health["maxSeconds"] as? Double ?? .infinity) < 2, "\(result)")
        #expect(await service.stop() == 0)
    }

    @Test func slowHeadersFromSixtyAddressesLeaveTheHealthChecksTheirReserve() async throws {
        let service = try await ServiceProcess(["--jobs", "1", "--queue", "2", "--header-timeout", "12"])
        // 60 addresses, one connection each: the 35 places for work are taken for the header time-out;
        // what lands on the reserve and asks for no health check is let go within seconds.
        let result = try await service.client("slow-clients", path: "", ["--concurrency", "60", "--kind", "headers", "--sources", "each",
                                                                   "--seconds", "10", "--probe-after", "3.5"])
        let health = result["health"] as? [String: Any] ?? [:]
        #expect((health["asked"] as? Int ?? 0) >= 10, "\(result)")
        #expect((health["statuses"] as? [String: Int])?.keys.sorted() == ["200"], "\(result)")
        #expect((health["maxSeconds"] as? Double ?? .infinity) < 2, "\(result)")
        // And one address cannot take the places of all: its share, then the reserve's two.
        let one = try await service.client("slow-clients", path: "", ["--concurrency", "40", "--kind", "headers", "--sources", "one",
                                                                "--seconds", "6", "--probe-after", "1"])
        let oneHealth = one["health"] as? [String: Any] ?? [:]
        #expect((oneHealth["statuses"] as? [String: Int])?.keys.sorted() == ["200"], "\(one)")
        #expect(await service.stop() == 0)
    }

    @Test func anAnswerReadTooSlowlyIsCutAtTheBodyTimeout() async throws {
        let folder = TestFolder()
        let dense = try SampleDocuments.makeBenchmark(pages: 40, directory: folder.url)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: dense.ink.path)[.size] as? Int)
        try #require(size > 12 << 20, "the answer must pass the sockets' buffers: \(size) bytes")
        let service = try await ServiceProcess(["--body-timeout", "3"])
        let result = try await service.client("slow-read", path: "/v1/convert", ["--file", "ink=\(dense.ink.path)", "--seconds", "60"])
        #expect(result["status"] as? Int == 200, "\(result)")
        let received = result["received"] as? Int ?? 0
        let length = result["contentLength"] as? Int ?? 0
        #expect(received < length, "the whole answer was sent to a client reading a KiB every 50 ms: \(result)")
        #expect(result["ended"] as? String != "deadline", "the connection was still open after 60 s: \(result)")
        #expect((result["secondsFromFirstByte"] as? Double ?? .infinity) < 10, "\(result)")
        let line = service.requests.first { $0["path"] as? String == "/v1/convert" }
        #expect(line != nil && line?["end"] as? String != "answered", "\(service.logText)")
        #expect(await eventually(within: 10) { service.leftInWorkFolder.isEmpty }, "left behind: \(service.leftInWorkFolder)")
        #expect(await service.stop() == 0)
    }

    @Test func aWorkerKilledMidImportLeavesNothingInTMPDIR() async throws {
        let folder = TestFolder()
        let notebook = try await Self.writeLargeRNote(in: folder)
        let tmp = folder.path("tmp")
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = tmp
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--jobs", "1"], environment: environment)
        let pending = service.requestInBackground("/v1/flatten", files: ["ink": notebook, "proof": DemoLicence.licence])
        // The importer's named spool (`inkpdf-rnote-….ink-spool`) exists while the pages are drawn: kill the worker then.
        func spools() -> [String] {
            let inTmp = ((try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []).filter { $0.hasPrefix("inkpdf-") }
            let inWork = (FileManager.default.enumerator(atPath: service.workFolder)?.allObjects as? [String] ?? [])
                .filter { ($0 as NSString).lastPathComponent.hasPrefix("inkpdf-rnote-") }
            return inTmp + inWork
        }
        // Stop the worker the moment its spool is seen, and kill it only if the spool is still there
        // once it is stopped: a worker that ended between the look and the stop is not the case tested.
        var stopped: [pid_t] = []
        let caught = await eventually(within: 120) {
            guard !spools().isEmpty else { return false }
            stopped = service.workers
            for worker in stopped { kill(worker, SIGSTOP) }
            if !stopped.isEmpty && !spools().isEmpty { return true }
            for worker in stopped { kill(worker, SIGCONT) }
            return false
        }
        #expect(caught, "no worker was caught with the import's spool in place")
        for worker in stopped { kill(worker, SIGKILL) }
        let answer = try #require(await pending.wait(seconds: 60))
        #expect(answer.status == 500 && answer.json["error"] as? String == "worker_crashed", "\(answer.text)")
        let leftInTmp = ((try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []).filter { $0.hasPrefix("inkpdf-") }
        #expect(leftInTmp.isEmpty, "the killed worker's files stay in TMPDIR: \(leftInTmp)")
        #expect(await eventually(within: 10) { service.leftInWorkFolder.isEmpty }, "left behind: \(service.leftInWorkFolder)")
        #expect(await service.stop() == 0)
    }

    /// An rnote 0.9 notebook of 40 pages, each with 100 strokes of 150 points (gzip, as rnote writes it).
    static func writeLargeRNote(in folder: TestFolder) async throws -> String {
        let pageHeight = 1122.5
        var strokes: [String] = []
        for page in 0..<40 {
            for line in 0..<100 {
                let y0 = Double(page) * pageHeight + 40 + Double(line) * 10
                let points = (1..<150).map { index in
                    #"{"lineto":{"end":{"pos":[\#(40 + Double(index) * 4),\#(y0 + Double(index % 7))],"pressure":0.5}}}"#
                }
                strokes.append(#"{"brushstroke":{"path":{"start":{"pos":[40,\#(y0)],"pressure":0.5},"segments":["#
                               + points.joined(separator: ",") + #"]},"style":{"smooth":{"stroke_width":2,"stroke_color":{"r":0,"g":0,"b":0,"a":1},"pressure_curve":"linear"}}}}"#)
            }
        }
        let document = #"{"x":0,"y":0,"width":800,"height":\#(pageHeight * 40),"format":{"width":793.7,"height":\#(pageHeight),"dpi":96},"#
            + #""background":{"color":{"r":1,"g":1,"b":1,"a":1},"pattern":"none","pattern_size":[32,32],"pattern_color":{"r":0.8,"g":0.9,"b":1,"a":1}}}"#
        let slots = strokes.map { #"{"value":\#($0),"version":1}"# }.joined(separator: ",")
        let chrono = strokes.indices.map { #"{"value":{"t":\#($0 + 1),"layer":{"user_layer":0}},"version":1}"# }.joined(separator: ",")
        let json = #"{"version":"0.9.4","data":{"engine_snapshot":{"document":\#(document),"camera":{},"stroke_components":[\#(slots)],"#
            + #""chrono_components":[\#(chrono)],"chrono_counter":\#(strokes.count + 1)}}}"#
        let plain = folder.write(json, to: "notebook.json")
        let notebook = folder.path("notebook.rnote")
        let gzip = try await Run.of(["-c", "gzip -c \"$0\" > \"$1\"", plain, notebook], tool: OutsideTool.sh.url)
        try #require(gzip.status == 0)
        return notebook
    }

    @Test func afterSIGTERMNoQueuedRequestStartsAWorkerAndTheServiceEndsWithinTheGrace() async throws {
        let folder = TestFolder()
        let dense = try SampleDocuments.makeBenchmark(pages: 200, directory: folder.url)
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--jobs", "1", "--queue", "4", "--grace", "2"])
        let files = ["pdf": dense.pdf.path, "ink": dense.ink.path, "proof": DemoLicence.licence]
        let running = service.requestInBackground("/v1/flatten", files: files)
        #expect(await eventually(within: 60) { !service.workers.isEmpty }, "no worker started")
        let queued = (0..<3).map { _ in service.requestInBackground("/v1/flatten", files: files) }
        func waiting() async -> Bool {
            let text = (try? await service.client("request", path: "/metrics"))?["text"] as? String ?? ""
            return text.contains("inkpdf_queue_depth 3\n")
        }
        #expect(await eventuallyAwaiting(within: 60) { await waiting() }, "three requests did not queue")
        let stopped = ContinuousClock.now
        kill(service.pid, SIGTERM)
        #expect(await eventually(within: 60) { !service.process.isRunning })
        let took = ContinuousClock.now - stopped
        #expect(took < .seconds(7), "SIGTERM with --grace 2 took \(took)")
        #expect(await service.ended() == 0)
        for pending in queued {
            let answer = await pending.wait(seconds: 10)
            #expect(answer?.status == 503 && answer?.json["error"] as? String == "draining", "\(String(describing: answer?.text))")
        }
        #expect(await running.wait(seconds: 10)?.status != 200, "the request past the grace was answered as if it had finished")
        let flattens = service.requests.filter { ($0["path"] as? String) == "/v1/flatten" }
        #expect(flattens.count == 4, "\(service.logText)")
        #expect(!FileManager.default.fileExists(atPath: service.workFolder))
    }

    /// A request for /v1/flatten with `parts` (name, filename or nil, bytes) as its form.
    static func rawRequest(_ parts: [(String, String?, [UInt8])], host: String) -> (bytes: [UInt8], headerEnds: [Int]) {
        var body: [UInt8] = []
        var headerEnds: [Int] = []
        for (name, filename, data) in parts {
            let disposition = "--inkpdf-test-boundary\r\nContent-Disposition: form-data; name=\"\(name)\"" + (filename.map { "; filename=\"\($0)\"" } ?? "")
            body += Array((disposition + "\r\n\r\n").utf8)
            headerEnds.append(body.count)
            body += data + Array("\r\n".utf8)
        }
        body += Array("--inkpdf-test-boundary--\r\n".utf8)
        let head = Array(("POST /v1/flatten HTTP/1.1\r\nHost: \(host)\r\nContent-Type: multipart/form-data; boundary=inkpdf-test-boundary\r\n"
                          + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n").utf8)
        return (head + body, headerEnds.map { $0 + head.count })
    }

    @Test func aPartAfterAnEmptyOneOfTheSameNameIsAPartGivenTwice() async throws {
        let folder = TestFolder()
        let service = try await ServiceProcess(["--trust", DemoLicence.trust])
        func send(_ request: (bytes: [UInt8], headerEnds: [Int]), split: [Int]) async throws -> Answer {
            let file = folder.path("request-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: file, contents: Data(request.bytes))
            return Answer(try await service.client("pieces", path: "", ["--body-file", file, "--split", split.map(String.init).joined(separator: ","),
                                                                   "--pause", "0.3"]))
        }
        let twice = Self.rawRequest([("pages", nil, []), ("pages", nil, Array("1".utf8))], host: service.address)
        // Whole, and cut where the second part's headers end (its value arriving later).
        for split in [[], [twice.headerEnds[1]]] {
            let answer = try await send(twice, split: split)
            #expect(answer.status == 400, "\(split): \(answer.text)")
            #expect(answer.json["error"] as? String == "bad_form" && answer.text.contains("given twice"), "\(split): \(answer.text)")
        }
        let pdf = try Array(Data(contentsOf: URL(fileURLWithPath: Self.sample("course-notes.pdf"))))
        let ink = try Array(Data(contentsOf: URL(fileURLWithPath: Self.sample("course-notes.ink.jsonl"))))
        let proof = try Array(Data(contentsOf: URL(fileURLWithPath: DemoLicence.licence)))
        let emptyInkFirst = Self.rawRequest([("pdf", "a.pdf", pdf), ("ink", "empty.ink.jsonl", []), ("ink", "a.ink.jsonl", ink),
                                             ("proof", "p.jws", proof)], host: service.address)
        let answer = try await send(emptyInkFirst, split: [])
        #expect(answer.status == 400 && answer.text.contains("given twice"), "\(answer.text)")
        // One part cut right after its headers (its value later) is still one part, its value whole.
        let once = Self.rawRequest([("pdf", "a.pdf", pdf), ("ink", "a.ink.jsonl", ink), ("proof", "p.jws", proof),
                                    ("pages", nil, Array("40".utf8))], host: service.address)
        for split in [[once.headerEnds[3]], [once.headerEnds[1], once.headerEnds[3]]] {
            let answer = try await send(once, split: split)
            #expect(answer.status == 400 && answer.json["error"] as? String == "usage" && answer.text.contains("40"), "\(split): \(answer.text)")
        }
        #expect(await service.stop() == 0)
    }
}
