import Foundation

/// What an import could not draw or carry, and other notes: one line each
/// when printed (`"3 audio links not drawn"`).
public struct ImportReport: Sendable, Equatable {
    /// Kinds of element left out, with how many of each (e.g. "audio link": 3).
    public var omitted: [String: Int]
    /// One-line warnings (a block a newer firmware added, a repaired width).
    public var warnings: [String]

    public init(omitted: [String: Int] = [:], warnings: [String] = []) {
        self.omitted = omitted
        self.warnings = warnings
    }

    /// One line per kind left out, sorted, e.g. "3 audio links left out".
    public var lines: [String] {
        omitted.keys.sorted().map { "\(omitted[$0]!) × \($0) left out" } + warnings
    }
}
