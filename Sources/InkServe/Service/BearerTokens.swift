import Foundation
import LibCrypto

/// The tokens a client may send as `Authorization: Bearer TOKEN`: one a line
/// in the token file (blank lines and `#` comments skipped), compared in
/// constant time.
struct BearerTokens: Sendable {
    private let tokens: [[UInt8]]

    init(file path: String) throws(ServeError) {
        let data = try ServeError.contents(of: path, role: "token file")
        tokens = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map { Array($0.utf8) }
        guard !tokens.isEmpty else { throw .noTokens(path: path) }
    }

    /// Whether the `Authorization` header carries one of the tokens. Every token is
    /// compared, so the time does not tell which one (or none) matched.
    func admits(authorization: String?) -> Bool {
        guard let authorization, authorization.count > 7,
              authorization.prefix(7).lowercased() == "bearer " else { return false }
        let offered = Array(authorization.dropFirst(7).trimmingCharacters(in: .whitespaces).utf8)
        var found = false
        for token in tokens where ConstantTime.equal(token, offered) { found = true }
        return found
    }
}
