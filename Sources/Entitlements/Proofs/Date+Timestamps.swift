import Foundation

extension Date {
    /// A date from Apple's UNIX milliseconds.
    init(unixMilliseconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(unixMilliseconds) / 1000) }

    var unixMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }
}

extension Date {
    /// `2025-11-30T12:00:00Z`.
    public var iso8601: String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: self)
    }
}
