import InkFixtures
import Foundation
import Testing
@testable import InkModel

/// Numbers read bit for bit as `strtod` reads them, and write back to the same bits.
@Suite struct NumberTests {
    static let edgeLiterals = [
        "0", "-0", "0.0", "-0.0", "0e0", "0E+5", "-0e-999", "1", "-1", "10", "1.5", "0.1", "0.2", "0.3",
        "123.456", "1e22", "1e23", "9007199254740992", "9007199254740993", "9007199254740991.5",
        "18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
        "0.000000000000000000000000000001", "1.7976931348623157e308", "1.7976931348623158e308",
        "1.7976931348623159e308", "2.2250738585072014e-308", "2.2250738585072011e-308", "4.9406564584124654e-324",
        "5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400", "-1e-400", "1e400", "-1e400",
        "1e-22", "1e-23", "8.98846567431158e307", "0.30000000000000004", "3.141592653589793238462643383279",
        "1E2", "1e+2", "1e-2", "12.5e-3", "100000000000000000000000e-10", "0.0000000000000000000012345678901234567890e30",
        "7.038531e-26", "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124", "9.999999999999999e22", "1e1000000000",
        "1764460000.125", "0.016", "1.5707963267948966", "6.283185307179586", "2.5e-7",
    ]

    static func strtodBits(_ literal: String) -> UInt64 {
        strtod(literal, nil).bitPattern
    }

    static func scannerBits(_ literal: String) throws -> UInt64 {
        var literal = literal
        return try literal.withUTF8 { utf8 in
            var scanner = JSONScanner(UnsafeRawBufferPointer(utf8))
            let value = try scanner.parseDouble()
            #expect(scanner.isAtEnd)
            return value.bitPattern
        }
    }

    @Test(arguments: edgeLiterals)
    func edgeLiteralsMatchStrtod(literal: String) throws {
        #expect(try Self.scannerBits(literal) == Self.strtodBits(literal), "\(literal)")
    }

    @Test func randomLiteralsMatchStrtod() throws {
        let seed = SplitMix64.testSeed(0x4e554d42)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<200_000 {
            let literal = Self.randomLiteral(using: &generator)
            let expected = Self.strtodBits(literal)
            let actual = try Self.scannerBits(literal)
            if actual != expected {
                Issue.record("\(literal): scanner \(Double(bitPattern: actual)), strtod \(Double(bitPattern: expected)) (seed \(seed))")
                return
            }
        }
    }

    /// A literal with 1 … 25 digits, a point somewhere or not, an exponent or not.
    static func randomLiteral(using generator: inout SplitMix64) -> String {
        var text = Bool.random(using: &generator) ? "-" : ""
        let digits = Int.random(in: 1...25, using: &generator)
        var body = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
        body = String(body.drop(while: { $0 == "0" }))
        if body.isEmpty { body = "0" }
        if body.count > 1, Bool.random(using: &generator) {
            let point = Int.random(in: 1..<body.count, using: &generator)
            body.insert(".", at: body.index(body.startIndex, offsetBy: point))
        }
        text += body
        if Bool.random(using: &generator) {
            text += ["e", "E"].randomElement(using: &generator)! + ["", "+", "-"].randomElement(using: &generator)!
            text += String(Int.random(in: 0...(Bool.random(using: &generator) ? 30 : 330), using: &generator))
        }
        return text
    }

    @Test func randomDoublesWriteAndReadBackExactly() throws {
        let seed = SplitMix64.testSeed(0x4a534f4e)
        var generator = SplitMix64(seed: seed)
        var output = JSONOutput(capacity: 64)
        for round in 0..<200_000 {
            let value: Double
            switch round % 4 {
            case 0: value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
            case 1: value = (Double.random(in: -1000...1000, using: &generator) * 100).rounded() / 100
            case 2: value = Double.random(in: 0...1, using: &generator)
            default: value = Double(Float.random(in: 0...800, using: &generator))
            }
            output.bytes.removeAll(keepingCapacity: true)
            guard output.append(number: value) else {
                #expect(!value.isFinite, "seed \(seed)")
                continue
            }
            let text = String(decoding: output.bytes, as: UTF8.self)
            #expect(JSONNumberSyntax.isValid(text), "\(text) (seed \(seed))")
            let back = try Self.scannerBits(text)
            if back != value.bitPattern || Self.strtodBits(text) != value.bitPattern {
                Issue.record("\(value) written as \(text) reads back as \(Double(bitPattern: back)) (seed \(seed))")
                return
            }
        }
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "-0"), (1.0, "1"), (-3.0, "-3"), (1e14, "100000000000000"), (1e15, "1000000000000000"),
        (9007199254740992, "9007199254740992"), (9007199254740994, "9.007199254740994e+15"), (1e16, "1e+16"),
        (0.5, "0.5"), (-20.25, "-20.25"), (0.016, "0.016"), (1764460000.125, "1764460000.125"), (0.0001, "0.0001"),
        (1e-7, "1e-07"), (0.1 + 0.2, "0.30000000000000004"), (Double.pi, "3.141592653589793"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (Double.leastNonzeroMagnitude, "5e-324"),
    ])
    func writesNumbersInShortForm(value: Double, text: String) {
        var output = JSONOutput(capacity: 32)
        let appended = output.append(number: value)
        #expect(appended)
        #expect(String(decoding: output.bytes, as: UTF8.self) == text)
    }

    @Test func keepsLiteralTextOfUnknownNumbers() throws {
        let layer = try InkFiles.parse(#"{"page":1,"strokes":[],"big":123456789012345678901234567890,"e":1E+2,"z":-0.0}"#)
        #expect(layer.extra == JSONObject([("big", .number("123456789012345678901234567890")),
                                           ("e", .number("1E+2")), ("z", .number("-0.0"))]))
    }
}

/// The short-decimal fast path gives `strtod`'s bits for what it accepts, and accepts nothing
/// `strtod` would read differently (exponents, more than 15 digits, stray points or signs).
@Suite struct ShortDecimalTests {
    static func value(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { ShortDecimal.value($0) }
    }

    @Test func acceptedDecimalsAreStrtodsBitForBit() {
        let seed = SplitMix64.testSeed(0x53484f52)
        var generator = SplitMix64(seed: seed)
        var literals = ["0", "-0", "0.1", "0.3", "1.5", "00012", "-793.700787401574", "123456789012345", "0.00000000000001",
                        "99999999999999.9", "1122.520", "0.016"]
        for _ in 0..<5000 {
            var text = String(Int.random(in: 0...9_999_999, using: &generator))
            let decimals = Int.random(in: 0...7, using: &generator)
            if decimals > 0 { text += "." + (0..<decimals).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined() }
            literals.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        for literal in literals {
            let fast = Self.value(literal)
            #expect(fast?.bitPattern == strtod(literal, nil).bitPattern, "\(literal) (seed \(seed))")
        }
    }

    @Test(arguments: ["", "-", ".", "5.", ".5", "-.5", "1.2.3", "1-2", "--1", "+1", "1e5", "1E5", "0x10", "nan", "inf",
                      "1234567890123456", "0.1234567890123456", "1 ", " 1", "1,5"])
    func othersAreLeftToStrtod(_ literal: String) {
        #expect(Self.value(literal) == nil)
    }
}
