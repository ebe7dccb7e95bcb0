import Foundation

/// A clock stopped at one moment (`--now`, tests).
public struct FixedClock: WallClock {
    public var now: Date
    public init(_ now: Date) { self.now = now }
}
