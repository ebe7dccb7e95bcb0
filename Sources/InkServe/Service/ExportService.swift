import InkWorkers
import InkCommandLine
import InkImport
import InkFileSystem
import InkPipeline
import Foundation
import Synchronization

/// `inkpdf serve`: the command line behind an HTTP door. Each request's files
/// stream to a folder of its own; the work runs in the same worker process,
/// with the same limits and the same entitlement gate, as the command line;
/// the answer is the file that worker wrote, byte for byte.
public final class ExportService: HTTPHandler, @unchecked Sendable {
    let configuration: ServeConfiguration
    let executable: String
    let environment: [String: String]
    let folder: String
    private let slots: JobSlots
    private let metrics = ServiceMetrics()
    private let log = AccessLog()
    private let tokens: BearerTokens?
    private let gate: GateFiles
    /// The gate files the workers are given now.
    var gateSnapshot: GateFiles.Snapshot { gate.snapshot }
    private let watch: ConnectionWatch
    private let nextID = Atomic<Int>(0)
    private let inFlight = Atomic<Int>(0)
    private let draining = Atomic<Bool>(false)
    private let maxUploadBytes: Int64

    /// Reads the token, trust and policy files and makes the work folder; throws what stops the start.
    public init(configuration: ServeConfiguration, executable: String, environment: [String: String]) throws(ServeError) {
        self.configuration = configuration
        self.executable = executable
        var workerEnvironment = environment
        // Proofs come with each request, never from the service's own environment.
        workerEnvironment.removeValue(forKey: "INKPDF_PROOFS")
        workerEnvironment["INKPDF_REPORT"] = "json"
        workerEnvironment["INKPDF_LIMITS"] = "\(configuration.limits.timeout):\(configuration.limits.memoryMB):\(configuration.limits.stallTimeout)"
        self.environment = workerEnvironment
        slots = JobSlots(jobs: configuration.jobs, queue: configuration.queue)
        maxUploadBytes = Int64(configuration.maxUploadMB) << 20
        tokens = try configuration.tokenFile.map { (path) throws(ServeError) in try BearerTokens(file: path) }
        watch = ConnectionWatch(headerTimeout: configuration.headerTimeout, bodyTimeout: configuration.bodyTimeout,
                                idleTimeout: Double(configuration.idleTimeout),
                                limits: ConnectionWatch.Limits(general: configuration.connectionLimit,
                                                               perAddress: configuration.connectionsPerAddress,
                                                               reserveTimeout: ServeConfiguration.reserveTimeout))
        let base = configuration.workFolder ?? (environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        folder = try WorkFolder.make(in: base)
        do {
            gate = try GateFiles(trust: configuration.trust, policy: configuration.policy, folder: folder)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    // MARK: running

    /// Listens until SIGTERM or SIGINT, then stops accepting, lets the requests in flight
    /// finish (up to the grace period) and returns 0. SIGHUP reads the trust and policy again.
    /// `listening` is told the address once the socket is open.
    public func run(listening: (String) -> Void = { _ in }) throws(ServeError) -> Int32 {
        let address = try ListenAddress(configuration.listen)
        var tls: (String, String)?
        if let certificate = configuration.tlsCertificate, let key = configuration.tlsKey {
            tls = (String(decoding: try ServeError.contents(of: certificate, role: "TLS certificate"), as: UTF8.self),
                   String(decoding: try ServeError.contents(of: key, role: "TLS key"), as: UTF8.self))
        }
        let signals = ServiceSignals()
        watch.start()
        let daemon: HTTPDaemon
        do {
            // The reserve on top of the work's connections; one address may take two of it at most.
            let settings = HTTPDaemon.Settings(address: address, tls: tls,
                                               connectionLimit: configuration.connectionLimit + ServeConfiguration.healthReserve,
                                               perAddressLimit: configuration.connectionsPerAddress + 2,
                                               idleTimeout: configuration.idleTimeout)
            daemon = try HTTPDaemon(settings, handler: self, watch: watch)
        } catch {
            watch.stop()
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        let host = address.isIPv6 ? "[\(address.text.split(separator: "]").first!.dropFirst())]" : String(address.text.split(separator: ":").first!)
        let bound = "\(host):\(daemon.port)"
        AccessLog.event(["event": "listening", "address": bound, "tls": tls != nil, "jobs": configuration.jobs,
                         "queue": configuration.queue, "pid": Int(getpid())])
        listening(bound)
        while true {
            switch signals.next() {
            case .reload:
                do {
                    try gate.reload()
                    AccessLog.event(["event": "reloaded", "generation": gate.snapshot.generation])
                } catch {
                    AccessLog.event(["event": "reload_refused", "error": error.description])
                }
            case .stop(let signal):
                drain(daemon, signal: signal)
                return 0
            }
        }
    }

    /// Stops accepting; the requests waiting for a worker are answered 503 at once and no worker
    /// starts from here on; those running have the grace, then are stopped.
    private func drain(_ daemon: HTTPDaemon, signal: Int32) {
        draining.store(true, ordering: .sequentiallyConsistent)
        slots.close()
        daemon.stopAccepting()
        AccessLog.event(["event": "draining", "signal": Int(signal), "inFlight": inFlight.load(ordering: .relaxed)])
        let deadline = ContinuousClock.now + .milliseconds(Int64(configuration.grace * 1000))
        while inFlight.load(ordering: .sequentiallyConsistent) > 0 && ContinuousClock.now < deadline { usleep(20_000) }
        let unfinished = inFlight.load(ordering: .relaxed)
        // A worker that was starting as the grace ended registers a moment later: stop again until
        // the places are empty (bounded: a stopped worker's request ends at once).
        let stopping = ContinuousClock.now + .seconds(3)
        while slots.depth.running > 0 && ContinuousClock.now < stopping {
            TemporaryFiles.shared.stopWorkers()
            usleep(50_000)
        }
        daemon.stop()
        watch.stop()
        try? FileManager.default.removeItem(atPath: folder)
        AccessLog.event(["event": "stopped", "unfinished": unfinished])
    }

    // MARK: HTTPHandler

    func begin(url: String, connection: HTTPConnection) -> HTTPExchange {
        inFlight.add(1, ordering: .sequentiallyConsistent)
        let number = nextID.add(1, ordering: .relaxed).newValue
        return ServiceRequest(url: url, id: "\(getpid())-\(number)")
    }

    func headers(of exchange: HTTPExchange, method: String, connection: HTTPConnection) -> HTTPResponse? {
        let request = exchange as! ServiceRequest
        request.adopt(clientID: connection.header("X-Request-Id"))
        let path = String(request.url.split(separator: "?", maxSplits: 1).first ?? "")
        switch Endpoint.route(method: method, path: path) {
        case .notFound: return failed(request, .notFound(path))
        case .notNormalized: return failed(request, .notNormalized(path))
        case .wrongMethod(let allowed): return failed(request, .wrongMethod(path, allowed: allowed))
        case .found(let endpoint):
            request.endpoint = endpoint
            let isDraining = draining.load(ordering: .relaxed)
            switch endpoint {
            case .health:
                return answer(request, .json(isDraining ? 503 : 200, ["status": isDraining ? "draining" : "ready"]))
            case .metrics:
                let depth = slots.depth
                let text = metrics.text(running: depth.running, waiting: depth.waiting, inFlight: inFlight.load(ordering: .relaxed),
                                        cutOff: watch.cutOff.load(ordering: .relaxed))
                return answer(request, HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")],
                                                    body: .bytes(Array(text.utf8))))
            default: break
            }
            // A refusal is answered at once and closes the connection: its body is never read, so a
            // client that is refused cannot hold a connection by sending it slowly.
            var refusal: ServiceError?
            if !watch.admits(connection.key) {
                refusal = .busy(retryAfter: retryAfter)
            } else if let tokens, endpoint.needsToken, !tokens.admits(authorization: connection.header("Authorization")) {
                refusal = .unauthorized
            } else if isDraining {
                refusal = .draining
            } else if connection.header("Content-Type")?.lowercased().hasPrefix("multipart/form-data") != true {
                refusal = .notMultipart
            } else if !slots.hasRoom {
                refusal = .busy(retryAfter: retryAfter)
            }
            let length = connection.header("Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
            if let length, length > maxUploadBytes { return refuse(request, .tooLarge(limitMB: configuration.maxUploadMB)) }
            if let refusal { return refuse(request, refusal) }
            let requestFolder = folder + "/req-\(request.id)-\(nextID.add(1, ordering: .relaxed).newValue)"
            do {
                for made in [requestFolder, requestFolder + "/in", requestFolder + "/out"] { try FileSystem.makeFolder(made, mode: 0o700) }
            } catch {
                return failed(request, .command(exit: 73, message: "the service cannot make a folder for the request (\(error))"))
            }
            request.folder = requestFolder
            guard let upload = MultipartUpload(connection: connection, folder: requestFolder + "/in", form: endpoint.form) else {
                return refuse(request, .notMultipart)
            }
            request.upload = upload
            return nil
        }
    }

    func body(of exchange: HTTPExchange, bytes: UnsafeRawBufferPointer, connection: HTTPConnection) -> Bool {
        let request = exchange as! ServiceRequest
        // Past the limit with no Content-Length to refuse it by: the body cannot be answered
        // mid-way, so the connection is closed and nothing more is read.
        guard request.bytesIn <= maxUploadBytes else {
            request.failure = .tooLarge(limitMB: configuration.maxUploadMB)
            request.errorCode = "too_large"
            return false
        }
        if request.failure == nil, let upload = request.upload, !upload.feed(bytes) {
            request.failure = Self.formError(upload.failure)
        }
        return true
    }

    func finish(_ exchange: HTTPExchange, connection: HTTPConnection) -> HTTPResponse {
        let request = exchange as! ServiceRequest
        guard let endpoint = request.endpoint, let upload = request.upload, let requestFolder = request.folder else {
            return failed(request, .badForm("the request has no form"))
        }
        if let failure = request.failure { return failed(request, failure) }
        if let failure = upload.finish() { return failed(request, Self.formError(failure)) }
        let options: [String]
        do {
            options = try endpoint.options(from: upload.texts)
        } catch {
            return failed(request, error)
        }
        let pdf = upload.files[Endpoint.pdfPart]?.first
        var ink = upload.files[Endpoint.inkPart]?.first
        let name = Self.stem(of: pdf ?? ink ?? "document")
        // `recognize=1` (a form part or the query) on flatten and export: the ink is recognised first, by a
        // worker of its own (`recognize`, gated as searching handwriting), and the document drawn from that.
        var recognition: (ink: String, output: String)?
        if endpoint == .flatten || endpoint == .export,
           let asked = upload.texts[OptionHelp.recognize.field] ?? connection.query(OptionHelp.recognize.field), ["1", "true", "yes", "on"].contains(asked.lowercased()) {
            guard pdf != nil, let given = ink else {
                return failed(request, .badForm("recognize=1 reads ink-layers ink over its PDF: give the PDF as the part 'pdf' and the ink as 'ink' (another tool's document: POST it to /v1/recognize first)"))
            }
            let recognised = requestFolder + "/recognised/\(name).ink.jsonl"
            try? FileManager.default.createDirectory(atPath: requestFolder + "/recognised", withIntermediateDirectories: true)
            ink = recognised
            recognition = (given, recognised)
        }
        let output: String
        switch endpoint {
        case .render: output = requestFolder + "/out"
        case .convert, .recognize: output = requestFolder + "/out/\(name).ink.jsonl"
        default: output = requestFolder + "/out/\(name).pdf"
        }
        let snapshot = gate.snapshot
        let gateArguments = OptionHelp.gateArguments(policy: snapshot.policy, trust: snapshot.trust, state: configuration.state)
        let proofs = upload.files[Endpoint.proofPart] ?? []
        let limits = configuration.limits
        var arguments: [String], recognizing: [String]?
        do {
            arguments = try endpoint.workerArguments(pdf: pdf, ink: ink, proofs: proofs, options: options, output: output,
                                                     limits: limits.arguments, gate: gateArguments)
            // The recognising worker is the one POST /v1/recognize runs for the ink alone, with `lang` if given.
            recognizing = try recognition.map { recognition throws(ServiceError) in
                try Endpoint.recognize.workerArguments(pdf: nil, ink: recognition.ink, proofs: proofs,
                                                       options: upload.texts[OptionHelp.lang.field].map { OptionHelp.lang.spelled($0) } ?? [],
                                                       output: recognition.output, limits: [], gate: gateArguments)
            }
        } catch {
            return failed(request, error)
        }
        var environment = environment
        if let password = upload.texts[OptionHelp.password.field] { environment["INKPDF_PASSWORD"] = password }
        // The worker's temporary files (an importer's spool, a decompressed copy) go in the request's
        // folder, which goes at the request's end whatever happened, even when the worker was killed.
        environment["TMPDIR"] = requestFolder

        guard slots.enter() else {
            return failed(request, draining.load(ordering: .sequentiallyConsistent) ? .draining : .busy(retryAfter: retryAfter))
        }
        let result: (status: Int32, output: Data, errors: Data)
        do {
            defer { slots.leave() }
            if let recognition, let recognizing {
                let recognised = try DocumentWorker(executable: executable, limits: limits, environment: environment)
                    .spawn(recognizing, environment: environment, document: Self.name(of: recognition.ink),
                           destinations: [recognition.output])
                if recognised.status == 85 {   // the gate refused (entitlement required)
                    // Not allowed to search handwriting: the document is drawn from the ink as sent (its
                    // own text entries are left out by the drawing worker, which says so).
                    arguments = arguments.map { $0 == recognition.output ? recognition.ink : $0 }
                } else if recognised.status != 0 {
                    return failed(request, .command(exit: recognised.status, message: clean(Self.lastError(recognised.errors, status: recognised.status), request)))
                }
            }
            result = try DocumentWorker(executable: executable, limits: limits, environment: environment)
                .spawn(arguments, environment: environment, document: (pdf ?? ink).map(Self.name(of:)) ?? "the request",
                       destinations: [endpoint == .render ? output + "/page.png" : output])
        } catch {
            switch error {
            case .running(.timedOut), .running(.stalled): metrics.recordTimeout()
            case .running(.workerCrashed): metrics.recordCrash()
            default: break
            }
            return failed(request, .command(exit: error.exitCodeForService, message: clean("\(error)", request)))
        }
        let report = Self.report(result.output)
        if endpoint == .entitlementsCheck, result.status == 0 || result.status == 85, report != nil,
           let line = String(decoding: result.output, as: UTF8.self).split(separator: "\n").last {
            // The decision as the command line prints it, with the uploaded proofs named by their own names.
            let decision = clean(String(line), request, escapedSlashes: true)
            return answer(request, HTTPResponse(status: 200, headers: [("Content-Type", "application/json")],
                                                body: .bytes(Array(decision.utf8) + [0x0A])))
        }
        guard result.status == 0 else {
            return failed(request, .command(exit: result.status, message: clean(Self.lastError(result.errors, status: result.status), request)))
        }
        request.pages = report?["pageCount"] as? Int
        request.strokes = report?["strokeCount"] as? Int
        metrics.recordWork(pages: request.pages ?? 0, strokes: request.strokes ?? 0)
        return answer(request, outputResponse(endpoint: endpoint, output: output, name: name, report: report, request: request,
                                              connection: connection))
    }

    func completed(_ exchange: HTTPExchange, ending: HTTPExchange.Ending) {
        let request = exchange as! ServiceRequest
        if let folder = request.folder { try? FileManager.default.removeItem(atPath: folder) }
        let elapsed = (ContinuousClock.now - request.started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        let endpoint = request.endpoint?.rawValue ?? "unknown"
        let status = request.responded ? request.status : 0
        metrics.record(endpoint: endpoint, status: status, seconds: seconds, bytesIn: request.bytesIn,
                       bytesOut: ending == .answered ? request.bytesOut : 0)
        log.write(AccessLog.Line(id: request.id, method: request.method, path: String(request.url.prefix(200)), status: status,
                                 bytesIn: request.bytesIn, bytesOut: ending == .answered ? request.bytesOut : 0,
                                 milliseconds: seconds * 1000, pages: request.pages, strokes: request.strokes,
                                 error: request.errorCode, ending: "\(ending)"))
        inFlight.subtract(1, ordering: .sequentiallyConsistent)
    }

    // MARK: answers

    private var retryAfter: Int { max(1, Int(configuration.limits.stallTimeout.rounded(.up)) / 10) }

    private func answer(_ request: ServiceRequest, _ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.append(("X-Request-Id", request.id))
        if draining.load(ordering: .relaxed) { response.headers.append(("Connection", "close")) }
        return response
    }

    /// A refusal at the headers: answered at once, the body not read, the connection closed after.
    private func refuse(_ request: ServiceRequest, _ error: ServiceError) -> HTTPResponse {
        var response = failed(request, error)
        if !response.headers.contains(where: { $0.0 == "Connection" }) { response.headers.append(("Connection", "close")) }
        return response
    }

    private func failed(_ request: ServiceRequest, _ error: ServiceError) -> HTTPResponse {
        request.errorCode = error.code
        return answer(request, error.response)
    }

    /// The output as the worker wrote it: the PDF, PNG or ink file itself, or with `?sidecar=1`
    /// (and for several PNGs) a zip of what it wrote. The report goes in headers.
    private func outputResponse(endpoint: Endpoint, output: String, name: String, report: [String: Any]?,
                                request: ServiceRequest, connection: HTTPConnection) -> HTTPResponse {
        var headers: [(String, String)] = []
        if let pages = request.pages { headers.append(("X-Inkpdf-Pages", String(pages))) }
        if let inked = report?["inkedPageCount"] as? Int { headers.append(("X-Inkpdf-Inked-Pages", String(inked))) }
        if let strokes = request.strokes { headers.append(("X-Inkpdf-Strokes", String(strokes))) }
        let warnings = (report?["warnings"] as? [String]) ?? []
        headers.append(("X-Inkpdf-Warnings", String(warnings.count)))
        if let report, let data = try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys, .withoutEscapingSlashes]) {
            headers.append(("X-Inkpdf-Report", clean(String(decoding: data, as: UTF8.self), request)))
        }
        let outFolder = (request.folder ?? "") + "/out"
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: outFolder)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
        let wantsSidecar = ["1", "true", "yes"].contains(connection.query("sidecar")?.lowercased() ?? "")
        let single: (path: String, type: String, filename: String)?
        switch endpoint {
        case .render:
            single = written.count == 1 ? (outFolder + "/" + written[0], "image/png", written[0]) : nil
        case .convert, .recognize:
            single = (output, "application/x-ndjson", name + ".ink.jsonl")
        default:
            single = wantsSidecar ? nil : (output, "application/pdf", name + ".pdf")
        }
        if let single {
            headers += [("Content-Type", single.type), ("Content-Disposition", "attachment; filename=\"\(single.filename)\"")]
            return HTTPResponse(status: 200, headers: headers, body: .file(path: single.path))
        }
        let zip = (request.folder ?? "") + "/\(name).zip"
        do {
            var archive = try ZipArchiveWriter(path: zip)
            for file in written { try archive.add(file, file: outFolder + "/" + file) }
            try archive.close()
        } catch {
            return failed(request, .command(exit: 73, message: "the service cannot zip the output: \(error)"))
        }
        headers += [("Content-Type", "application/zip"), ("Content-Disposition", "attachment; filename=\"\(name).zip\"")]
        return HTTPResponse(status: 200, headers: headers, body: .file(path: zip))
    }

    // MARK: helpers

    /// A message without the service's folders: the client sees its own file names, and of the
    /// service's own files (its copies of the policy and trust files) only what they are.
    private func clean(_ message: String, _ request: ServiceRequest, escapedSlashes: Bool = false) -> String {
        var text = message
        for escaped in escapedSlashes ? [false, true] : [false] {
            let slash = escaped ? "\\/" : "/"
            func spelled(_ path: String) -> String { escaped ? path.replacingOccurrences(of: "/", with: "\\/") : path }
            if let requestFolder = request.folder {
                let base = spelled(requestFolder)
                text = text.replacingOccurrences(of: base + slash + "in" + slash, with: "")
                    .replacingOccurrences(of: base + slash + "out" + slash, with: "").replacingOccurrences(of: base, with: ".")
            }
            // What is left in the service's folder is its own: the gate's copies (`gate-N/policy.json`).
            text = Self.withoutServiceFolder(text, folder: spelled(folder), slash: slash)
        }
        return text
    }

    /// `text` with each path inside the service's `folder` given by its last name only, as the service's
    /// (`the service's policy.json`), and the folder itself as `the service's folder`.
    static func withoutServiceFolder(_ text: String, folder: String, slash: String) -> String {
        var result = "", rest = text[...]
        while let found = rest.range(of: folder) {
            result += rest[..<found.lowerBound]
            var end = found.upperBound
            // The path runs on to the first character that does not belong in a name of the service's.
            while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || "-_./\\".contains(rest[end]) {
                end = rest.index(after: end)
            }
            // A full stop after the path ends the sentence, not the name.
            while end > found.upperBound, rest[rest.index(before: end)] == "." { end = rest.index(before: end) }
            let inside = String(rest[found.upperBound..<end])
            let last = inside.components(separatedBy: slash).last(where: { !$0.isEmpty }) ?? ""
            result += last.isEmpty ? "the service's folder" : "the service's \(last)"
            rest = rest[end...]
        }
        return result + rest
    }

    private static func formError(_ failure: MultipartUpload.Failure?) -> ServiceError {
        switch failure {
        case .malformed(let message)?: .badForm(message)
        case .unknownPart(let name)?: .badForm("the form has a part '\(name)' this endpoint does not take")
        case .repeatedPart(let name)?: .badForm("the part '\(name)' is given twice")
        case .textTooLong(let name)?: .badForm("the part '\(name)' is longer than \(MultipartUpload.maximumTextBytes) bytes")
        case .tooManyParts?: .badForm("the form has more than \(MultipartUpload.maximumParts) parts")
        case .cannotWrite(let message)?: .command(exit: 73, message: message)
        case nil: .badForm("the multipart body is malformed")
        }
    }

    /// The worker's report: the last line of what it printed, a JSON object.
    private static func report(_ output: Data) -> [String: Any]? {
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        guard let last = lines.last else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(last.utf8))) as? [String: Any]
    }

    /// The worker's error line (its last `inkpdf: ` line that is not a warning).
    private static func lastError(_ errors: Data, status: Int32) -> String {
        String(decoding: errors, as: UTF8.self).split(separator: "\n")
            .last(where: { $0.hasPrefix("inkpdf: ") && !$0.hasPrefix("inkpdf: warning: ") })
            .map { String($0.dropFirst("inkpdf: ".count)) } ?? "the worker stopped with exit code \(status)"
    }

    private static func name(of path: String) -> String { (path as NSString).lastPathComponent }

    private static func stem(of path: String) -> String {
        var name = self.name(of: path)
        for suffix in [".gz", ".jsonl", ".ink", ".pdf", ".xopp", ".xoj", ".rmdoc", ".rm"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name.isEmpty ? "document" : name
    }
}

extension ExportError {
    /// The command line's exit code for a worker that had to be stopped.
    var exitCodeForService: Int32 {
        switch self {
        case .running(.timedOut), .running(.stalled): 88
        case .running(.workerCrashed): 89
        case .running(.interrupted(let signal)): 128 + signal
        default: 70
        }
    }
}
