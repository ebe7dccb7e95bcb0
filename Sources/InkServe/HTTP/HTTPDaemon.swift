import CMicroHTTPD
import Foundation

/// What the daemon hands each request to, on that connection's own thread
/// (libmicrohttpd runs a thread per connection): the request line, the
/// headers, the body in pieces, and the end.
protocol HTTPHandler: AnyObject, Sendable {
    /// A request line arrived: the state that follows this request to `completed`.
    func begin(url: String, connection: HTTPConnection) -> HTTPExchange
    /// The headers are in. A response here answers at once (the body, if any, is
    /// not read); nil reads the body.
    func headers(of exchange: HTTPExchange, method: String, connection: HTTPConnection) -> HTTPResponse?
    /// A piece of the body; false closes the connection (the body cannot be answered mid-way).
    func body(of exchange: HTTPExchange, bytes: UnsafeRawBufferPointer, connection: HTTPConnection) -> Bool
    /// The whole body is in: the answer.
    func finish(_ exchange: HTTPExchange, connection: HTTPConnection) -> HTTPResponse
    /// The request is over, answered or not (the client went away, a time-out).
    func completed(_ exchange: HTTPExchange, ending: HTTPExchange.Ending)
}

/// The state of one request from its request line to its end. A request lives on
/// one connection's thread, so it is never touched by two threads at once;
/// the watch reads only its own locked fields.
class HTTPExchange: @unchecked Sendable {
    enum Ending: Equatable { case answered, clientGone, timedOut, serverStopping, failed }

    let url: String
    let started = ContinuousClock.now
    var method = ""
    var headersSeen = false
    var responded = false
    var status: UInt32 = 0
    var bytesIn: Int64 = 0
    var bytesOut: Int64 = 0

    init(url: String) { self.url = url }
}

/// One connection as the access handler sees it: its headers and query.
struct HTTPConnection: @unchecked Sendable {
    let pointer: OpaquePointer

    /// A request header, or nil. The corresponding C function is `MHD_lookup_connection_value`.
    func header(_ name: String) -> String? {
        MHD_lookup_connection_value(pointer, .HEADER_KIND, name).map { String(cString: $0) }
    }

    /// A query argument (`?sidecar=1`), or nil. The corresponding C function is `MHD_lookup_connection_value`.
    func query(_ name: String) -> String? {
        MHD_lookup_connection_value(pointer, .GET_ARGUMENT_KIND, name).map { String(cString: $0) }
    }

    /// The socket. The corresponding C function is `MHD_get_connection_info`.
    var socket: Int32 { inkpdf_mhd_connection_fd(pointer) }

    var key: UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pointer))) }

    /// The client's address without its port (`127.0.0.1`, `::1`), or "" when it cannot be had.
    /// The corresponding C functions are `getpeername` and `getnameinfo`.
    var clientAddress: String {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let found = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                getpeername(socket, address, &length) == 0
                    && getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
            }
        }
        return found ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    }
}

/// libmicrohttpd's daemon: a listening socket, a thread per connection, and
/// the handler's callbacks. A single owner: `stop()` or the end of the value
/// stops it.
final class HTTPDaemon: @unchecked Sendable {
    struct Settings: Sendable {
        var address: ListenAddress
        var tls: (certificate: String, key: String)?
        /// Connections at once (the others wait in the kernel's backlog).
        var connectionLimit: Int
        /// Connections at once from one client address (past them, libmicrohttpd closes a new one at once).
        var perAddressLimit: Int
        /// Seconds a connection may be idle (no byte either way) before it is closed.
        var idleTimeout: Int
    }

    private var daemon: OpaquePointer?
    let handler: any HTTPHandler
    let watch: ConnectionWatch
    /// What libmicrohttpd keeps pointers into while it runs.
    private let socketAddress: UnsafeMutableRawPointer
    private let tlsStrings: [UnsafeMutablePointer<CChar>]

