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
    }

    /// Seconds from the request line to the end of the headers.
    let headerTimeout: Double
    /// Seconds from the end of the headers to the end of the body.
    let bodyTimeout: Double
    /// Seconds a kept-alive connection may sit between requests, past libmicrohttpd's idle time-out
    /// (which a byte a second keeps resetting).
    let idleTimeout: Double
    private let entries = Mutex<[UInt: Entry]>([:])
    private let running = Mutex(true)
    /// How many requests the watch cut off.
    let cutOff = Atomic<Int>(0)

    init(headerTimeout: Double, bodyTimeout: Double, idleTimeout: Double) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
    }

    func opened(_ key: UInt, socket: Int32) { entries.withLock { $0[key] = Entry(socket: socket, phase: .fresh, since: .now) } }
    func closed(_ key: UInt) { entries.withLock { _ = $0.removeValue(forKey: key) } }
    func requestLine(_ key: UInt) { _ = move(key, to: .requestLine) }
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

    private func sweep() {
        let now = ContinuousClock.now
        let late: [(socket: Int32, answers: Bool)] = entries.withLock { entries in
            var late: [(Int32, Bool)] = []
            for (key, entry) in entries {
                let limit: Double
                switch entry.phase {
                case .fresh, .requestLine: limit = headerTimeout
                case .body: limit = bodyTimeout
                case .idle: limit = idleTimeout + headerTimeout
                default: continue
                }
                guard now - entry.since > .milliseconds(Int64(limit * 1000)) else { continue }
                entries[key]?.phase = .stopped
                late.append((entry.socket, entry.phase != .idle))
            }
            return late
        }
        for (socket, answers) in late {
            if answers {
                cutOff.add(1, ordering: .relaxed)
                answer.withUnsafeBytes { _ = send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            }
            shutdown(socket, Int32(SHUT_RDWR))
        }
    }
}
