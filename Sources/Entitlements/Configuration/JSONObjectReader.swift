import Foundation

/// Reads a small JSON configuration object strictly: unknown keys and mistyped values are
/// errors that name the file and the key.
struct JSONObjectReader {
    let path: String
    let object: [String: Any]

    init(path: String, role: String, known: [String]) throws(EntitlementConfigurationError) {
        let data = try ConfigurationFile.contents(of: path, role: role)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw .invalidJSON(path: path) }
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw .unknownKey(path: path, key: unknown, known: known)
        }
        self.path = path
        self.object = object
    }

    func string(_ key: String) throws(EntitlementConfigurationError) -> String? {
        guard let value = object[key] else { return nil }
        guard let string = value as? String, !string.isEmpty else { throw .wrongValue(path: path, key: key, expected: "a non-empty string") }
        return string
    }

    func strings(_ key: String) throws(EntitlementConfigurationError) -> [String]? {
        guard let value = object[key] else { return nil }
        guard let strings = value as? [String], !strings.contains(where: \.isEmpty) else {
            throw .wrongValue(path: path, key: key, expected: "a list of non-empty strings")
        }
        return strings
    }

    func count(_ key: String) throws(EntitlementConfigurationError) -> Int? {
        guard let value = object[key] else { return nil }
        guard let number = value as? NSNumber, !Self.isBoolean(number), let integer = Int(exactly: number.doubleValue), integer >= 0 else {
            throw .wrongValue(path: path, key: key, expected: "a whole number ≥ 0")
        }
        return integer
    }

    func choice(_ key: String, from choices: [String]) throws(EntitlementConfigurationError) -> String? {
        guard let value = object[key] else { return nil }
        guard let string = value as? String, choices.contains(string) else {
            throw .wrongValue(path: path, key: key, expected: choices.map { "\"\($0)\"" }.joined(separator: " or "))
        }
        return string
    }

    /// JSON `true`/`false` arrive as NSNumber too; tell them apart by class.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(describing: type(of: number)).contains("Boolean")
    }
}