    /// Starts listening. The corresponding C function is `MHD_start_daemon`.
    init(_ settings: Settings, handler: any HTTPHandler, watch: ConnectionWatch) throws(ServeError) {
        self.handler = handler
        self.watch = watch
        socketAddress = settings.address.allocateSocketAddress()
        tlsStrings = settings.tls.map { [strdup($0.certificate)!, strdup($0.key)!] } ?? []
        var flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
                           | MHD_USE_POLL.rawValue | MHD_USE_ITC.rawValue)
        if settings.address.isIPv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }
        if settings.tls != nil {
            guard MHD_is_feature_supported(.FEATURE_TLS) == MHD_Result.YES else {
                throw .cannotListen(address: settings.address.text, reason: "this libmicrohttpd was built without TLS")
            }
            flags |= UInt32(MHD_USE_TLS.rawValue)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        func item(_ option: MHD_OPTION, _ value: Int = 0, _ pointer: UnsafeMutableRawPointer? = nil) -> MHD_OptionItem {
            MHD_OptionItem(option: option, value: value, ptr_value: pointer)
        }
        var options = [
            item(.SOCK_ADDR, 0, socketAddress),
            item(.CONNECTION_LIMIT, settings.connectionLimit),
            item(.PER_IP_CONNECTION_LIMIT, settings.perAddressLimit),
            item(.CONNECTION_TIMEOUT, settings.idleTimeout),
            item(.THREAD_STACK_SIZE, 1 << 20),
            item(.NOTIFY_COMPLETED, unsafeBitCast(Self.completedTrampoline, to: Int.self), context),
            item(.NOTIFY_CONNECTION, unsafeBitCast(Self.connectionTrampoline, to: Int.self), context),
            item(.URI_LOG_CALLBACK, unsafeBitCast(Self.requestLineTrampoline, to: Int.self), context),
        ]
        if tlsStrings.count == 2 {
            options.append(item(.HTTPS_MEM_CERT, 0, UnsafeMutableRawPointer(tlsStrings[0])))
            options.append(item(.HTTPS_MEM_KEY, 0, UnsafeMutableRawPointer(tlsStrings[1])))
        }
        options.append(item(.END))
        daemon = options.withUnsafeMutableBufferPointer { buffer in
            inkpdf_mhd_start(flags, 0, Self.accessTrampoline, context, buffer.baseAddress)
        }
        guard daemon != nil else {
            let reason = errno == 0 ? "libmicrohttpd could not start (a bad certificate or key?)" : String(cString: strerror(errno))
            throw .cannotListen(address: settings.address.text, reason: reason)
        }
    }

    deinit {
        stop()
        socketAddress.deallocate()
        for string in tlsStrings { free(string) }
    }

    /// The port it listens on (the one chosen for port 0). The corresponding C function is `MHD_get_daemon_info`.
    var port: UInt16 { daemon.map { inkpdf_mhd_bound_port($0) } ?? 0 }

    /// Stops accepting connections; those open go on. The corresponding C function is `MHD_quiesce_daemon`.
    func stopAccepting() {
        guard let daemon else { return }
        let listening = MHD_quiesce_daemon(daemon)
        if listening >= 0 { close(listening) }
    }

    /// Closes every connection and stops. The corresponding C function is `MHD_stop_daemon`.
    func stop() {
        guard let running = daemon else { return }
        daemon = nil
        MHD_stop_daemon(running)
    }

    // MARK: callbacks (C: no captures; the daemon comes back through the context pointer)

    private static func daemon(_ context: UnsafeMutableRawPointer?) -> HTTPDaemon {
        Unmanaged<HTTPDaemon>.fromOpaque(context!).takeUnretainedValue()
    }

    private static func exchange(_ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> HTTPExchange? {
        guard let pointer = slot?.pointee else { return nil }
        return Unmanaged<HTTPExchange>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The request line is in: the exchange is made here and kept in libmicrohttpd's request slot.
    private static let requestLineTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?)
        -> UnsafeMutableRawPointer? = { context, url, connection in
            guard let connection else { return nil }
            let daemon = daemon(context)
            let link = HTTPConnection(pointer: connection)
            let line = url.map { String(cString: $0) } ?? ""
            daemon.watch.requestLine(link.key, path: String(line.split(separator: "?", maxSplits: 1).first ?? ""))
            let exchange = daemon.handler.begin(url: line, connection: link)
            return Unmanaged.passRetained(exchange).toOpaque()
        }

    private static let accessTrampoline: MHD_AccessHandlerCallback = { context, connection, url, method, _, data, size, slot in
        guard let connection, let exchange = exchange(slot) else { return MHD_Result.NO }
        let daemon = daemon(context)
        let link = HTTPConnection(pointer: connection)
        if !exchange.headersSeen {
            exchange.headersSeen = true
            exchange.method = method.map { String(cString: $0) } ?? ""
            guard daemon.watch.bodyStarted(link.key) else { return MHD_Result.NO }
            if let response = daemon.handler.headers(of: exchange, method: exchange.method, connection: link) {
                return daemon.answer(exchange, with: response, on: link)
            }
            return MHD_Result.YES
        }
        if let size, size.pointee > 0 {
            let count = size.pointee
            size.pointee = 0
            if exchange.responded { return MHD_Result.YES }
            exchange.bytesIn += Int64(count)
            return daemon.handler.body(of: exchange, bytes: UnsafeRawBufferPointer(start: data, count: count), connection: link)
                ? MHD_Result.YES : MHD_Result.NO
        }
        if exchange.responded { return MHD_Result.YES }
        guard daemon.watch.working(link.key) else { return MHD_Result.NO }
        return daemon.answer(exchange, with: daemon.handler.finish(exchange, connection: link), on: link)
    }

    private func answer(_ exchange: HTTPExchange, with response: HTTPResponse, on connection: HTTPConnection) -> MHD_Result {
        exchange.responded = true
        exchange.status = response.status
        guard watch.answering(connection.key) else { return MHD_Result.NO }
        guard let (queued, bytes) = response.queue(on: connection.pointer) else { return MHD_Result.NO }
        exchange.bytesOut = bytes
        return queued
    }

    private static let completedTrampoline: MHD_RequestCompletedCallback = { context, connection, slot, code in
        let daemon = daemon(context)
        if let connection { daemon.watch.completed(HTTPConnection(pointer: connection).key) }
        guard let pointer = slot?.pointee else { return }
        slot?.pointee = nil
        let exchange = Unmanaged<HTTPExchange>.fromOpaque(pointer).takeRetainedValue()
        let ending: HTTPExchange.Ending = switch code {
        case .REQUEST_TERMINATED_COMPLETED_OK: .answered
        case .REQUEST_TERMINATED_TIMEOUT_REACHED: .timedOut
        case .REQUEST_TERMINATED_DAEMON_SHUTDOWN: .serverStopping
        case .REQUEST_TERMINATED_READ_ERROR, .REQUEST_TERMINATED_CLIENT_ABORT: .clientGone
        default: .failed
        }
        daemon.handler.completed(exchange, ending: exchange.responded && ending == .failed ? .clientGone : ending)
    }

    private static let connectionTrampoline: MHD_NotifyConnectionCallback = { context, connection, _, code in
        guard let connection else { return }
        let daemon = daemon(context)
        let link = HTTPConnection(pointer: connection)
        if code == .CONNECTION_NOTIFY_STARTED {
            daemon.watch.opened(link.key, socket: link.socket, address: link.clientAddress)
        } else {
            daemon.watch.closed(link.key)
        }
    }
}
