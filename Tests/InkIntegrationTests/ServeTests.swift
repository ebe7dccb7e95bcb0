import Foundation
import InkFixtures
import Testing

/// `inkpdf serve` on loopback, driven by Python's http.client: answers byte for
/// byte as the command line's, JSON errors with their statuses, bounded under
/// load and faults, nothing left behind, and a graceful stop.
@Suite(.serialized)
struct ServeTests {
    static let samples = DemoLicence.folder.deletingLastPathComponent()
    static func sample(_ name: String) -> String { samples.appendingPathComponent(name).path }
    static let token = "test-token-0123456789"

    /// A token file with one token (and a comment and a blank line, which are skipped).
    static func tokenFile(in folder: TestFolder) -> String {
        folder.write("# the service's tokens\n\n\(token)\n", to: "tokens")
    }

    static func sha256(_ path: String) async throws -> String {
        let run = try await OutsideTool.sha256sum.outcome([path])
        return String(String(decoding: run.output, as: UTF8.self).prefix(64))
    }

    /// The course notes' files and the demo licence, as form parts.
    static let courseNotes = ["pdf": sample("course-notes.pdf"), "ink": sample("course-notes.ink.jsonl"), "proof": DemoLicence.licence]

    @Test func answersAreWhatTheCommandLineWrites() async throws {
        let folder = TestFolder()
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--token-file", Self.tokenFile(in: folder)])
        let cli = folder.path("cli")
        try FileManager.default.createDirectory(atPath: cli, withIntermediateDirectories: true)

        // flatten, and export as annotations: the same bytes as the command line's.
        for (endpoint, extra) in [("flatten", [String]()), ("export", ["--ink-as", "annotations"])] {
            let expected = "\(cli)/\(endpoint).pdf"
            let run = try await Run.of([endpoint, Self.sample("course-notes.pdf"), "--ink", Self.sample("course-notes.ink.jsonl"),
                                  "-o", expected] + extra + DemoLicence.arguments)
            #expect(run.status == 0, "\(run.errors)")
            let answer = try await service.request("/v1/\(endpoint)", files: Self.courseNotes,
                                             fields: endpoint == "export" ? ["ink-as": "annotations"] : [:], token: Self.token,
                                             out: folder.path("\(endpoint).pdf"))
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.headers["content-type"] == "application/pdf")
            #expect(FileManager.default.contents(atPath: folder.path("\(endpoint).pdf")) == FileManager.default.contents(atPath: expected),
                    "\(endpoint): the service's PDF differs from the command line's")
            #expect(answer.headers["x-inkpdf-pages"] == "8")
            #expect(answer.headers["x-inkpdf-strokes"] == "76")
            #expect(answer.headers["x-request-id"]?.isEmpty == false)
        }

        // With ?sidecar=1: a zip of the PDF and the sidecar, each the command line's.
        let zip = try await service.request("/v1/flatten?sidecar=1", files: Self.courseNotes, token: Self.token, out: folder.path("both.zip"))
        #expect(zip.status == 200 && zip.headers["content-type"] == "application/zip")
        let unzipped = folder.path("unzipped")
        let unzip = try await OutsideTool.unzip.outcome(["-q", folder.path("both.zip"), "-d", unzipped])
        #expect(unzip.status == 0)
        #expect(FileManager.default.contents(atPath: unzipped + "/course-notes.pdf") == FileManager.default.contents(atPath: "\(cli)/flatten.pdf"))
        let sidecar = try await Run.of(["inspect", unzipped + "/course-notes.ink.jsonl.gz"])
        #expect(sidecar.status == 0, "the sidecar does not read: \(sidecar.errors)")

        // render: one page is a PNG, the same as the command line's.
        let renderRun = try await Run.of(["render", Self.sample("course-notes.pdf"), "--ink", Self.sample("course-notes.ink.jsonl"),
                                    "-o", "\(cli)/render", "--pages", "2"])
        #expect(renderRun.status == 0, "\(renderRun.errors)")
        let rendered = try FileManager.default.contentsOfDirectory(atPath: "\(cli)/render")
        let png = try await service.request("/v1/render", files: ["pdf": Self.sample("course-notes.pdf"), "ink": Self.sample("course-notes.ink.jsonl")],
                                      fields: ["pages": "2"], token: Self.token, out: folder.path("page.png"))
        #expect(png.status == 200 && png.headers["content-type"] == "image/png")
        #expect(rendered.count == 1 && FileManager.default.contents(atPath: folder.path("page.png"))
                    == FileManager.default.contents(atPath: "\(cli)/render/\(rendered[0])"))

        // convert: a Xournal++ notebook with its background PDF uploaded beside it.
        let convertRun = try await Run.of(["convert", Self.sample("worksheet-notebook.xopp"), "-o", "\(cli)/notebook.ink.jsonl"])
        #expect(convertRun.status == 0, "\(convertRun.errors)")
        let converted = try await service.request("/v1/convert", files: ["ink": Self.sample("worksheet-notebook.xopp"),
                                                                  "pdf": Self.sample("letter-worksheet.pdf")],
                                            token: Self.token, out: folder.path("notebook.ink.jsonl"))
        #expect(converted.status == 200, "\(converted.text)")
        #expect(try Self.layers(folder.path("notebook.ink.jsonl")) == Self.layers("\(cli)/notebook.ink.jsonl"))

        // entitlement check: the decision of `entitlement check --json`.
        let decision = try await service.request("/v1/entitlements/check", files: ["proof": DemoLicence.licence],
                                           fields: ["action": "export-annotated"], token: Self.token)
        let checkRun = try await Run.of(["entitlement", "check", "--json", "--action", "export-annotated"] + DemoLicence.arguments)
        let expected = try JSONSerialization.jsonObject(with: Data(checkRun.output.utf8)) as? [String: Any]
        #expect(decision.status == 200, "\(decision.text)")
        #expect(decision.json["allowed"] as? Bool == true, "\(decision.text)")
        #expect(decision.json["reason"] as? String != nil)
        #expect(decision.json["reason"] as? String == expected?["reason"] as? String)
        #expect(decision.json["grantedBy"] as? String == "demo-pro-licence.jws", "the decision names the service's folders")
        #expect(await service.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: service.workFolder), "the work folder is left")
    }

    /// The ink-layers lines after the header (the header records where the file was converted from).
    static func layers(_ path: String) throws -> [Substring] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return Array(text.split(separator: "\n").dropFirst())
    }

    @Test func errorsAreJSONWithTheCommandLinesCodeAndAFittingStatus() async throws {
        let folder = TestFolder()
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--token-file", Self.tokenFile(in: folder)])
        let noProof = ["pdf": Self.sample("course-notes.pdf"), "ink": Self.sample("course-notes.ink.jsonl")]
        let notInk = folder.write("just some words, not ink\n", to: "words.txt")
        let badInk = folder.write("{\"format\":\"inkpdf-layers\",\"version\":1}\n{\"page\":1,\"strokes\":[{\"points\":\"no\"}]}\n",
                                  to: "bad.ink.jsonl")
        let cases: [(name: String, path: String, files: [String: String], fields: [String: String], token: String?,
                     status: Int, error: String, exit: Int?)] = [
            ("no token", "/v1/flatten", noProof, [:], nil, 401, "unauthorized", nil),
            ("a wrong token", "/v1/flatten", noProof, [:], "wrong", 401, "unauthorized", nil),
            ("no proof of Pro", "/v1/flatten", noProof, [:], Self.token, 402, "entitlement_required", 85),
            ("ink of no known format", "/v1/flatten", ["pdf": Self.sample("course-notes.pdf"), "ink": notInk, "proof": DemoLicence.licence],
             [:], Self.token, 415, "unknown_format", 65),
            ("bad ink", "/v1/flatten", ["pdf": Self.sample("course-notes.pdf"), "ink": badInk, "proof": DemoLicence.licence],
             [:], Self.token, 422, "invalid_ink", 65),
            ("an unknown part", "/v1/flatten", Self.courseNotes, ["colour": "red"], Self.token, 400, "bad_form", nil),
            ("a flag with a bad value", "/v1/flatten", Self.courseNotes, ["only-annotated": "maybe"], Self.token, 400, "bad_form", nil),
            ("a page range the PDF lacks", "/v1/flatten", Self.courseNotes, ["pages": "40-41"], Self.token, 400, "usage", 64),
            ("no ink part", "/v1/flatten", ["pdf": Self.sample("course-notes.pdf")], [:], Self.token, 400, "bad_form", nil),
            ("an unknown endpoint", "/v1/flatter", noProof, [:], Self.token, 404, "not_found", nil),
            ("a GET endpoint posted to", "/healthz", noProof, [:], Self.token, 405, "method_not_allowed", nil),
        ]
        for item in cases {
            let answer = try await service.request(item.path, files: item.files, fields: item.fields, token: item.token)
            #expect(answer.status == item.status, "\(item.name): \(answer.status) \(answer.text)")
            #expect(answer.headers["content-type"] == "application/json", "\(item.name)")
            #expect(answer.json["error"] as? String == item.error, "\(item.name): \(answer.text)")
            #expect((answer.json["message"] as? String)?.isEmpty == false, "\(item.name)")
            #expect(answer.json["exit"] as? Int == item.exit, "\(item.name): \(answer.text)")
            #expect(!(answer.json["message"] as? String ?? "").contains(service.workFolder), "\(item.name): the message shows the service's folders")
        }
        let unauthorized = try await service.request("/v1/flatten", files: noProof)
        #expect(unauthorized.headers["www-authenticate"] == "Bearer")
        // The refusal says why, and the reason decides 402 (buy Pro) from 403.
        let refused = try await service.request("/v1/flatten", files: noProof, token: Self.token)
        #expect(refused.json["reason"] as? String == "requires_pro")
        #expect(service.leftInWorkFolder.isEmpty, "left behind: \(service.leftInWorkFolder)")
        #expect(await service.stop() == 0)
    }

    @Test func fiveHundredRequestsFromSixteenClientsAreAllAnsweredRight() async throws {
        let folder = TestFolder()
        let expected = folder.path("worksheet.pdf")
        let run = try await Run.of(["flatten", Self.sample("letter-worksheet.pdf"), "--ink", Self.sample("letter-worksheet.ink.jsonl.gz"),
                              "-o", expected] + DemoLicence.arguments)
        #expect(run.status == 0, "\(run.errors)")
        let form = ["--file", "pdf=\(Self.sample("letter-worksheet.pdf"))", "--file", "ink=\(Self.sample("letter-worksheet.ink.jsonl.gz"))",
                    "--file", "proof=\(DemoLicence.licence)", "--expect-sha256", try await Self.sha256(expected), "--deadline", "240"]

        // Room for every client in the queue: every one of the 500 is the command line's PDF.
        let roomy = try await ServiceProcess(["--trust", DemoLicence.trust, "--jobs", "2", "--queue", "16"])
        let all = try await roomy.client("load", path: "/v1/flatten", ["--requests", "500", "--concurrency", "16"] + form)
        #expect(all["answered"] as? Int == 500, "\(all)")
        #expect((all["statuses"] as? [String: Int]) == ["200": 500], "\(all)")
        #expect(all["problemCount"] as? Int == 0, "\(all)")
        #expect(roomy.leftInWorkFolder.isEmpty, "left behind: \(roomy.leftInWorkFolder)")
        #expect(roomy.requests.count == 500)
        #expect(await roomy.stop() == 0)

        // A short queue: the ones past it get 503 with Retry-After, at once; none is lost or hangs.
        let tight = try await ServiceProcess(["--trust", DemoLicence.trust, "--jobs", "2", "--queue", "2"])
        let some = try await tight.client("load", path: "/v1/flatten", ["--requests", "500", "--concurrency", "16"] + form)
        let statuses = some["statuses"] as? [String: Int] ?? [:]
        #expect(some["answered"] as? Int == 500, "\(some)")
        #expect(Set(statuses.keys) == ["200", "503"], "\(some)")
        #expect((statuses["200"] ?? 0) >= 2 && (statuses["503"] ?? 0) > 0, "\(some)")
        #expect(some["problemCount"] as? Int == 0, "\(some)")
        #expect(tight.leftInWorkFolder.isEmpty, "left behind: \(tight.leftInWorkFolder)")
        #expect(await tight.stop() == 0)
    }

    @Test func aWorkerKilledMidRequestIsAJSON500AndTheNextRequestSucceeds() async throws {
        let folder = TestFolder()
        let dense = try SampleDocuments.makeBenchmark(pages: 120, directory: folder.url)
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--jobs", "1"])
        let slow = service.requestInBackground("/v1/flatten", files: ["pdf": dense.pdf.path, "ink": dense.ink.path, "proof": DemoLicence.licence])
        #expect(await eventually(within: 60) { !service.workers.isEmpty }, "no worker started")
        for worker in service.workers { kill(worker, SIGKILL) }
        let answer = try #require(await slow.wait(seconds: 60))
        #expect(answer.status == 500, "\(answer.text)")
        #expect(answer.json["error"] as? String == "worker_crashed", "\(answer.text)")
        #expect(answer.json["exit"] as? Int == 89)
        let next = try await service.request("/v1/flatten", files: Self.courseNotes)
        #expect(next.status == 200, "\(next.text)")
        #expect(await eventually(within: 10) { service.leftInWorkFolder.isEmpty }, "left behind: \(service.leftInWorkFolder)")
        let metrics = try await service.client("request", path: "/metrics")["text"] as? String ?? ""
        #expect(metrics.contains("inkpdf_worker_crashes_total 1"), "\(metrics)")
        #expect(await service.stop() == 0)
    }

    @Test func slowBrokenAndHostileClientsEachGetTheirStatusQuickly() async throws {
        let folder = TestFolder()
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--token-file", Self.tokenFile(in: folder), "--header-timeout", "2", "--body-timeout", "3",
                                          "--max-upload", "64"])
        let started = ContinuousClock.now
        let results = try await service.client("faults", path: "", ["--token", Self.token, "--header-timeout", "2", "--body-timeout", "3"]
                                         + Self.courseNotes.sorted { $0.key < $1.key }.flatMap { ["--file", "\($0.key)=\($0.value)"] })
        func status(_ name: String) -> Int? { (results[name] as? [String: Any])?["status"] as? Int }
        func seconds(_ name: String) -> Double { (results[name] as? [String: Any])?["seconds"] as? Double ?? .infinity }
        #expect(status("slowHeaders") == 408, "\(results)")
        #expect(seconds("slowHeaders") < 8, "\(results)")
        #expect(status("halfUpload") == 408, "\(results)")
        #expect(seconds("halfUpload") < 8, "\(results)")
        #expect(status("declared10GB") == 413 && seconds("declared10GB") < 2, "\(results)")
        #expect(status("malformed") == 400, "\(results)")
        #expect(status("climbing") == 400, "\(results)")
        #expect(status("noToken") == 401 && status("wrongToken") == 401, "\(results)")
        #expect(status("abandonedDownload") == 200, "\(results)")
        #expect(status("afterwards") == 200, "\(results)")
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(await eventually(within: 10) { service.leftInWorkFolder.isEmpty }, "left behind: \(service.leftInWorkFolder)")
        #expect(await service.stop() == 0)
    }

    @Test func aWorkerThatStallsIsAJSON504() async throws {
        let folder = TestFolder()
        let stalling = folder.path("stalls.pdf")
        try StallingPDF.write(to: stalling)
        let empty = folder.write("{\"format\":\"inkpdf-layers\",\"version\":1}\n", to: "empty.ink.jsonl")
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--stall-timeout", "2"])
        let answer = try await service.request("/v1/render", files: ["pdf": stalling, "ink": empty])
        #expect(answer.status == 504, "\(answer.text)")
        #expect(answer.json["error"] as? String == "timed_out" && answer.json["exit"] as? Int == 88, "\(answer.text)")
        #expect((answer.json["message"] as? String)?.hasPrefix("stalls.pdf: page 1: stopped after 2 s without progress") == true,
                "\(answer.text)")
        let metrics = try await service.client("request", path: "/metrics")["text"] as? String ?? ""
        #expect(metrics.contains("inkpdf_worker_timeouts_total 1"), "\(metrics)")
        #expect(await eventually(within: 10) { service.leftInWorkFolder.isEmpty }, "left behind: \(service.leftInWorkFolder)")
        #expect(await service.stop() == 0)
    }

    @Test func twoThousandRequestsLeaveDescriptorsFilesAndMemoryWhereTheyBegan() async throws {
        let service = try await ServiceProcess(["--trust", DemoLicence.trust])
        let form = ["--file", "pdf=\(Self.sample("letter-worksheet.pdf"))", "--file", "ink=\(Self.sample("letter-worksheet.ink.jsonl.gz"))",
                    "--file", "proof=\(DemoLicence.licence)"]
        // Warm up (the first requests grow the allocator's pools), then measure.
        _ = try await service.client("sequential", path: "/v1/flatten", ["--requests", "40"] + form)
        let descriptors = service.openDescriptors
        let resident = service.residentKB
        // Every 25th a flatten (each in a worker), the rest a form refused after its upload and a health check.
        let flattens = try await service.client("sequential", path: "/v1/flatten", ["--requests", "1000", "--every", "25"] + form)
        let refused = try await service.client("sequential", path: "/v1/flatten",
                                         ["--requests", "1000", "--every", "2", "--field", "colour=red"] + form)
        #expect((flattens["statuses"] as? [String: Int]) == ["200": 1000], "\(flattens)")
        #expect((refused["statuses"] as? [String: Int]) == ["200": 500, "400": 500], "\(refused)")
        #expect(service.openDescriptors <= descriptors, "descriptors: \(descriptors) → \(service.openDescriptors)")
        #expect(service.leftInWorkFolder.isEmpty, "left behind: \(service.leftInWorkFolder)")
        #expect(service.residentKB - resident < 4096, "resident: \(resident) KiB → \(service.residentKB) KiB")
        #expect(await service.stop() == 0)
    }

    @Test func sigtermFinishesTheRequestInFlightThenExitsZero() async throws {
        let folder = TestFolder()
        let dense = try SampleDocuments.makeBenchmark(pages: 60, directory: folder.url)
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--grace", "120"])
        let slow = service.requestInBackground("/v1/flatten", files: ["pdf": dense.pdf.path, "ink": dense.ink.path, "proof": DemoLicence.licence],
                                               out: folder.path("dense.pdf"))
        #expect(await eventually(within: 60) { !service.workers.isEmpty }, "no worker started")
        kill(service.pid, SIGTERM)
        #expect(await eventually(within: 10) { service.events.contains { $0["event"] as? String == "draining" } })
        let answer = await slow.wait(seconds: 120)
        #expect(answer?.status == 200, "\(String(describing: answer?.text))")
        #expect(await service.ended(within: 30) == 0)
        #expect(service.events.last?["event"] as? String == "stopped")
        let pdfinfo = try await OutsideTool.pdfinfo.outcome([folder.path("dense.pdf")])
        #expect(String(decoding: pdfinfo.output, as: UTF8.self).contains("Pages:           60"))
        #expect(!FileManager.default.fileExists(atPath: service.workFolder))
    }

    @Test func sighupReadsThePolicyAgainAndABrokenOneIsRefused() async throws {
        let folder = TestFolder()
        let policy = folder.write("{\"exportAnnotated\":\"pro\"}\n", to: "policy.json")
        let service = try await ServiceProcess(["--policy", policy])
        let form = ["pdf": Self.sample("course-notes.pdf"), "ink": Self.sample("course-notes.ink.jsonl")]
        #expect(try await service.request("/v1/flatten", files: form).status == 402)
        _ = folder.write("{\"exportAnnotated\":\"free\"}\n", to: "policy.json")
        // The edit takes effect on SIGHUP, not before.
        #expect(try await service.request("/v1/flatten", files: form).status == 402)
        kill(service.pid, SIGHUP)
        #expect(await eventually(within: 10) { service.events.contains { $0["event"] as? String == "reloaded" } })
        #expect(try await service.request("/v1/flatten", files: form).status == 200)
        _ = folder.write("{\"exportAnnotated\": maybe\n", to: "policy.json")
        kill(service.pid, SIGHUP)
        #expect(await eventually(within: 10) { service.events.contains { $0["event"] as? String == "reload_refused" } })
        #expect(try await service.request("/v1/flatten", files: form).status == 200, "a broken policy replaced the good one")
        #expect(await service.stop() == 0)
    }

    @Test func tlsWithACertificateAndKey() async throws {
        let folder = TestFolder()
        let key = folder.path("key.pem"), certificate = folder.path("cert.pem")
        let openssl = try await OutsideTool.openssl.outcome(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                                            "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=127.0.0.1"])
        try #require(openssl.status == 0, "\(String(decoding: openssl.errors, as: UTF8.self))")
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--tls-cert", certificate, "--tls-key", key])
        #expect(service.events.first { $0["event"] as? String == "listening" }?["tls"] as? Bool == true)
        let health = try await service.client("request", path: "/healthz", ["--insecure"], scheme: "https")
        #expect(health["status"] as? Int == 200, "\(health)")
        var arguments = ["--insecure"]
        for (name, file) in Self.courseNotes.sorted(by: { $0.key < $1.key }) { arguments += ["--file", "\(name)=\(file)"] }
        let flatten = Answer(try await service.client("request", path: "/v1/flatten", arguments, scheme: "https"))
        #expect(flatten.status == 200 && flatten.headers["content-type"] == "application/pdf")
        // Plain HTTP to the TLS port is no request.
        #expect((try? await service.client("request", path: "/healthz"))?["status"] as? Int != 200)
        #expect(await service.stop() == 0)
    }

    @Test func theAccessLogHasALineARequestAndNeverThePasswordOrTheProof() async throws {
        let folder = TestFolder()
        let service = try await ServiceProcess(["--trust", DemoLicence.trust])
        let secret = "correct-horse-battery-staple"
        _ = try await service.request("/v1/flatten", files: Self.courseNotes, fields: ["password": secret])
        _ = try await service.request("/healthz")
        _ = try await service.request("/nowhere")
        let lines = service.requests
        #expect(lines.count == 3, "\(service.logText)")
        for line in lines {
            for key in ["id", "method", "path", "status", "bytesIn", "bytesOut", "ms", "time"] {
                #expect(line[key] != nil, "\(key) missing from \(line)")
            }
        }
        #expect(lines.first?["pages"] as? Int == 8)
        #expect(lines.map { $0["status"] as? Int } == [200, 200, 404])
        let proof = try String(contentsOfFile: DemoLicence.licence, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!service.logText.contains(secret))
        #expect(!service.logText.contains(String(proof.prefix(40))))
        let metrics = try await service.client("request", path: "/metrics")["text"] as? String ?? ""
        #expect(metrics.contains("inkpdf_requests_total{endpoint=\"flatten\",status=\"200\"} 1"), "\(metrics)")
        #expect(metrics.contains("inkpdf_request_duration_seconds_count{endpoint=\"flatten\"} 1"), "\(metrics)")
        #expect(metrics.contains("inkpdf_pages_total 8"), "\(metrics)")
        _ = folder
        #expect(await service.stop() == 0)
    }

    @Test func aSecondServiceOnATakenPortSaysSoAndExits73() async throws {
        let first = try await ServiceProcess([])
        let run = try await Run.of(["serve", "--listen", first.address])
        #expect(run.status == 73, "\(run.errors)")
        #expect(run.errors.hasPrefix("inkpdf: serve: cannot listen on \(first.address): "), "\(run.errors)")
        let bad = try await Run.of(["serve", "--listen", "nowhere"])
        #expect(bad.status == 64 && bad.errors.contains("give HOST:PORT"), "\(bad.errors)")
        #expect(await first.stop() == 0)
    }
}
