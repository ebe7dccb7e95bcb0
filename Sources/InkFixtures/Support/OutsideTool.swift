import Foundation
import Synchronization

/// The outside programs the tests run (installed with the other Debian packages by
/// `make deps`), one helper each, so that no test spells a tool's path or drains its
/// streams itself: `OutsideTool.qpdf.run([...])`, `OutsideTool.pdftotext.text(of:)`.
public struct OutsideTool: Sendable, CustomStringConvertible {
    /// The program's name, found as `url` says.
    public let name: String
    /// The exit statuses that mean it did its work (qpdf: 3 is "succeeded with warnings").
    public let succeeds: Set<Int32>

    public init(_ name: String, succeeds: Set<Int32> = [0]) {
        self.name = name
        self.succeeds = succeeds
    }

    public var description: String { name }

    public static let qpdf = OutsideTool("qpdf", succeeds: [0, 3])
    public static let fixQDF = OutsideTool("fix-qdf")
    public static let pdftotext = OutsideTool("pdftotext")
    public static let pdftoppm = OutsideTool("pdftoppm")
    public static let pdfinfo = OutsideTool("pdfinfo")
    public static let mutool = OutsideTool("mutool")
    public static let python3 = OutsideTool("python3")
    public static let gzip = OutsideTool("gzip")
    public static let unzip = OutsideTool("unzip")
    public static let sh = OutsideTool("sh")
    public static let sha256sum = OutsideTool("sha256sum")
    public static let openssl = OutsideTool("openssl")
    /// OCRmyPDF, the searchable-text peer (Debian's ocrmypdf).
    public static let ocrmypdf = OutsideTool("ocrmypdf")
    /// GNU time (`-f %M`: the peak resident memory of what it runs).
    public static let time = OutsideTool("time")
    /// util-linux `script` (runs a command on a pseudo-terminal).
    public static let script = OutsideTool("script")

    /// Where it is installed: the first of PATH's folders that has it (as `/usr/bin/env` finds it,
    /// so that `python3` is the one whose modules `make deps` installed), else /usr/bin or /bin.
    public var url: URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        let found = folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return URL(fileURLWithPath: found ?? "/usr/bin/\(name)")
    }

    /// Whether it is installed.
    public var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: url.path) }

    /// A tool that failed: its command line, exit status and what it said on stderr.
    public struct Failure: Error, CustomStringConvertible {
        public var command: String
        public var status: Int32
        public var message: String
        public var description: String { "\(command) exited \(status): \(message) (make deps installs the tools the tests run)" }
    }

    /// Runs it to its end (see `ChildProcess.run`), whatever its status.
    public func outcome(_ arguments: [String], environment: [String: String]? = nil, input: Data? = nil,
                        sharingTheCores: Bool = true, limit: Duration = ChildProcess.runLimit) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run(url, arguments, environment: environment, input: input, sharingTheCores: sharingTheCores, limit: limit)
    }

    /// Runs it to its end; what it printed on stdout, or `Failure` when its status is not one of `succeeds`.
    @discardableResult
    public func run(_ arguments: [String], environment: [String: String]? = nil, input: Data? = nil) async throws -> Data {
        let run = try await outcome(arguments, environment: environment, input: input)
        guard succeeds.contains(run.status) else {
            throw Failure(command: ([name] + arguments).joined(separator: " "), status: run.status,
                          message: String(decoding: run.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return run.output
    }

    /// `sh -c SCRIPT ARGUMENTS` (`$0`, `$1`, … in the script), for the pipelines the tests write files with.
    @discardableResult
    public static func shell(_ script: String, _ arguments: String...) async throws -> Data {
        try await sh.run(["-c", script] + arguments)
    }
}

/// Runs the qpdf command-line tool; a status other than 0, or 3 (warnings) when `allowingWarnings`, is an error.
public func runQPDF(_ arguments: [String], allowingWarnings: Bool = true) async throws {
    try await OutsideTool(OutsideTool.qpdf.name, succeeds: allowingWarnings ? OutsideTool.qpdf.succeeds : [0]).run(arguments)
}

extension OutsideTool {
    /// `pdftotext PDF -` (poppler's text extraction): the text of every page.
    public static func text(of pdf: String, _ options: [String] = []) async throws -> String {
        String(decoding: try await pdftotext.run(options + [pdf, "-"]), as: UTF8.self)
    }

    /// `qpdf --check PDF` (with `--password=` when given): its status and everything it printed.
    public static func qpdfCheck(_ pdf: String, password: String? = nil) async throws -> (status: Int32, text: String) {
        let run = try await qpdf.outcome(["--check", pdf] + (password.map { ["--password=" + $0] } ?? []))
        return (run.status, String(decoding: run.output + run.errors, as: UTF8.self))
    }
}

extension OutsideTool {
    /// Whether python3 imports `modules` (`"pymupdf, pikepdf"`), asked once per test process and list.
    public static func pythonHas(_ modules: String) async -> Bool {
        if let known = PythonModules.known.withLock({ $0[modules] }) { return known }
        let found = (try? await python3.run(["-c", "import " + modules])) != nil
        PythonModules.known.withLock { $0[modules] = found }
        return found
    }
}

private enum PythonModules {
    static let known = Mutex<[String: Bool]>([:])
}
