import Foundation
@testable import InkModel
import Testing

/// The codec's round trip (`InkLayersRoundTrip`), the promise the ink-layers fuzz target checks on
/// every input (its kept inputs run in FuzzRegressionTests).
@Suite struct InkLayersRoundTripTests {
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
