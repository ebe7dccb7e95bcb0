import Foundation

/// One request to the service, from its request line to its end: the
/// endpoint, the folder its upload and output live in, and what the log and
/// the metrics need to know afterwards.
final class ServiceRequest: HTTPExchange, @unchecked Sendable {
    var id: String
    var endpoint: Endpoint?
    /// `WORK/req-ID`, with `in/` (the upload) and `out/` (the worker's output); removed at the end.
    var folder: String?
    var upload: MultipartUpload?
    /// A failure met while the body arrived, answered when it ends.
    var failure: ServiceError?
    var pages: Int?
    var strokes: Int?
    var errorCode: String?

    init(url: String, id: String) {
        self.id = id
        super.init(url: url)
    }

    /// A client's own request id is kept when it is short and plain; otherwise ours stands.
    func adopt(clientID: String?) {
        guard let clientID, (1...64).contains(clientID.count),
              clientID.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.:".unicodeScalars.contains($0)) })
        else { return }
        id = clientID
    }
}
