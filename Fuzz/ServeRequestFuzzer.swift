// A libFuzzer target for the service's request parsing (`inkpdf serve`, issue 40): every input is
// sent as it is, as the bytes of one HTTP request, to the service's own daemon (`HTTPDaemon`,
// libmicrohttpd, listening on 127.0.0.1 in this process) whose handler does what the service does
// before a worker runs — the route, the Content-Type, the multipart form (`MultipartUpload`, its
// file parts saved in a fresh folder), the form's options and the worker's command line
// (`Endpoint`) — and answers 200 or 400. Any crash, trap, hang or unbounded memory is a finding,
// and so is a saved file outside its folder or with an unsafe name, a text part past its limit,
// more parts than allowed, or a command line an option's value could add an option to.
// The socket-free pieces are also called directly on the input (`safeEnd`, `safeName`, `route`).
// Built and run by `scripts/fuzz.sh SECONDS serve-request`, seeded with generated requests.
// Compiled together with Sources/InkServe/HTTP and the few files of Service it needs (see scripts/fuzz.sh).
import CMicroHTTPD
import Foundation

private let root: String = {
    let path = NSTemporaryDirectory() + "inkpdf-serve-request-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

/// The state of one request: its endpoint, its folder and the upload being parsed.
private final class FuzzExchange: HTTPExchange, @unchecked Sendable {
    var endpoint: Endpoint?
    var folder: String?
    var upload: MultipartUpload?
}

/// What the service does with a request before a worker runs, without the gate and the workers.
private final class FormHandler: HTTPHandler, @unchecked Sendable {
    let counter = NSLock()
    var next = 0

    func begin(url: String, connection: HTTPConnection) -> HTTPExchange { FuzzExchange(url: url) }

    func headers(of exchange: HTTPExchange, method: String, connection: HTTPConnection) -> HTTPResponse? {
        let request = exchange as! FuzzExchange
        let path = String(request.url.split(separator: "?", maxSplits: 1).first ?? "")
        _ = connection.query("sidecar")
        _ = connection.header("X-Request-Id")
        guard case .found(let endpoint) = Endpoint.route(method: method, path: path) else { return .json(404, ["error": "route"]) }
        guard endpoint.path == path else { fatalError("'\(path)' routed to \(endpoint.path)") }
        guard endpoint.runsWorker else { return .json(200, ["status": "ready"]) }
        guard connection.header("Content-Type")?.lowercased().hasPrefix("multipart/form-data") == true else {
            return .json(415, ["error": "not_multipart"])
        }
        counter.lock()
        next += 1
        let folder = root + "/req-\(next)"
        counter.unlock()
        guard mkdir(folder, 0o700) == 0 else { return .json(500, ["error": "folder"]) }
        request.folder = folder
        guard let upload = MultipartUpload(connection: connection, folder: folder, form: endpoint.form) else {
            try? FileManager.default.removeItem(atPath: folder)
            return .json(415, ["error": "not_multipart"])
        }
        request.endpoint = endpoint
        request.upload = upload
        return nil
    }

    func body(of exchange: HTTPExchange, bytes: UnsafeRawBufferPointer, connection: HTTPConnection) -> Bool {
        let request = exchange as! FuzzExchange
        if let upload = request.upload { _ = upload.feed(bytes) }
        return true
    }

    func finish(_ exchange: HTTPExchange, connection: HTTPConnection) -> HTTPResponse {
        let request = exchange as! FuzzExchange
        guard let endpoint = request.endpoint, let upload = request.upload, let folder = request.folder else {
            return .json(400, ["error": "no_form"])
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if upload.finish() != nil { return .json(400, ["error": "bad_form"]) }
        check(upload, endpoint: endpoint, folder: folder)
        return .json(200, ["status": "parsed"])
    }

    func completed(_ exchange: HTTPExchange, ending: HTTPExchange.Ending) {
        let request = exchange as! FuzzExchange
        request.upload = nil
        if let folder = request.folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// What a parsed form must be: files in its folder under safe names, texts within their limit,
    /// and a command line whose options come only from the form's names.
    private func check(_ upload: MultipartUpload, endpoint: Endpoint, folder: String) {
        let saved = upload.files.values.joined()
        guard saved.count + upload.texts.count <= MultipartUpload.maximumParts else { fatalError("\(saved.count) files and \(upload.texts.count) texts") }
        for path in saved {
            let name = (path as NSString).lastPathComponent
            guard (path as NSString).deletingLastPathComponent == folder, !name.hasPrefix("."), name.utf8.count <= 130,
                  name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-+".unicodeScalars.contains($0)) })
            else { fatalError("a part saved as '\(path)' in '\(folder)'") }
        }
        for (name, text) in upload.texts where text.utf8.count > MultipartUpload.maximumTextBytes {
            fatalError("the text part '\(name)' kept \(text.utf8.count) bytes")
        }
        guard let options = try? endpoint.options(from: upload.texts) else { return }
        let values = endpoint.valueOptions.filter { upload.texts[$0] != nil }.count
        let flags = options.count - 2 * values
        guard flags >= 0, flags <= endpoint.flagOptions.count else { fatalError("options \(options) from \(upload.texts)") }
        var index = 0
        while index < options.count {
            let option = options[index]
            guard option.hasPrefix("--"), endpoint.valueOptions.contains(String(option.dropFirst(2))) || endpoint.flagOptions.contains(String(option.dropFirst(2)))
            else { fatalError("'\(option)' in \(options)") }
            index += endpoint.valueOptions.contains(String(option.dropFirst(2))) ? 2 : 1
        }
        let arguments = try? endpoint.workerArguments(pdf: upload.files["pdf"]?.first, ink: upload.files["ink"]?.first,
                                                      proofs: upload.files["proof"] ?? [], options: options, output: folder + "/out.pdf",
                                                      limits: [], gate: [])
        if let arguments, endpoint != .entitlementsCheck, !arguments.contains("--confine") { fatalError("unconfined: \(arguments)") }
    }
}

private let handler = FormHandler()
private let daemon: HTTPDaemon = {
    let settings = HTTPDaemon.Settings(address: try! ListenAddress("127.0.0.1:0"), tls: nil, connectionLimit: 64,
                                       perAddressLimit: 64, idleTimeout: 5)
    let watch = ConnectionWatch(headerTimeout: 5, bodyTimeout: 5, idleTimeout: 5)
    return try! HTTPDaemon(settings, handler: handler, watch: watch)
}()

/// Sends `bytes` to the daemon on a new connection, ends the sending side and reads the answer to its end.
private func exchange(_ bytes: UnsafeRawBufferPointer) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = daemon.port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return }
    var sent = 0
    while sent < bytes.count {
        let count = send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
        if count <= 0 { break }
        sent += count
    }
    shutdown(descriptor, Int32(SHUT_WR))
    var buffer = [UInt8](repeating: 0, count: 4096)
    while recv(descriptor, &buffer, buffer.count, 0) > 0 {}
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServeRequest(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: count)
    // The socket-free pieces, on the input as it is.
    let all = Array(bytes)
    let holdBack = 8 + Int(all.first ?? 0)
    let end = MultipartUpload.safeEnd(of: all, holdBack: holdBack)
    guard end >= 0, end <= all.count else { fatalError("safeEnd \(end) of \(all.count)") }
    let text = String(decoding: all.prefix(512), as: UTF8.self)
    let name = MultipartUpload.safeName(text, part: "pdf")
    guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), name.count <= 120 else { fatalError("safe name '\(name)'") }
    let line = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    let words = line.split(separator: " ", maxSplits: 1).map(String.init)
    if words.count == 2, case .found(let endpoint) = Endpoint.route(method: words[0], path: words[1]), endpoint.path != words[1] {
        fatalError("'\(words[1])' routed to \(endpoint.path)")
    }
    // The whole request through the daemon.
    exchange(bytes)
    return 0
}
