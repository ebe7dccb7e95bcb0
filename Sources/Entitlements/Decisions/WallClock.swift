import Foundation

/// Where the checker gets the time, so that tests and audits can set it.
public protocol WallClock: Sendable {
    var now: Date { get }
}
