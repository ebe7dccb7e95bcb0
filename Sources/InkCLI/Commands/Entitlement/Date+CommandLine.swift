import Entitlements
import Foundation

extension Date {
    /// Parses the dates the command line takes: `2025-06-15` (midnight UTC),
    /// `2025-06-15T12:00:00Z` (or with an offset), or `@1750000000` (UNIX seconds).
    public init?(commandLine text: String) {
        if text.hasPrefix("@") {
            // Years 1970–9999, so that every later conversion to whole seconds or milliseconds fits.
            guard let seconds = Double(text.dropFirst()), seconds.isFinite, seconds >= 0, seconds <= 253_402_300_799 else { return nil }
            self.init(timeIntervalSince1970: seconds)
            return
        }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        if let date = formatter.date(from: text) {
            self = date
            return
        }
        formatter.formatOptions = [.withFullDate]
        guard text.count == 10, let date = formatter.date(from: text) else { return nil }
        self = date
    }

    /// `2025-11-30T12:00:00Z`, as the command line prints dates.
    public var commandLineText: String { iso8601 }
}
