import Foundation

/// The system's clock (which the user can turn back: see `EntitlementState.highWaterMark`).
public struct SystemClock: WallClock {
    public init() {}
    public var now: Date { Date() }
}
