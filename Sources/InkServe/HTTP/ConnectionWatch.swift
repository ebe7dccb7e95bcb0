import Foundation
import Synchronization

/// Deadlines libmicrohttpd does not keep: its time-out is for a connection
/// that is idle, so a client that sends its headers a byte a second, or
/// trickles its upload, would hold a connection for ever. The watch knows
/// where each connection is and, past its deadline, answers 408 itself (no
/// response was queued yet: nothing else writes on that socket) and shuts the
/// socket, which ends the request on its own thread.
final class ConnectionWatch: Sendable {
    enum Phase: Sendable {
        /// Open, no request line yet: the headers' deadline runs from here.
        case fresh
        /// Between two requests of a kept-alive connection.
        case idle
        case requestLine, body, working, answering, stopped
    }

    private struct Entry {
        var socket: Int32
        var phase: Phase
        var since: ContinuousClock.Instant
        /// The client's address, for the limit a client.
        var address: String
        /// Its request is a health check: it counts against the reserve, not the general limit.
        var health = false
        /// Opened when the general limit (or its client's share) was taken: it may only ask for a
        /// health check, soon, and is refused anything else.
        var reserved = false
    }

    /// How many connections are for work (every request but health checks), and how many of
    /// those one client address may hold; past them a connection is kept only for a health check.
    struct Limits: Sendable {
        var general: Int
        var perAddress: Int
        /// Seconds a connection opened on the reserve, or asking for a health check, has to send its headers.
        var reserveTimeout: Double
        /// Health checks at once from one address (a load balancer's or an orchestrator's few).
        var healthPerAddress = 2
    }

    /// Seconds from the request line to the end of the headers.
    let headerTimeout: Double
    /// Seconds from the end of the headers to the end of the body, and from the start of the answer to its end.
    let bodyTimeout: Double
    /// Seconds a kept-alive connection may sit between requests, past libmicrohttpd's idle time-out
    /// (which a byte a second keeps resetting).
    let idleTimeout: Double
    let limits: Limits
    private let entries = Mutex<[UInt: Entry]>([:])
    private let running = Mutex(true)
    /// How many requests the watch cut off.
    let cutOff = Atomic<Int>(0)
    /// Tests only: called by `sweep` with the sockets it is about to cut, before it cuts them.
    let willCut = Mutex<(@Sendable ([Int32]) -> Void)?>(nil)

    init(headerTimeout: Double, bodyTimeout: Double, idleTimeout: Double,
         limits: Limits = Limits(general: .max, perAddress: .max, reserveTimeout: 2)) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.limits = limits
    }

    func opened(_ key: UInt, socket: Int32, address: String = "") {
        entries.withLock { entries in
            var entry = Entry(socket: socket, phase: .fresh, since: .now, address: address)
            entry.reserved = !Self.hasRoom(in: entries, for: address, excluding: key, limits: limits)
            entries[key] = entry
        }
    }

    /// Whether a connection for work from `address` fits the general limit and its client's share.
    private static func hasRoom(in entries: [UInt: Entry], for address: String, excluding key: UInt, limits: Limits) -> Bool {
        var general = 0
        var fromAddress = 0
        for (other, entry) in entries where other != key && !entry.health && !entry.reserved {
            general += 1
            if entry.address == address { fromAddress += 1 }
        }
        return general < limits.general && fromAddress < limits.perAddress
    }

    /// Removed while the socket is still open (libmicrohttpd tells before it closes it), so
    /// that the sweep, which cuts under the same lock, never reaches a number reused since.
    func closed(_ key: UInt) { entries.withLock { _ = $0.removeValue(forKey: key) } }

    /// The request line: a health check moves to the reserve; any other request on a connection
    /// that is not counted for work takes a place if one is free.
    func requestLine(_ key: UInt, path: String) {
        _ = move(key, to: .requestLine)
        let isHealth = path == "/healthz"
        entries.withLock { entries in
            guard var entry = entries[key] else { return }
            let healthFromAddress = entries.filter { $0.key != key && $0.value.health && $0.value.address == entry.address }.count
            if isHealth && (entry.health || healthFromAddress < limits.healthPerAddress) {
                entry.health = true
            } else if entry.health || entry.reserved {
                entry.health = false
                entry.reserved = false
                entry.reserved = !Self.hasRoom(in: entries, for: entry.address, excluding: key, limits: limits)
            }
            entries[key] = entry
        }
    }

    /// Whether this connection's request may go on: false for a request other than a health
    /// check on a connection opened past the limits (it is refused at once).
    func admits(_ key: UInt) -> Bool { entries.withLock { entries in entries[key].map { $0.health || !$0.reserved } ?? true } }

    /// False when the watch has already cut this connection off.
    func bodyStarted(_ key: UInt) -> Bool { move(key, to: .body) }
    func working(_ key: UInt) -> Bool { move(key, to: .working) }
    func answering(_ key: UInt) -> Bool { move(key, to: .answering) }
    func completed(_ key: UInt) { _ = move(key, to: .idle) }

    private func move(_ key: UInt, to phase: Phase) -> Bool {
        entries.withLock { entries in
            guard var entry = entries[key] else { return true }
            guard entry.phase != .stopped else { return false }
            // A first request's headers are timed from the connection's start.
            if !(entry.phase == .fresh && phase == .requestLine) { entry.since = .now }
            entry.phase = phase
            entries[key] = entry
            return true
        }
    }

    /// Checks the deadlines four times a second until `stop()`.
    func start() {
        let thread = Thread { [self] in
            while running.withLock({ $0 }) {
                usleep(250_000)
                sweep()
            }
        }
        thread.stackSize = 256 << 10
        thread.start()
    }

    func stop() { running.withLock { $0 = false } }

    /// The 408 the watch writes: a fixed answer, the same JSON error as every other.
    private let answer: [UInt8] = {
        let body = #"{"error":"request_timeout","message":"the request did not arrive in time; send it faster"}"# + "\n"
        return Array(("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\n"
                      + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
    }()

    /// Cuts the connections past their deadline: a request still arriving gets the 408 (no
    /// response was queued yet: nothing else writes on that socket), an answer the client reads
    /// too slowly is cut short. All under the lock, so no socket is closed meanwhile and its
    /// number given to another connection.
    func sweep(now: ContinuousClock.Instant = .now) {
        entries.withLock { entries in
            var late: [(socket: Int32, answers: Bool)] = []
            for (key, entry) in entries {
                let limit: Double
                switch entry.phase {
                case .fresh, .requestLine:
                    limit = entry.reserved || entry.health ? min(headerTimeout, limits.reserveTimeout) : headerTimeout
                case .body, .answering: limit = bodyTimeout
                case .idle: limit = idleTimeout + headerTimeout
                case .working, .stopped: continue
                }
                guard now - entry.since > .milliseconds(Int64(limit * 1000)) else { continue }
                entries[key]?.phase = .stopped
                if entry.phase != .idle { cutOff.add(1, ordering: .relaxed) }
                late.append((entry.socket, entry.phase != .idle && entry.phase != .answering))
            }
            guard !late.isEmpty else { return }
            willCut.withLock { $0 }?(late.map(\.socket))
            for (socket, answers) in late {
                if answers {
                    answer.withUnsafeBytes { _ = send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                } else {
                    // An answer cut short: what is still queued for a slow reader is dropped when the
                    // socket closes (a reset), rather than trickled out after the end.
                    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                    _ = setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                }
                shutdown(socket, Int32(SHUT_RDWR))
            }
        }
    }
}
