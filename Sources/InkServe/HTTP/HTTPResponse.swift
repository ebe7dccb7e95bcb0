import CMicroHTTPD
import Foundation
import InkFileSystem

/// An answer: a status, headers and a body, in memory or streamed from a file.
struct HTTPResponse: Sendable {
    enum Body: Sendable {
        case bytes([UInt8])
        /// A file sent from its descriptor (its name is removed once it is open, so
        /// nothing is left behind whether the client reads it all or goes away).
        case file(path: String)
    }

    var status: UInt32
    var headers: [(String, String)]
    var body: Body

    init(status: UInt32, headers: [(String, String)] = [], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body.
    static func json(_ status: UInt32, _ object: [String: Any], headers: [(String, String)] = []) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers,
                            body: .bytes(Array(data) + [0x0A]))
    }

    /// Queues the response on `connection`; nil when it cannot be made (the file
    /// vanished, no memory). Returns libmicrohttpd's verdict and the body's size.
    ///
    /// The corresponding C functions are `MHD_create_response_from_buffer`,
    /// `MHD_create_response_from_fd64`, `MHD_add_response_header` and `MHD_queue_response`.
    func queue(on connection: OpaquePointer) -> (MHD_Result, Int64)? {
        let response: OpaquePointer?
        let size: Int64
        switch body {
        case .bytes(let bytes):
            size = Int64(bytes.count)
            response = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case .file(let path):
            guard let file = try? FileDescriptor(reading: path) else { return nil }
            try? FileSystem.remove(path)
            guard let fileSize = try? file.size() else { return nil }
            size = fileSize
            response = file.withUnsafeHandle { MHD_create_response_from_fd64(UInt64(fileSize), $0) }
            // libmicrohttpd closes the descriptor when it destroys the response.
            if response != nil { _ = file.releaseUnsafeHandle() }
        }
        guard let response else { return nil }
        defer { MHD_destroy_response(response) }
        for (name, value) in headers { _ = MHD_add_response_header(response, name, value) }
        return (MHD_queue_response(connection, UInt32(status), response), size)
    }
}
