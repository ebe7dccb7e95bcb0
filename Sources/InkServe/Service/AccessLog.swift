import Foundation

/// One JSON line a request on standard error: what was asked, the answer,
/// its size and time, and the request id. Never a password or a proof.
struct AccessLog: Sendable {
    struct Line: Sendable {
        var id: String
        var method: String
        var path: String
        var status: UInt32
        var bytesIn: Int64
        var bytesOut: Int64
        var milliseconds: Double
        var pages: Int?
        var strokes: Int?
        var error: String?
        var ending: String
    }

    func write(_ line: Line) {
        var object: [String: Any] = ["time": Self.now(), "id": line.id, "method": line.method,
                                     "path": line.path, "status": line.status, "bytesIn": line.bytesIn, "bytesOut": line.bytesOut,
                                     "ms": (line.milliseconds * 10).rounded() / 10, "end": line.ending]
        if let pages = line.pages { object["pages"] = pages }
        if let strokes = line.strokes { object["strokes"] = strokes }
        if let error = line.error { object["error"] = error }
        Self.event(object)
    }

    /// The time in UTC, `2026-12-02T05:20:31Z` (strftime: no date formatter, which would load ICU).
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Any other event of the service (listening, reloaded, draining, stopped), as one JSON line.
    static func event(_ object: [String: Any]) {
        guard var data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        data.append(0x0A)
        FileHandle.standardError.write(data)
    }
}
