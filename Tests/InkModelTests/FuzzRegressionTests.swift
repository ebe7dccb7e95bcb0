import Foundation
@testable import InkModel
import Testing

/// Inputs the fuzz target (`Fuzz/InkLayersFuzzer.swift`, `scripts/fuzz.sh`) found or was
/// seeded with, kept in `FuzzRegressions/` (one file each; fuzz.sh copies its findings
/// there), each run through the same check: what reads writes back and reads again to
/// the same value, and the page scan agrees with the parser.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".input") }.sorted()
    }

    @Test func theRegressionInputsAreThere() {
        #expect(Self.inputs.count >= 5, "\(Self.folder.path) holds \(Self.inputs)")
    }

    @Test(arguments: inputs)
    func keepsTheRoundTrip(input: String) throws {
        let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(input))
        let problem = bytes.withUnsafeBytes { InkLayersRoundTrip.problem(with: $0) }
        #expect(problem == nil, "\(input): \(problem ?? "")")
    }

    /// The check can fail: a scan that disagrees with the parser, or a value that does not
    /// survive the trip, is reported.
    @Test func theCheckSeesABrokenPromise() throws {
        // The parser reads these lines; their written form differs, but must read back the same.
        for line in [#"{"page":3,"strokes":[],"x":1.50}"#, #"{"strokes":[],"page":3}"#] {
            let problem = Array(line.utf8).withUnsafeBytes { InkLayersRoundTrip.problem(with: $0) }
            #expect(problem == nil, "\(line): \(problem ?? "")")
        }
        // A layer whose value changes when written (a kept number that is not JSON) cannot be written.
        var layer = try Array(#"{"page":3,"strokes":[],"x":1}"#.utf8).withUnsafeBytes {
            try InkLayersReader.parseLayer($0, file: "f", line: 1)
        }
        layer.extra.entries[0].value = .number("1 2")
        var output = JSONOutput(capacity: 64)
        #expect(throws: InkLayersError.self) {
            try InkLayersWriter.encode(layer, into: &output, location: .init(file: "f", line: 1))
        }
    }
}
