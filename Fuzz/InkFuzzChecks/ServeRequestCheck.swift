import Foundation
@testable import InkServe
import Synchronization

/// The service's request parsing (`inkpdf serve`): every input is sent as it is, as the bytes of one
/// HTTP request, to the service's own daemon (`HTTPDaemon`, libmicrohttpd, listening on 127.0.0.1 in
/// this process) whose handler does what the service does before a worker runs — the route, the
/// Content-Type, the multipart form (`MultipartUpload`, its file parts saved in a fresh folder), the
/// form's options and the worker's command line (`Endpoint`) — and answers 200 or 400. A saved file
/// outside its folder or with an unsafe name, a text part past its limit, more parts than allowed, or
/// a command line an option's value could add an option to is a finding. The socket-free pieces are
/// also called directly on the input (`safeEnd`, `safeName`, `route`).
enum ServeRequestCheck {
    static func problem(with bytes: UnsafeRawBufferPointer) -> String? {
        let all = Array(bytes)
        let holdBack = 8 + Int(all.first ?? 0)
        let end = MultipartUpload.safeEnd(of: all, holdBack: holdBack)
        guard end >= 0, end <= all.count else { return "safeEnd \(end) of \(all.count)" }
        let text = String(decoding: all.prefix(512), as: UTF8.self)
        let name = MultipartUpload.safeName(text, part: "pdf")
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), name.count <= 120 else { return "safe name '\(name)'" }
        let line = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        if words.count == 2, case .found(let endpoint) = Endpoint.route(method: words[0], path: words[1]), endpoint.path != words[1] {
            return "'\(words[1])' routed to \(endpoint.path)"
        }
        // The whole request through the daemon, one input at a time, so that what its handler
        // finds belongs to this input.
        return oneAtATime.withLock { _ in
            let daemon: HTTPDaemon
            switch sharedDaemon {
            case .success(let started): daemon = started
            case .failure(let error): return "the daemon does not start: \(error)"
            }
            handler.findings.withLock { $0 = [] }
            send(bytes, to: daemon.port)
            return handler.findings.withLock { $0.first }
        }
    }

    private static let oneAtATime = Mutex(())
    private static let handler = FormHandler()
    private static let sharedDaemon: Result<HTTPDaemon, any Error> = Result {
        let settings = HTTPDaemon.Settings(address: try ListenAddress("127.0.0.1:0"), tls: nil, connectionLimit: 64,
                                           perAddressLimit: 64, idleTimeout: 5)
        let watch = ConnectionWatch(headerTimeout: 5, bodyTimeout: 5, idleTimeout: 5)
        return try HTTPDaemon(settings, handler: handler, watch: watch)
    }

    /// Sends `bytes` to the daemon on a new connection, ends the sending side and reads the answer to its end.
    private static func send(_ bytes: UnsafeRawBufferPointer, to port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return }
        var sent = 0
        while sent < bytes.count {
            let count = Glibc.send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            if count <= 0 { break }
            sent += count
        }
        shutdown(descriptor, Int32(SHUT_WR))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while recv(descriptor, &buffer, buffer.count, 0) > 0 {}
    }
}

/// The state of one request: its endpoint, its folder and the upload being parsed.
private final class FuzzExchange: HTTPExchange, @unchecked Sendable {
    var endpoint: Endpoint?
    var folder: String?
    var upload: MultipartUpload?
}

/// What the service does with a request before a worker runs, without the gate and the workers;
/// what breaks a promise is kept in `findings`.
private final class FormHandler: HTTPHandler, Sendable {
    let findings = Mutex<[String]>([])

    private func found(_ problem: String) { findings.withLock { $0.append(problem) } }

    func begin(url: String, connection: HTTPConnection) -> HTTPExchange { FuzzExchange(url: url) }

    func headers(of exchange: HTTPExchange, method: String, connection: HTTPConnection) -> HTTPResponse? {
        let request = exchange as! FuzzExchange
        let path = String(request.url.split(separator: "?", maxSplits: 1).first ?? "")
        _ = connection.query("sidecar")
        _ = connection.header("X-Request-Id")
        guard case .found(let endpoint) = Endpoint.route(method: method, path: path) else { return .json(404, ["error": "route"]) }
        guard endpoint.path == path else {
            found("'\(path)' routed to \(endpoint.path)")
            return .json(500, ["error": "route"])
        }
        guard endpoint.runsWorker else { return .json(200, ["status": "ready"]) }
        guard connection.header("Content-Type")?.lowercased().hasPrefix("multipart/form-data") == true else {
            return .json(415, ["error": "not_multipart"])
        }
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("inkpdf-serve-request-fuzz-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return .json(500, ["error": "folder"]) }
        let folder = String(cString: made)
        request.folder = folder
        guard let upload = MultipartUpload(connection: connection, folder: folder, form: endpoint.form) else {
            try? FileManager.default.removeItem(atPath: folder)
            request.folder = nil
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
        if let problem = problem(with: upload, endpoint: endpoint, folder: folder) {
            found(problem)
            return .json(500, ["error": "finding"])
        }
        return .json(200, ["status": "parsed"])
    }

    func completed(_ exchange: HTTPExchange, ending: HTTPExchange.Ending) {
        let request = exchange as! FuzzExchange
        request.upload = nil
        if let folder = request.folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// What a parsed form must be: files in its folder under safe names, texts within their limit,
    /// and a command line whose options come only from the form's names.
    private func problem(with upload: MultipartUpload, endpoint: Endpoint, folder: String) -> String? {
        let saved = upload.files.values.joined()
        guard saved.count + upload.texts.count <= MultipartUpload.maximumParts else { return "\(saved.count) files and \(upload.texts.count) texts" }
        for path in saved {
            let name = (path as NSString).lastPathComponent
            guard (path as NSString).deletingLastPathComponent == folder, !name.hasPrefix("."), name.utf8.count <= 130,
                  name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-+".unicodeScalars.contains($0)) })
            else { return "a part saved as '\(path)' in '\(folder)'" }
        }
        for (name, text) in upload.texts where text.utf8.count > MultipartUpload.maximumTextBytes {
            return "the text part '\(name)' kept \(text.utf8.count) bytes"
        }
        guard let options = try? endpoint.options(from: upload.texts) else { return nil }
        let values = endpoint.valueOptions.filter { upload.texts[$0] != nil }.count
        let flags = options.count - 2 * values
        guard flags >= 0, flags <= endpoint.flagOptions.count else { return "options \(options) from \(upload.texts)" }
        var index = 0
        while index < options.count {
            let option = options[index]
            guard option.hasPrefix("--"), endpoint.valueOptions.contains(String(option.dropFirst(2))) || endpoint.flagOptions.contains(String(option.dropFirst(2)))
            else { return "'\(option)' in \(options)" }
            index += endpoint.valueOptions.contains(String(option.dropFirst(2))) ? 2 : 1
        }
        let arguments = try? endpoint.workerArguments(pdf: upload.files["pdf"]?.first, ink: upload.files["ink"]?.first,
                                                      proofs: upload.files["proof"] ?? [], options: options, output: folder + "/out.pdf",
                                                      limits: [], gate: [])
        if let arguments, endpoint != .entitlementsCheck, !arguments.contains("--confine") { return "unconfined: \(arguments)" }
        return nil
    }
}
