import InkCLI
import Foundation
import InkFixtures
import Testing

/// flatten, export and render keep a live progress line on a terminal, drawn
/// from the worker's reports; nothing of it when stderr is not a terminal or
/// with --quiet.
@Suite struct ProgressLineTests {
    final class Fixture {
        let scratch = TestFolder()
        var folder: URL { scratch.url }
        let pdf: URL, ink: URL
        static let pages = 12

        init() throws {
            pdf = scratch.url.appendingPathComponent("doc.pdf")
            ink = scratch.url.appendingPathComponent("doc.ink.jsonl")
            try SampleDocuments.writeBenchmark(pages: Self.pages, pdf: pdf, ink: ink)
        }

        func arguments(_ command: String) -> [String] {
            let output = folder.appendingPathComponent(command == "render" ? "images" : "\(command).pdf").path
            return [command, pdf.path, "--ink", ink.path, "-o", output]
                + (command == "render" ? ["--dpi", "18"] : DemoLicence.arguments)
        }
    }

    /// Runs inkpdf with its standard streams on a terminal (`script` gives it one) and
    /// returns all it wrote there.
    static func onTerminal(_ arguments: [String]) async throws -> Run {
        let command = ([BuiltExecutable.inkpdf.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try await Run.of(["-qec", command, "/dev/null"], tool: OutsideTool.script.url)
    }

    @Test(arguments: ["flatten", "export", "render"])
    func aTerminalShowsPagesDoneAndTheRate(command: String) async throws {
        let f = try Fixture()
        let run = try await Self.onTerminal(f.arguments(command))
        #expect(run.status == 0, "\(run.output)")
        // Drawn in place (carriage return, erase line); the first report is drawn at once, the last always.
        #expect(run.output.contains("\r\u{1B}[K0/\(Fixture.pages) pages"), "\(run.output.debugDescription)")
        let last = try #require(run.output.range(of: #"\r\x{1B}\[K\#(Fixture.pages)/\#(Fixture.pages) pages, [0-9]+\.[0-9] pages/s"#,
                                                 options: .regularExpression), "\(run.output.debugDescription)")
        // Cleared before the command says what it wrote.
        #expect(run.output[last.upperBound...].hasPrefix("\r\u{1B}[Kwrote "), "\(run.output.debugDescription)")
    }

    @Test(arguments: ["flatten", "export", "render"])
    func notOnATerminalOrQuietNothingIsShown(command: String) async throws {
        let f = try Fixture()
        let piped = try await Run.of(f.arguments(command))
        #expect(piped.status == 0, "\(piped.errors)")
        #expect(piped.errors.isEmpty, "\(piped.errors.debugDescription)")
        #expect(piped.output.hasPrefix("wrote "))
        let quiet = try await Self.onTerminal(f.arguments(command) + ["--quiet"])
        #expect(quiet.status == 0, "\(quiet.output)")
        #expect(quiet.output.isEmpty, "\(quiet.output.debugDescription)")
    }
}
