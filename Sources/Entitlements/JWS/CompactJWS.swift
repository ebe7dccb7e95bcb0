import Foundation

/// A JWS in compact serialisation (`header.payload.signature`), split and decoded
/// but not yet verified.
struct CompactJWS {
    /// The header's fields that inkpdf reads. Anything else in it (`jwk`, `jku`, `kid`, …)
    /// is ignored: keys come only from the trust configuration.
    struct Header: Decodable {
        var alg: String?
        var typ: String?
        var x5c: [String]?
    }

    let header: Header
    let payload: [UInt8]
    /// The payload as a JSON object, to tell the kinds of proof apart.
    let payloadObject: [String: Any]
    let signature: [UInt8]
    /// `ASCII(header segment) . ASCII(payload segment)`, what the signature covers.
    let signingInput: [UInt8]

    init(_ text: String) throws(ProofFailure) {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { throw .segmentCount(segments.count) }
        guard let headerBytes = Base64URL.decode(segments[0]) else { throw .badBase64URL(segment: "header") }
        guard let payload = Base64URL.decode(segments[1]) else { throw .badBase64URL(segment: "payload") }
        guard let signature = Base64URL.decode(segments[2]) else { throw .badBase64URL(segment: "signature") }
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(headerBytes))
        } catch {
            throw .badJSON(segment: "header", detail: Self.describe(error))
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else {
            throw .badJSON(segment: "payload", detail: "not a JSON object")
        }
        self.payload = payload
        self.payloadObject = object
        self.signature = signature
        self.signingInput = Array(segments[0].utf8) + [UInt8(ascii: ".")] + Array(segments[1].utf8)
    }

    /// The payload decoded as `T`, or `badJSON` naming the field at fault.
    func decodePayload<T: Decodable>(_ type: T.Type) throws(ProofFailure) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(payload))
        } catch {
            throw .badJSON(segment: "payload", detail: Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "not valid JSON" : "\(path) has the wrong type"
        case .keyNotFound(let key, _): return "\(key.stringValue) is missing"
        default: return "not valid JSON"
        }
    }
}
