import Foundation
import Testing
@testable import InkPDFContent

@Suite struct PDFNumberWriterTests {
    func integer(_ value: Int) -> String {
        var bytes: [UInt8] = []
        PDFNumberWriter.appendInteger(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func decimal(_ value: Double, _ digits: Int) -> String {
        var bytes: [UInt8] = []
        PDFNumberWriter.appendDecimal(value, fractionDigits: digits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [(0, "0"), (7, "7"), (-1, "-1"), (10, "10"), (-100, "-100"), (13470, "13470"),
                      (2_147_483_647, "2147483647"), (-2_147_483_647, "-2147483647"),
                      (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808")])
    func integersAreExact(value: Int, text: String) {
        #expect(integer(value) == text)
    }

    @Test(arguments: [(0, 65535, "0000000000 65535 n \n"), (15, 0, "0000000015 00000 n \n"),
                      (1_234_567_890, 2, "1234567890 00002 n \n")])
    func crossReferenceEntriesAreTwentyBytes(offset: Int, generation: Int, text: String) {
        var bytes: [UInt8] = []
        PDFNumberWriter.appendCrossReferenceEntry(offset: offset, generation: generation, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == text && bytes.count == 20)
    }

    @Test func integersMatchSwiftsOwnFormatting() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Int.random(in: -3_000_000...3_000_000, using: &random) >> Int.random(in: 0...20, using: &random)
            #expect(integer(value) == String(value))
        }
    }

    @Test(arguments: [(0.0, 3, "0"), (-0.0, 3, "0"), (1, 3, "1"), (0.5, 3, "0.5"), (-0.0625, 6, "-0.0625"),
                      (0.0625, 4, "0.0625"), (0.03125, 6, "0.03125"), (841.89, 4, "841.89"),
                      (841.8897637795275, 4, "841.8898"), (0.0005, 3, "0.001"), (-0.0005, 3, "-0.001"),
                      (0.0004999, 3, "0"), (-0.0004, 3, "0"), (12.8, 2, "12.8"), (100, 2, "100"),
                      (1e20, 2, "2147483647"), (-1e20, 0, "-2147483647"), (.nan, 3, "0"),
                      (.infinity, 1, "2147483647"), (0.1, 9, "0.1"), (0.000000001, 9, "0.000000001")])
    func decimalsAreExact(value: Double, digits: Int, text: String) {
        #expect(decimal(value, digits) == text, "\(value) to \(digits) digits")
    }

    @Test func decimalsMatchPrintfWithoutTrailingZeros() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 0...6, using: &random)
            // Values with an exact binary form at the rounding digit would hit printf's
            // round-half-even; these are random doubles, almost never exactly halfway.
            let value = Double.random(in: -20_000...20_000, using: &random)
            var expected = String(format: "%.\(digits)f", value)
            if expected.contains(".") {
                while expected.hasSuffix("0") { expected.removeLast() }
                if expected.hasSuffix(".") { expected.removeLast() }
            }
            if expected == "-0" { expected = "0" }
            #expect(decimal(value, digits) == expected, "\(value) to \(digits) digits")
        }
    }

    @Test(arguments: [(0.0, 0), (-0.0, 0), (1, 16), (-1, -16), (0.03125, 1), (-0.03125, -1), (0.0312, 0), (-0.0312, 0),
                      (0.09375, 2), (-0.09375, -2), (100.03125, 1601), (595.276, 9524), (841.89, 13470),
                      (1e12, 2_147_483_647), (-1e12, -2_147_483_647), (.infinity, 2_147_483_647),
                      (-.infinity, -2_147_483_647), (.nan, 0)])
    func gridRoundsHalfAwayFromZeroAndClamps(points: Double, units: Int) {
        #expect(PDFGrid.sixteenth.units(points) == units, "\(points) pt")
    }

    @Test func gridAgreesWithTheCairoPaintersSnapping() {
        // CairoInkPainter snaps with (v * 16).rounded() / 16: the same grid points.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let v = Double.random(in: -1000...1000, using: &random)
            #expect(Double(PDFGrid.sixteenth.units(v)) / 16 == (v * 16).rounded() / 16)
        }
    }
}
