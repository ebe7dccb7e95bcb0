import Foundation
import Synchronization

/// What `/metrics` shows, in Prometheus's text format: requests by endpoint
/// and status, their durations as a histogram, pages and strokes, the queue,
/// workers that crashed or ran out of time, and bytes in and out.
final class ServiceMetrics: Sendable {
    static let bucketBounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120]

    private struct Counts {
        var requests: [String: [UInt32: Int]] = [:]
        var buckets: [String: [Int]] = [:]
        var durationSum: [String: Double] = [:]
        var durationCount: [String: Int] = [:]
        var pages = 0
        var strokes = 0
        var crashes = 0
        var timeouts = 0
        var bytesIn: Int64 = 0
        var bytesOut: Int64 = 0
        var cutOff = 0
    }

    private let counts = Mutex(Counts())

    func record(endpoint: String, status: UInt32, seconds: Double, bytesIn: Int64, bytesOut: Int64) {
        counts.withLock { counts in
            counts.requests[endpoint, default: [:]][status, default: 0] += 1
            var buckets = counts.buckets[endpoint] ?? Array(repeating: 0, count: Self.bucketBounds.count)
            for (index, bound) in Self.bucketBounds.enumerated() where seconds <= bound { buckets[index] += 1 }
            counts.buckets[endpoint] = buckets
            counts.durationSum[endpoint, default: 0] += seconds
            counts.durationCount[endpoint, default: 0] += 1
            counts.bytesIn += bytesIn
            counts.bytesOut += bytesOut
        }
    }

    func recordWork(pages: Int, strokes: Int) { counts.withLock { $0.pages += pages; $0.strokes += strokes } }
    func recordCrash() { counts.withLock { $0.crashes += 1 } }
    func recordTimeout() { counts.withLock { $0.timeouts += 1 } }

    /// The text `/metrics` answers with.
    func text(running: Int, waiting: Int, inFlight: Int, cutOff: Int) -> String {
        let counts = counts.withLock { $0 }
        var lines: [String] = []
        func family(_ name: String, _ type: String, _ help: String) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
        }
        family("inkpdf_requests_total", "counter", "Requests answered, by endpoint and HTTP status.")
        for endpoint in counts.requests.keys.sorted() {
            for (status, count) in counts.requests[endpoint]!.sorted(by: { $0.key < $1.key }) {
                lines.append("inkpdf_requests_total{endpoint=\"\(endpoint)\",status=\"\(status)\"} \(count)")
            }
        }
        family("inkpdf_request_duration_seconds", "histogram", "Time from the request line to the answer, by endpoint.")
        for endpoint in counts.buckets.keys.sorted() {
            for (index, bound) in Self.bucketBounds.enumerated() {
                lines.append("inkpdf_request_duration_seconds_bucket{endpoint=\"\(endpoint)\",le=\"\(bound)\"} \(counts.buckets[endpoint]![index])")
            }
            lines.append("inkpdf_request_duration_seconds_bucket{endpoint=\"\(endpoint)\",le=\"+Inf\"} \(counts.durationCount[endpoint]!)")
            lines.append("inkpdf_request_duration_seconds_sum{endpoint=\"\(endpoint)\"} \(counts.durationSum[endpoint]!)")
            lines.append("inkpdf_request_duration_seconds_count{endpoint=\"\(endpoint)\"} \(counts.durationCount[endpoint]!)")
        }
        for (name, type, help, value) in [
            ("inkpdf_pages_total", "counter", "Pages written.", "\(counts.pages)"),
            ("inkpdf_strokes_total", "counter", "Strokes drawn or converted.", "\(counts.strokes)"),
            ("inkpdf_queue_depth", "gauge", "Requests waiting for a worker.", "\(waiting)"),
            ("inkpdf_workers_running", "gauge", "Worker processes running.", "\(running)"),
            ("inkpdf_requests_in_flight", "gauge", "Requests between their request line and their end.", "\(inFlight)"),
            ("inkpdf_worker_crashes_total", "counter", "Workers that crashed or passed the memory limit.", "\(counts.crashes)"),
            ("inkpdf_worker_timeouts_total", "counter", "Workers stopped by --timeout or --stall-timeout.", "\(counts.timeouts)"),
            ("inkpdf_client_timeouts_total", "counter", "Requests cut off because their headers or body came too slowly.", "\(cutOff)"),
            ("inkpdf_received_bytes_total", "counter", "Request body bytes received.", "\(counts.bytesIn)"),
            ("inkpdf_sent_bytes_total", "counter", "Response body bytes sent.", "\(counts.bytesOut)"),
        ] {
            family(name, type, help)
            lines.append("\(name) \(value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
