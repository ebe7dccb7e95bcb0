import Foundation

/// What the checker remembers between runs, in the `--state` file: the latest time it
/// has seen (so a clock turned back shows), the first use, and purchases seen revoked (so
/// an older, unrevoked copy of the same proof cannot bring Pro back).
public struct EntitlementState: Equatable, Sendable {
    /// The latest of every clock reading and every verified App Store `signedDate` so far.
    public var highWaterMark: Date?
    public var firstUse: Date?
    /// Original transaction id → `signedDate` of the proof that revoked it.
    public var revokedPurchases: [String: Date]

    public init(highWaterMark: Date? = nil, firstUse: Date? = nil, revokedPurchases: [String: Date] = [:]) {
        self.highWaterMark = highWaterMark
        self.firstUse = firstUse
        self.revokedPurchases = revokedPurchases
    }
}

extension EntitlementState {
    private struct File: Codable {
        var version = 1
        /// UNIX milliseconds, as Apple's dates.
        var highWaterMark: Int64?
        var firstUse: Int64?
        var revokedPurchases: [String: Int64]?
    }

    /// Reads a state file; a missing file is the empty state of a first run.
    public static func load(path: String) throws(EntitlementConfigurationError) -> EntitlementState {
        guard FileManager.default.fileExists(atPath: path) else { return EntitlementState() }
        let data = try ConfigurationFile.contents(of: path, role: "state")
        guard let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1 else {
            throw .wrongValue(path: path, key: "version", expected: "1 in an inkpdf state file; restore it or remove the file")
        }
        return EntitlementState(highWaterMark: file.highWaterMark.map(Date.init(unixMilliseconds:)),
                                firstUse: file.firstUse.map(Date.init(unixMilliseconds:)),
                                revokedPurchases: (file.revokedPurchases ?? [:]).mapValues(Date.init(unixMilliseconds:)))
    }

    /// Writes the state atomically (a temporary file renamed into place).
    public func save(path: String) throws(EntitlementConfigurationError) {
        let file = File(highWaterMark: highWaterMark?.unixMilliseconds, firstUse: firstUse?.unixMilliseconds,
                        revokedPurchases: revokedPurchases.isEmpty ? nil : revokedPurchases.mapValues(\.unixMilliseconds))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let data = try encoder.encode(file) + Data("\n".utf8)
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .fileUnwritable(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
