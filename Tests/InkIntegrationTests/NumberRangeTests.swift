import Foundation
import InkCLI
import InkFixtures
import Testing

/// Finite numbers that the pipeline cannot carry end in a located error from the reader
/// (exit 65), never in a worker that traps (exit 89, "crashed").
@Suite struct NumberRangeTests {
    /// A one-page document and one stroke whose first point is `point`.
    static func run(point: String, created: String = "1764460000") async throws -> Run {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf"), ink = folder.path("doc.ink.jsonl")
        try SampleDocuments.writeBenchmark(pages: 1, pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        let layer = ##"{"page":1,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":\##(created),"points":[\##(point),[20,20,0.1,2,2,1,1,0,1.5]]}]}"##
        _ = folder.write(#"{"format":"inkpdf-layers","version":1}"# + "\n" + layer + "\n", to: "far.ink.jsonl")
        return try await Run.of(["flatten", pdf, "--ink", folder.path("far.ink.jsonl"), "-o", folder.path("out.pdf"), "--ignore-mismatch"]
                          + DemoLicence.arguments)
    }

    @Test("a point at x = 1e20, a nib of 1e16 pt and a stroke created in year 10^292 are refused where they are",
          arguments: [("[1e20,10,0,2,2,1,1,0,1.5]", "1764460000", "stroke 1, point 1: x is 1e+20, outside ±28800"),
                      ("[10,10,0,1e16,2,1,1,0,1.5]", "1764460000", "stroke 1, point 1: w is 1e+16, wider than the largest PDF page"),
                      ("[10,10,0,2,2,1,1,0,1.5]", "1e300", "stroke 1: `created` is 1e+300, outside the years 1 … 9999")])
    func refusedWhereTheyAre(point: String, created: String, problem: String) async throws {
        let run = try await Self.run(point: point, created: created)
        #expect(run.status == ExitCode.invalidInk.rawValue, "\(run.errors)")
        #expect(run.errors.contains("far.ink.jsonl:2: page 1, \(problem)"), "\(run.errors)")
        #expect(!run.errors.contains("crashed"), "\(run.errors)")
    }

    @Test("a point at the edge of the range is drawn")
    func edgeOfTheRange() async throws {
        let run = try await Self.run(point: "[-28800,28800,0,2,2,1,1,0,1.5]")
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test("a render scale that takes a page past Int's range is refused by the pixel guard, not trapped before it")
    func renderScaleBeyondIntsRange() async throws {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf"), ink = folder.path("doc.ink.jsonl")
        try SampleDocuments.writeBenchmark(pages: 1, pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        let run = try await Run.of(["render", pdf, "--ink", ink, "-o", folder.path("pages"), "--scale", "1e17"])
        #expect(run.status == ExitCode.internalError.rawValue, "\(run.errors)")
        #expect(run.errors.contains("more than the 32767 cairo can make; lower --dpi or --scale"), "\(run.errors)")
        #expect(!run.errors.contains("crashed"), "\(run.errors)")
    }
}
