import Foundation

/// A small, fast, seedable pseudo-random generator (SplitMix64), so that every
/// generated document is the same on every run and every platform.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A uniform double in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A uniform integer in `range`, without the standard library's sampling
    /// (whose algorithm is not promised to stay the same between releases).
    public mutating func integer(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % span)
    }

    /// One element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[integer(0...(elements.count - 1))]
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// A generator for a sub-task, so that adding draws to one part of a
    /// document does not shift the random numbers of every later part.
    public mutating func fork(_ salt: UInt64) -> SplitMix64 {
        SplitMix64(seed: next() ^ (salt &* 0xD6E8_FEB8_6659_FD93))
    }

    /// A UUID-shaped string (version 4 layout) for stroke identifiers.
    public mutating func uuidString() -> String {
        let high = next(), low = next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 { bytes[i] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(i))) }
        for i in 0..<8 { bytes[8 + i] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(i))) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for (i, byte) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { out.append(UInt8(ascii: "-")) }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension SplitMix64 {
    /// The seed of a random test: `fixed`, so that every run draws the same cases, unless
    /// `INKPDF_TEST_SEED` (decimal or 0x hexadecimal) asks for others. A test names its seed in
    /// every failure it records, so that the failing cases can be drawn again.
    public static func testSeed(_ fixed: UInt64) -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["INKPDF_TEST_SEED"] else { return fixed }
        let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        return value ?? fixed
    }
}
