import Foundation

/// Where the checker gets the time, so that tests and audits can set it.
public protocol WallClock: Sendable {
    var now: Date { get }
}

/// The system's clock (which the user can turn back: see `EntitlementState.highWaterMark`).
public struct SystemClock: WallClock {
    public init() {}
    public var now: Date { Date() }
}

/// A clock stopped at one moment (`--now`, tests).
public struct FixedClock: WallClock {
    public var now: Date
    public init(_ now: Date) { self.now = now }
}
