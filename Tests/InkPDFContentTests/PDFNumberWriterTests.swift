import LibCairo
import Foundation
import struct InkFixtures.SplitMix64
import InkModel
import InkRendering
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
        let seed = SplitMix64.testSeed(0x50444649)
        var random = SplitMix64(seed: seed)
        for _ in 0..<20_000 {
            let value = Int.random(in: -3_000_000...3_000_000, using: &random) >> Int.random(in: 0...20, using: &random)
            #expect(integer(value) == String(value), "seed \(seed)")
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
        let seed = SplitMix64.testSeed(0x50444644)
        var random = SplitMix64(seed: seed)
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
            #expect(decimal(value, digits) == expected, "\(value) to \(digits) digits (seed \(seed))")
        }
    }

    /// The rounding on a grid whose halves are exact in binary (1/16 pt).
    @Test(arguments: [(0.0, 0), (-0.0, 0), (1, 16), (-1, -16), (0.03125, 1), (-0.03125, -1), (0.0312, 0), (-0.0312, 0),
                      (0.09375, 2), (-0.09375, -2), (100.03125, 1601), (595.276, 9524), (841.89, 13470),
                      (1e12, 2_147_483_647), (-1e12, -2_147_483_647), (.infinity, 2_147_483_647),
                      (-.infinity, -2_147_483_647), (.nan, 0)])
    func gridRoundsHalfAwayFromZeroAndClamps(points: Double, units: Int) {
        #expect(PDFGrid(unitsPerPoint: 16).units(points) == units, "\(points) pt")
    }

    /// The ink's own grid, 1/12 pt: 0.125 pt is 1.5 units, exactly half way.
    @Test(arguments: [(1.0, 12), (-1, -12), (0.125, 2), (-0.125, -2), (0.124, 1), (595.276, 7143), (841.89, 10103)])
    func inkGridIsTwelfthsOfAPoint(points: Double, units: Int) {
        #expect(PDFGrid.ink.unitsPerPoint == 12)
        #expect(PDFGrid.ink.units(points) == units, "\(points) pt")
    }

    /// The cairo painter puts a path's points where the writer writes them: the
    /// coordinates cairo holds after `CairoInkPainter.append` are the grid's (drawn
    /// scaled by the grid, so that grid points are whole device units: cairo keeps
    /// coordinates in 1/256 of one).
    @Test func gridAgreesWithTheCairoPaintersSnapping() throws {
        let surface = CairoImageSurface(format: .argb32, width: 8, height: 8)
        let context = CairoContext(drawingOn: surface)
        #expect(context.status == nil)
        let units = Double(PDFGrid.ink.unitsPerPoint)
        context.scale(units, units)
        let seed = SplitMix64.testSeed(0x50445054)
        var random = SplitMix64(seed: seed)
        var path = InkPath()
        var points: [Point] = []
        for index in 0..<2_000 {
            let point = Point(Double.random(in: -1000...1000, using: &random), Double.random(in: -1000...1000, using: &random))
            points.append(point)
            if index == 0 { path.move(to: point) } else { path.line(to: point) }
        }
        CairoInkPainter.append(path, to: context)
        var held: [Point] = []
        for element in context.copyPath() {
            switch element {
            case .move(let x, let y), .line(let x, let y): held.append(Point(x, y))
            case .curve(let x, let y, _, _, _, _): held.append(Point(x, y))
            case .close: break
            }
        }
        #expect(held.count == points.count, "seed \(seed)")
        for (point, cairoPoint) in zip(points, held) {
            #expect(abs(Double(PDFGrid.ink.units(point.x)) / units - cairoPoint.x) < 1e-9, "seed \(seed)")
            #expect(abs(Double(PDFGrid.ink.units(point.y)) / units - cairoPoint.y) < 1e-9, "seed \(seed)")
        }
    }
}
