import InkWorkers

/// How `inkpdf serve` runs: where it listens, how much it does at once, and
/// the limits each request's worker runs under.
public struct ServeConfiguration: Sendable, Equatable {
    public var listen = "127.0.0.1:8080"
    /// Worker processes at once.
    public var jobs = 2
    /// Requests that may wait for a worker; past them, 503 with Retry-After.
    public var queue = 16
    /// The largest upload, in MiB.
    public var maxUploadMB = 256
    /// One bearer token a line; nil: no token asked.
    public var tokenFile: String?
    /// The entitlement files, read at start and again on SIGHUP.
    public var trust: String?
    public var policy: String?
    /// The usage state the gate keeps (passed to every worker as it is).
    public var state: String?
    /// Each worker's limits (`--timeout`, `--stall-timeout`, `--memory-limit`).
    public var limits = WorkerLimits.default
    public var tlsCertificate: String?
    public var tlsKey: String?
    /// Seconds from a request line to the end of its headers, and from there to the end of its body.
    public var headerTimeout = 10.0
    public var bodyTimeout = 120.0
    /// Seconds a connection may be idle before it is closed.
    public var idleTimeout = 30
    /// Seconds SIGTERM waits for the requests in flight.
    public var grace = 30.0
    /// Where uploads and outputs live while a request runs (a folder of its own is made inside).
    public var workFolder: String?

    public init() {}

    /// Connections for work at once: every job, every place in the queue, and room for slow clients.
    var connectionLimit: Int { jobs + queue + 32 }
    /// Connections kept for health checks, which no other request can take.
    static let healthReserve = 8
    /// Connections for work one client address may hold: all but 8 of them, so that a client (or
    /// a proxy) may queue as many requests as the service takes, and others still get in.
    var connectionsPerAddress: Int { jobs + queue + 24 }
    /// Seconds a connection opened on the health checks' reserve has to ask for one.
    static let reserveTimeout = 2.0
}
