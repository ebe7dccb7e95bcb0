/// A request's failure as the client gets it: an HTTP status and a JSON body
/// `{"error": CODE, "message": …, "exit": N}`, where `exit` is the command
/// line's documented exit code for the same failure (absent when the command
/// line has none: a bad form, a missing token).
enum ServiceError: Error, Equatable, Sendable {
    case badForm(String)
    case unauthorized
    case notFound(String)
    case wrongMethod(String, allowed: String)
    case notNormalized(String)
    case notMultipart
    case tooLarge(limitMB: Int)
    case busy(retryAfter: Int)
    case draining
    /// The worker's exit code, its last error line and (for the gate) the refusal's reason.
    case command(exit: Int32, message: String)

    var status: UInt32 {
        switch self {
        case .badForm, .notNormalized: 400
        case .unauthorized: 401
        case .notFound: 404
        case .wrongMethod: 405
        case .notMultipart: 415
        case .tooLarge: 413
        case .busy, .draining: 503
        case .command(let exit, let message): Self.status(exit: exit, message: message)
        }
    }

    var code: String {
        switch self {
        case .badForm: "bad_form"
        case .unauthorized: "unauthorized"
        case .notFound: "not_found"
        case .wrongMethod: "method_not_allowed"
        case .notNormalized: "bad_path"
        case .notMultipart: "not_multipart"
        case .tooLarge: "too_large"
        case .busy: "busy"
        case .draining: "draining"
        case .command(let exit, let message): Self.code(exit: exit, message: message)
        }
    }

    var message: String {
        switch self {
        case .badForm(let message): message
        case .unauthorized: "send Authorization: Bearer TOKEN with a token from the service's token file"
        case .notFound(let path): "\(path): no such endpoint (POST /v1/flatten, /v1/export, /v1/render, /v1/convert, /v1/recognize, /v1/entitlements/check; GET /healthz, /metrics)"
        case .wrongMethod(let path, let allowed): "\(path) takes \(allowed)"
        case .notNormalized(let path): "\(path): a path with '.', '..' or '//' is refused; send the endpoint's own path"
        case .notMultipart: "send the files as multipart/form-data (curl -F pdf=@FILE -F ink=@FILE)"
        case .tooLarge(let limit): "the upload is larger than the service's limit of \(limit) MiB"
        case .busy(let seconds): "every worker is busy and the queue is full; try again in \(seconds) s"
        case .draining: "the service is stopping; send the request to another instance"
        case .command(_, let message): message
        }
    }

    /// The exit code the command line gives for the same failure, if there is one.
    var exitCode: Int32? {
        if case .command(let exit, _) = self { return exit }
        return nil
    }

    var headers: [(String, String)] {
        switch self {
        case .unauthorized: [("WWW-Authenticate", "Bearer")]
        case .busy(let seconds): [("Retry-After", String(seconds))]
        case .draining: [("Retry-After", "1"), ("Connection", "close")]
        case .wrongMethod(_, let allowed): [("Allow", allowed)]
        default: []
        }
    }

    /// Why the entitlement gate refused, from its error line (`… refused (REASON): …`).
    static func refusalReason(_ message: String) -> String? {
        guard let open = message.range(of: "refused ("), let close = message[open.upperBound...].firstIndex(of: ")") else { return nil }
        return String(message[open.upperBound..<close])
    }

    /// Reasons the user can act on by paying (buy Pro, renew, buy the right product): 402.
    /// The others (a revoked or not-yet-valid proof, a clock turned back): 403.
    static let paymentReasons: Set<String> = ["requires_pro", "note_limit", "expired", "upgraded", "consumable",
                                              "not_a_pro_product", "unsupported_product_type"]

    private static func status(exit: Int32, message: String) -> UInt32 {
        switch exit {
        case 64: 400
        case 65: isUnknownFormat(message) ? 415 : 422
        case 66, 80, 81, 82: 400
        case 83, 84: 422
        case 85: paymentReasons.contains(refusalReason(message) ?? "requires_pro") ? 402 : 403
        case 88: 504
        default: 500
        }
    }

    private static func code(exit: Int32, message: String) -> String {
        switch exit {
        case 64: "usage"
        case 65: isUnknownFormat(message) ? "unknown_format" : "invalid_ink"
        case 66: "input_missing"
        case 80: "damaged_pdf"
        case 81: "password_required"
        case 82: "wrong_password"
        case 83: "page_out_of_range"
        case 84: "document_mismatch"
        case 85: "entitlement_required"
        case 87: "entitlement_configuration_invalid"
        case 88: "timed_out"
        case 89: "worker_crashed"
        default: "internal_error"
        }
    }

    /// The command line's messages for ink it does not know (exit 65 as for invalid ink).
    private static func isUnknownFormat(_ message: String) -> Bool {
        ["not an ink file inkpdf reads", "is an HTML page, not ink", "is a PDF without annotations, not ink"].contains { message.contains($0) }
    }

    var response: HTTPResponse {
        var object: [String: Any] = ["error": code, "message": message]
        if let exitCode { object["exit"] = exitCode }
        if case .command(85, let message) = self, let reason = Self.refusalReason(message) { object["reason"] = reason }
        return .json(status, object, headers: headers)
    }
}
