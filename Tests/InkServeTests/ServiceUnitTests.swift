@testable import InkServe
import Foundation
import InkFixtures
import Synchronization
import Testing

/// The service's pure parts: routes, the form's options, the statuses of errors,
/// names of uploads, addresses, tokens, places and the metrics' text.
@Suite struct ServiceUnitTests {
    @Test func routesAreExactAndRefuseClimbingPaths() {
        #expect(Endpoint.route(method: "POST", path: "/v1/flatten") == .found(.flatten))
        #expect(Endpoint.route(method: "POST", path: "/v1/entitlements/check") == .found(.entitlementsCheck))
        #expect(Endpoint.route(method: "GET", path: "/healthz") == .found(.health))
        #expect(Endpoint.route(method: "HEAD", path: "/metrics") == .found(.metrics))
        #expect(Endpoint.route(method: "GET", path: "/v1/flatten") == .wrongMethod(allowed: "POST"))
        #expect(Endpoint.route(method: "POST", path: "/healthz") == .wrongMethod(allowed: "GET"))
        #expect(Endpoint.route(method: "POST", path: "/v1/flatten/") == .notFound)
        #expect(Endpoint.route(method: "POST", path: "/v2/flatten") == .notFound)
        for path in ["/v1/../flatten", "/v1/./flatten", "//v1/flatten", "/v1//flatten", "/../healthz", "v1/flatten"] {
            #expect(Endpoint.route(method: "POST", path: path) == .notNormalized, "\(path)")
        }
    }

