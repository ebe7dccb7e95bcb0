import Foundation

/// One proof as given: a compact JWS and where it came from (a file path, usually).
public struct ProofSource: Equatable, Sendable {
    public var name: String
    public var jws: String

    public init(name: String, jws: String) {
        self.name = name
        self.jws = jws.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
