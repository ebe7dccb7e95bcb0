extension CommandHelp {
    public static let serve = CommandHelp(
        name: "serve",
        synopsis: ["serve [--listen HOST:PORT] [--jobs N] [--queue N] [--max-upload MB] [--token-file FILE] [--trust FILE] [--policy FILE] [--state FILE] [--timeout S] [--stall-timeout S] [--memory-limit MB] [--tls-cert FILE --tls-key FILE]"],
        summary: "answers flatten, export, render, convert and entitlement checks over HTTP",
        description: ["An HTTP/1.1 service (libmicrohttpd) for a notes app's back end: POST /v1/flatten, /v1/export and /v1/render take multipart/form-data with the file parts pdf and ink (any format inkpdf reads), optional proof parts, and the options of the command line without their dashes as text parts (pages, only-annotated, ink-as, password, …); the answer is the file the command line writes for the same inputs, byte for byte, with the report in X-Inkpdf-* headers (?sidecar=1: a zip of the output and its sidecar). POST /v1/convert answers ink-layers; POST /v1/entitlements/check answers the decision of entitlement check --json. GET /healthz and GET /metrics (Prometheus) need no token.",
                      "Each request runs in a worker process with the limits below and the same entitlement gate as the command line; --jobs workers at once and --queue requests waiting, past which the answer is 503 with Retry-After. Errors are JSON {\"error\", \"message\", \"exit\"} with the command line's exit code. One JSON line a request goes to standard error. SIGTERM stops accepting, answers the requests waiting for a worker 503, lets those running finish (--grace) and exits 0; SIGHUP reads the trust and policy files again."],
        options: [OptionHelp.Serve.listen,
                  OptionHelp.Serve.jobs,
                  OptionHelp.Serve.queue,
                  OptionHelp.Serve.maxUpload,
                  OptionHelp.Serve.tokenFile,
                  OptionHelp.trust, OptionHelp.policy, OptionHelp.state] + OptionHelp.workerLimits + [
                  OptionHelp.Serve.tlsCert,
                  OptionHelp.Serve.tlsKey,
                  OptionHelp.Serve.headerTimeout,
                  OptionHelp.Serve.bodyTimeout,
                  OptionHelp.Serve.idleTimeout,
                  OptionHelp.Serve.grace,
                  OptionHelp.Serve.workDir])
}

extension OptionHelp {
    /// `serve`'s own options.
    public enum Serve {
        public static let listen = OptionHelp(["--listen"], value: "HOST:PORT", "where to listen (default 127.0.0.1:8080; port 0: any free port, logged)")
        public static let jobs = OptionHelp(["--jobs"], value: "N", "worker processes at once (default 2)")
        public static let queue = OptionHelp(["--queue"], value: "N", "requests that may wait for a worker (default 16); past them 503")
        public static let maxUpload = OptionHelp(["--max-upload"], value: "MB", "the largest request body (default 256); larger is 413")
        public static let tokenFile = OptionHelp(["--token-file"], value: "FILE", "bearer tokens, one a line; requests without one get 401")
        public static let tlsCert = OptionHelp(["--tls-cert"], value: "FILE", "serve HTTPS with this PEM certificate (with --tls-key)")
        public static let tlsKey = OptionHelp(["--tls-key"], value: "FILE", "the certificate's PEM private key")
        public static let headerTimeout = OptionHelp(["--header-timeout"], value: "S", "seconds a client may take to send its headers (default 10; then 408)")
        public static let bodyTimeout = OptionHelp(["--body-timeout"], value: "S", "seconds a client may take to send its body, and to read the answer (default 120; then 408, or the answer cut short)")
        public static let idleTimeout = OptionHelp(["--idle-timeout"], value: "S", "seconds an idle connection stays open (default 30)")
        public static let grace = OptionHelp(["--grace"], value: "S", "seconds SIGTERM waits for the requests running (default 30); then their workers are stopped")
        public static let workDir = OptionHelp(["--work-dir"], value: "FOLDER", "where uploads and outputs live while a request runs, in a fresh private folder made inside (default $TMPDIR or /tmp; not one others may write to unless sticky)")
    }
}