    @Test func textPartsBecomeTheCommandLinesOptions() throws {
        #expect(try Endpoint.export.options(from: ["pages": "2-3", "ink-as": "annotations", "ink-only": "0", "embed-ink": "yes"])
                == ["--ink-as", "annotations", "--pages", "2-3", "--embed-ink"])
        #expect(try Endpoint.flatten.options(from: ["only-annotated": ""]) == ["--only-annotated"])
        #expect(throws: ServiceError.self) { try Endpoint.flatten.options(from: ["only-annotated": "maybe"]) }
        // The service's own options never come from a form.
        for endpoint in Endpoint.allCases {
            for forbidden in ["output", "o", "trust", "policy", "state", "timeout", "memory-limit", "allow", "no-confine", "confine"] {
                #expect(!endpoint.form.texts.contains(forbidden), "\(endpoint): \(forbidden)")
            }
        }
    }

    @Test func workersAreConfinedToTheUploadAndGetTheGate() throws {
        let flatten = try Endpoint.flatten.workerArguments(pdf: "/w/in/a.pdf", ink: "/w/in/a.xopp", proofs: ["/w/in/p"], options: [],
                                                           output: "/w/out/a.pdf", limits: ["--timeout", "9"], gate: ["--trust", "/g/t.json"])
        #expect(flatten.prefix(2) == ["__worker", "flatten"])
        #expect(flatten.contains("--confine"))
        #expect(flatten.suffix(4) == ["--trust", "/g/t.json", "--proof", "/w/in/p"])
        let render = try Endpoint.render.workerArguments(pdf: nil, ink: "/w/in/a.rmdoc", proofs: [], options: ["--pages", "1"],
                                                         output: "/w/out", limits: [], gate: ["--trust", "/g/t.json"])
        #expect(render.prefix(4) == ["__worker", "render", "/w/in/a.rmdoc", "--output"])
        #expect(!render.contains("--trust"), "render is free: no gate")
        #expect(throws: ServiceError.self) {
            try Endpoint.export.workerArguments(pdf: "/w/in/a.pdf", ink: nil, proofs: [], options: [], output: "/w/out/a.pdf",
                                                limits: [], gate: [])
        }
    }

    @Test(arguments: [
        (64, "flatten: --pages 9: the PDF has 8 pages", 400, "usage"),
        (65, "a.txt: not an ink file inkpdf reads (ink-layers …)", 415, "unknown_format"),
        (65, "a.ink.jsonl:2: stroke 1: points must be a list", 422, "invalid_ink"),
        (66, "a.xopp: background PDF 'b.pdf' not found", 400, "input_missing"),
        (80, "a.pdf: not a PDF", 400, "damaged_pdf"),
        (84, "the ink was made for another PDF", 422, "document_mismatch"),
        (85, "flatten refused (requires_pro): Pro needed", 402, "entitlement_required"),
        (85, "flatten refused (expired): the subscription ended", 402, "entitlement_required"),
        (85, "flatten refused (revoked): the purchase was refunded", 403, "entitlement_required"),
        (85, "flatten refused (clock_rollback): the clock went back", 403, "entitlement_required"),
        (88, "a.pdf: stopped after 60 s", 504, "timed_out"),
        (89, "a.pdf: the worker crashed (signal 9)", 500, "worker_crashed"),
        (70, "cairo failed", 500, "internal_error"),
    ])
    func commandFailuresGetAFittingStatus(exit: Int32, message: String, status: UInt32, code: String) {
        let error = ServiceError.command(exit: exit, message: message)
        #expect(error.status == status)
        #expect(error.code == code)
        #expect(error.exitCode == exit)
    }

    @Test func refusalsCarryTheirHeaders() {
        #expect(ServiceError.busy(retryAfter: 6).headers.contains { $0 == ("Retry-After", "6") })
        #expect(ServiceError.unauthorized.headers.contains { $0 == ("WWW-Authenticate", "Bearer") })
        #expect(ServiceError.busy(retryAfter: 6).status == 503 && ServiceError.tooLarge(limitMB: 1).status == 413)
        #expect(ServiceError.refusalReason("export refused (note_limit): five notes") == "note_limit")
        #expect(ServiceError.refusalReason("no reason here") == nil)
    }

    @Test func uploadNamesNeverClimbOrHide() {
        #expect(MultipartUpload.safeName("../../etc/passwd", part: "ink") == "passwd")
        #expect(MultipartUpload.safeName("/abs/notes.xopp", part: "ink") == "notes.xopp")
        #expect(MultipartUpload.safeName(".hidden.pdf", part: "pdf") == "hidden.pdf")
        #expect(MultipartUpload.safeName("..", part: "pdf") == "pdf")
        #expect(MultipartUpload.safeName(nil, part: "proof") == "proof")
        #expect(MultipartUpload.safeName("C:\\Users\\me\\Ünïcode notes?.pdf", part: "pdf") == "C__Users_me__n_code_notes_.pdf")
        #expect(MultipartUpload.safeName(String(repeating: "a", count: 500), part: "ink").count == 120)
    }

    @Test func listenAddresses() throws {
        #expect(try ListenAddress("127.0.0.1:0").isIPv6 == false)
        #expect(try ListenAddress("[::1]:8080").isIPv6 == true)
        #expect(try ListenAddress("localhost:8080").socketAddress.isEmpty == false)
        for bad in ["nope", "127.0.0.1", "127.0.0.1:99999", ":8080", "[::1]8080"] {
            #expect(throws: ServeError.self, "\(bad)") { try ListenAddress(bad) }
        }
    }

    @Test func bearerTokensFromAFile() throws {
        let path = NSTemporaryDirectory() + "tokens-\(getpid())-\(UUID().uuidString)"
        try "# comment\n\n  first-token  \nsecond\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let tokens = try BearerTokens(file: path)
        #expect(tokens.admits(authorization: "Bearer first-token"))
        #expect(tokens.admits(authorization: "bearer second"))
        #expect(!tokens.admits(authorization: "Bearer first"))
        #expect(!tokens.admits(authorization: "Basic c2Vjb25k"))
        #expect(!tokens.admits(authorization: nil))
        #expect(!tokens.admits(authorization: "Bearer # comment"))
        try "# only a comment\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ServeError.noTokens(path: path)) { try BearerTokens(file: path) }
    }

    @Test func placesForJobsAndTheQueue() async {
        let slots = JobSlots(jobs: 1, queue: 1)
        #expect(slots.enter())
        #expect(slots.hasRoom)
        let waited = Signal()
        Thread.detachNewThread {
            _ = slots.enter()
            waited.signal()
        }
        #expect(await eventually(within: 10) { slots.depth.waiting == 1 })
        #expect(!slots.hasRoom)
        #expect(!slots.enter(), "a third request finds no place")
        slots.leave()
        #expect(await waited.wait(within: 10))
        #expect(slots.depth.running == 1 && slots.depth.waiting == 0)
        slots.leave()
    }

    @Test func closedPlacesTurnAwayThoseWaitingAndEveryLaterRequest() async {
        let slots = JobSlots(jobs: 1, queue: 2)
        #expect(slots.enter())
        let refused = Atomic<Int>(0)
        let answered = Atomic<Int>(0)
        for _ in 0..<2 {
            Thread.detachNewThread {
                if !slots.enter() { refused.add(1, ordering: .relaxed) }
                answered.add(1, ordering: .relaxed)
            }
        }
        #expect(await eventually(within: 10) { slots.depth.waiting == 2 })
        slots.close()
        #expect(await eventually(within: 10) { answered.load(ordering: .relaxed) == 2 }, "those waiting were not let go")
        #expect(refused.load(ordering: .relaxed) == 2)
        slots.leave()
        #expect(!slots.enter(), "a place was given after the close")
        #expect(slots.depth.running == 0)
    }

    @Test func theEndOfAPartsHeadersIsNeverHandedOverNearTheEnd() {
        let headers = Array("--b\r\nContent-Disposition: form-data; name=\"pages\"\r\n\r\n".utf8)
        // Headers that end where the input ends: kept back from the empty line on.
        #expect(MultipartUpload.safeEnd(of: headers, holdBack: 20) == headers.count - 3)
        // With more than holdBack bytes after them: all of it goes.
        let more = headers + Array(repeating: UInt8(ascii: "x"), count: 30)
        #expect(MultipartUpload.safeEnd(of: more, holdBack: 20) == more.count)
        // Fewer: up to the empty line only, a bare LF one as well.
        let few = headers + Array("12".utf8)
        #expect(MultipartUpload.safeEnd(of: few, holdBack: 20) == headers.count - 3)
        let bare = Array("--b\nContent-Disposition: form-data; name=\"a\"\n\n1".utf8)
        #expect(MultipartUpload.safeEnd(of: bare, holdBack: 20) == bare.count - 3)
        // What is kept back stays small, whatever the content.
        let newlines = [UInt8](repeating: 0x0A, count: 10_000)
        #expect(MultipartUpload.safeEnd(of: newlines, holdBack: 20) >= 10_000 - 41)
    }

    @Test func metricsAreCumulativeHistograms() {
        let metrics = ServiceMetrics()
        metrics.record(endpoint: "flatten", status: 200, seconds: 0.03, bytesIn: 10, bytesOut: 20)
        metrics.record(endpoint: "flatten", status: 200, seconds: 3, bytesIn: 10, bytesOut: 20)
        metrics.record(endpoint: "flatten", status: 503, seconds: 0.001, bytesIn: 0, bytesOut: 5)
        let text = metrics.text(running: 1, waiting: 2, inFlight: 3, cutOff: 0)
        #expect(text.contains("inkpdf_requests_total{endpoint=\"flatten\",status=\"200\"} 2\n"))
        #expect(text.contains("inkpdf_requests_total{endpoint=\"flatten\",status=\"503\"} 1\n"))
        #expect(text.contains("inkpdf_request_duration_seconds_bucket{endpoint=\"flatten\",le=\"0.005\"} 1\n"))
        #expect(text.contains("inkpdf_request_duration_seconds_bucket{endpoint=\"flatten\",le=\"0.05\"} 2\n"))
        #expect(text.contains("inkpdf_request_duration_seconds_bucket{endpoint=\"flatten\",le=\"+Inf\"} 3\n"))
        #expect(text.contains("inkpdf_queue_depth 2\n") && text.contains("inkpdf_sent_bytes_total 45\n"))
        // Every sample line is NAME{LABELS} VALUE or NAME VALUE, after its # TYPE.
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.hasPrefix("inkpdf_") && Double(line.split(separator: " ").last ?? "") != nil, "\(line)")
        }
    }

    /// Issue 52: a message that names one of the service's own files (its copy of the policy) names only
    /// what the file is, never where the service keeps it.
    @Test func theServicesOwnPathsAreLeftOutOfMessages() {
        let folder = "/tmp/inkpdf-serve-42-AbC123"
        let said = ExportService.withoutServiceFolder("recognize: \(folder)/gate-3/policy.json: not a policy. See \(folder).", folder: folder, slash: "/")
        #expect(said == "recognize: the service's policy.json: not a policy. See the service's folder.")
        let escaped = folder.replacingOccurrences(of: "/", with: "\\/")
        #expect(ExportService.withoutServiceFolder("{\"m\":\"\(escaped)\\/gate-1\\/trust.json\"}", folder: escaped, slash: "\\/")
                == "{\"m\":\"the service's trust.json\"}")
        #expect(ExportService.withoutServiceFolder("nothing of the service's", folder: folder, slash: "/") == "nothing of the service's")
    }
}
