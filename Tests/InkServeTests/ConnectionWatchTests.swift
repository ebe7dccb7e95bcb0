@testable import InkServe
import Foundation
import InkFixtures
import Synchronization
import Testing

/// The watch's deadlines, its reserve for health checks, and the order in which it cuts:
/// on socket pairs, with the clock moved on by hand.
@Suite struct ConnectionWatchTests {
    private static func pair() -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    /// Whether `socket` can still send (a shut socket cannot).
    private static func canSend(_ socket: Int32) -> Bool {
        var byte: UInt8 = 0x78
        return send(socket, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) == 1
    }

    @Test func aSocketNumberReusedWhileTheSweepCutsIsNotCut() async throws {
        let watch = ConnectionWatch(headerTimeout: 1, bodyTimeout: 1, idleTimeout: 1)
        let (old, oldPeer) = Self.pair()
        defer { close(oldPeer) }
        watch.opened(1, socket: old)
        let reopened = Mutex<(Int32, Int32)?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // libmicrohttpd's thread ends that connection just as the sweep cuts it: it tells the watch,
        // closes the socket, and a new connection is given the same number.
        watch.willCut.withLock {
            $0 = { _ in
                Thread {
                    watch.closed(1)
                    close(old)
                    reopened.withLock { $0 = Self.pair() }
                    finished.signal()
                }.start()
                // Give it the time to get there (it cannot while the sweep holds the lock).
                _ = finished.wait(timeout: .now() + 0.5)
                finished.signal()
            }
        }
        watch.sweep(now: .now + .seconds(10))
        #expect(finished.wait(timeout: .now() + 5) == .success)
        _ = await eventually(within: 5) { reopened.withLock { $0 } != nil }
        let (new, newPeer) = try #require(reopened.withLock { $0 })
        defer { close(new); close(newPeer) }
        #expect(Self.canSend(new), "the sweep cut a connection that took the number of the one it meant (\(old) → \(new))")
    }

    @Test func anAnswerReadTooSlowlyIsCutAtTheBodyTimeout() {
        let watch = ConnectionWatch(headerTimeout: 1, bodyTimeout: 3, idleTimeout: 1)
        let (socket, peer) = Self.pair()
        defer { close(socket); close(peer) }
        watch.opened(7, socket: socket)
        watch.requestLine(7, path: "/v1/flatten")
        _ = watch.bodyStarted(7)
        _ = watch.working(7)
        _ = watch.answering(7)
        watch.sweep(now: .now + .seconds(2))
        #expect(Self.canSend(socket), "cut before its deadline")
        watch.sweep(now: .now + .seconds(4))
        #expect(!Self.canSend(socket), "an answer the client reads slowly holds its connection for ever")
        // No 408 is written into an answer under way: the peer gets the byte sent above, nothing more.
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(recv(peer, &buffer, 64, Int32(MSG_DONTWAIT)) == 1)
    }

    @Test func pastTheLimitsAConnectionIsOnlyForAHealthCheck() {
        let limits = ConnectionWatch.Limits(general: 3, perAddress: 2, reserveTimeout: 2)
        let watch = ConnectionWatch(headerTimeout: 10, bodyTimeout: 10, idleTimeout: 10, limits: limits)
        // One address takes its share (2); its third is for health checks only.
        watch.opened(1, socket: -1, address: "10.0.0.1")
        watch.opened(2, socket: -1, address: "10.0.0.1")
        watch.opened(3, socket: -1, address: "10.0.0.1")
        for key: UInt in 1...3 { watch.requestLine(key, path: "/v1/flatten") }
        #expect(watch.admits(1) && watch.admits(2))
        #expect(!watch.admits(3))
        // Another address takes the last general place; past it, only health checks.
        watch.opened(4, socket: -1, address: "10.0.0.2")
        watch.opened(5, socket: -1, address: "10.0.0.3")
        watch.opened(6, socket: -1, address: "10.0.0.3")
        watch.requestLine(4, path: "/v1/export")
        watch.requestLine(5, path: "/v1/export")
        watch.requestLine(6, path: "/healthz")
        #expect(watch.admits(4) && !watch.admits(5) && watch.admits(6))
        // The reserve is not one address's: two health checks at once from it, not a third.
        for key: UInt in 20...22 {
            watch.opened(key, socket: -1, address: "10.0.0.9")
            watch.requestLine(key, path: "/healthz")
        }
        #expect(watch.admits(20) && watch.admits(21) && !watch.admits(22))
        // A place freed is taken by the next request that asks for work.
        watch.closed(1)
        watch.requestLine(5, path: "/v1/export")
        #expect(watch.admits(5))
    }

    @Test func aConnectionOnTheReserveThatSaysNothingIsCutSoon() {
        let limits = ConnectionWatch.Limits(general: 1, perAddress: 1, reserveTimeout: 2)
        let watch = ConnectionWatch(headerTimeout: 10, bodyTimeout: 10, idleTimeout: 10, limits: limits)
        let (first, firstPeer) = Self.pair()
        let (second, secondPeer) = Self.pair()
        defer { for socket in [first, firstPeer, second, secondPeer] { close(socket) } }
        watch.opened(1, socket: first, address: "a")
        watch.opened(2, socket: second, address: "b")
        watch.sweep(now: .now + .seconds(3))
        #expect(Self.canSend(first), "a connection for work has the header time-out")
        #expect(!Self.canSend(second), "a connection on the reserve held it past its time")
    }
}
