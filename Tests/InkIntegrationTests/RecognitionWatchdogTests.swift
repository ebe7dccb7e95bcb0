import Foundation
import InkFixtures
import InkModel
import Testing

/// Recognition under the worker's watchdog, with the built inkpdf: each line read is progress (a page of many
/// lines is not stopped as a stall), a stall in recognition is told as one (not as a damaged PDF), and
/// `recognize` keeps the live line flatten keeps (pages done of how many, the rate, time left).
/// `INKPDF_TEST_RECOGNITION_PAUSE` makes each line read slow (`LayerRecognition.testPause`).
@Suite struct RecognitionWatchdogTests {
    /// The print samples (one page, six lines of words) in `folder`.
    static func onePage(_ folder: TestFolder) async throws -> String {
        try await RecognizeFlattenTests.samples(folder)
    }

    static func environment(pause: Double) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["INKPDF_TEST_RECOGNITION_PAUSE"] = String(pause)
        return environment
    }

    static let lines = 6

    /// Six lines at 0.8 s each are about 5 s on one page, twice the stall timeout: before, the watchdog heard of
    /// the page only once all its lines were read, and stopped it (exit 88, "a damaged PDF can make poppler loop").
    @Test(arguments: ["flatten", "recognize"])
    func aPageOfManyLinesIsNotAStall(command: String) async throws {
        let folder = TestFolder()
        let ink = try await Self.onePage(folder)
        let arguments = command == "flatten"
            ? ["flatten", RecognizeFlattenTests.pdf, "--ink", ink, "-o", folder.path("out.pdf"), "--recognize"]
            : ["recognize", ink, "-o", folder.path("out.ink.jsonl")]
        let started = ContinuousClock.now
        let run = try await Run.of(arguments + ["--stall-timeout", "2.5"] + DemoLicence.arguments,
                                   environment: Self.environment(pause: 0.8))
        #expect(run.status == 0, "\(run.errors)")
        #expect(ContinuousClock.now - started > .seconds(Double(Self.lines) * 0.8), "the pause was not made: the test shows nothing")
        let sidecar = command == "flatten" ? folder.path("out.ink.jsonl.gz") : folder.path("out.ink.jsonl")
        #expect(try RecognizeFlattenTests.sidecarText(sidecar).count >= 10, "the words were read")
    }

    /// A line that takes longer than the stall timeout is told as recognition's, with its page; nothing written.
    @Test(arguments: ["flatten", "recognize"])
    func aStallInRecognitionNamesRecognition(command: String) async throws {
        let folder = TestFolder()
        let ink = try await Self.onePage(folder)
        let output = folder.path(command == "flatten" ? "out/out.pdf" : "out/out.ink.jsonl")
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let arguments = command == "flatten"
            ? ["flatten", RecognizeFlattenTests.pdf, "--ink", ink, "-o", output, "--recognize"]
            : ["recognize", ink, "-o", output]
        let run = try await Run.of(arguments + ["--stall-timeout", "1"] + DemoLicence.arguments, environment: Self.environment(pause: 30))
        #expect(run.status == 88, "\(run.errors)")
        let document = command == "flatten" ? RecognizeFlattenTests.pdf : ink
        #expect(run.errors == "inkpdf: \(document): page 1: stopped after 1 s without progress while recognising its handwriting "
                + "(one line of it took longer than that); nothing was written; raise --stall-timeout, or leave out --recognize\n")
        #expect(!run.errors.contains("poppler"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).isEmpty)
    }

    /// The overall timeout during recognition names it too.
    @Test func theTimeoutInRecognitionNamesRecognition() async throws {
        let folder = TestFolder()
        let ink = try await Self.onePage(folder)
        let run = try await Run.of(["recognize", ink, "-o", folder.path("out.ink.jsonl"), "--timeout", "2"] + DemoLicence.arguments,
                                   environment: Self.environment(pause: 0.5))
        #expect(run.status == 88, "\(run.errors)")
        #expect(run.errors.hasPrefix("inkpdf: \(ink): page 1: stopped after 2 s without finishing, while recognising its handwriting"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.ink.jsonl")))
    }

    /// `recognize` of three pages on a terminal: `0/3 pages`, then `3/3 pages, N.N pages/s`, cleared before it says what it wrote.
    @Test func recognizeShowsPagesAndTheRateOnATerminal() async throws {
        let folder = TestFolder()
        let one = try await Self.onePage(folder)
        let reader = try InkLayersReader(path: one)
        let writer = try InkLayersWriter(path: folder.path("three.ink.jsonl"), compressionLevel: nil)
        try writer.write(header: reader.header)
        var layers: [PageLayer] = []
        while let layer = try reader.nextLayer() { layers.append(layer) }
        for page in 1...3 {
            for var layer in layers {
                layer.page = page
                try writer.write(layer: layer)
            }
        }
        try writer.close()
        let run = try await ProgressLineTests.onTerminal(["recognize", folder.path("three.ink.jsonl"), "-o", folder.path("out.ink.jsonl")]
                                                         + DemoLicence.arguments)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("\r\u{1B}[K0/3 pages"), "\(run.output.debugDescription)")
        #expect(run.output.range(of: #"\r\x{1B}\[K1/3 pages, [0-9]+\.[0-9] pages/s, [0-9]+s left"#, options: .regularExpression) != nil,
                "time left: \(run.output.debugDescription)")
        let last = try #require(run.output.range(of: #"\r\x{1B}\[K3/3 pages, [0-9]+\.[0-9] pages/s"#, options: .regularExpression),
                                "\(run.output.debugDescription)")
        #expect(run.output[last.upperBound...].hasPrefix("\r\u{1B}[Kwrote "), "\(run.output.debugDescription)")
    }
}
