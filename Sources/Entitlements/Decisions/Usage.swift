import Foundation

/// What the user has done so far, which the free-tier rules depend on.
public struct Usage: Equatable, Sendable {
    public var noteCount: Int
    /// The first use of the app; nil to take it from the state file (or now, the first time).
    public var firstUse: Date?

    public init(noteCount: Int = 0, firstUse: Date? = nil) {
        self.noteCount = noteCount
        self.firstUse = firstUse
    }
}
