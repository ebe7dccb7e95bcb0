import Foundation
import InkModel
import InkPDFContent
import InkRendering
import Testing

/// The content writer is the last line of `InkRange`: a caller of the library that hands it
/// values no reader would accept (a width of 1e16 pt, an opacity of 1e20) gets clamped
/// operators, never a trap in an `Int(…)` conversion.
@Suite struct OutOfRangeContentTests {
    @Test("a width of 1e16 pt and an opacity of 1e20 are written clamped, without a trap")
    func hugeValuesAreClamped() throws {
        var wide = makeStroke(.pen, size: 1e16, [(10, 10), (50, 50)])
        wide.points = wide.points.map { point in
            var copy = point
            copy.opacity = 1e20
            return copy
        }
        let content = InkContentWriter.content(for: drawings([wide]), width: 100, height: 100)
        let text = String(decoding: content.operators, as: UTF8.self)
        #expect(!text.isEmpty)
        #expect(!text.contains("e+"), "no exponent may reach PDF operators: \(text.prefix(200))")
    }
}
