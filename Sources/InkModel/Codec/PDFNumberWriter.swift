
/// Writes numbers as PDF content syntax with integer arithmetic only: no
/// `printf`, no Foundation formatting. Ink coordinates are integers on a
/// fixed grid (`PDFGrid`) under one `cm`, so the hot path is `appendInteger`;
/// `appendDecimal` is for the few other numbers (colours, widths, matrices).
public enum PDFNumberWriter {
    /// The largest magnitude written: PDF readers keep integers in 32 bits
    /// (ISO 32000-1, Annex C), so numbers are clamped here (`PDFGrid.limit` too).
    public static let limit = 2_147_483_647

    /// One in-use entry of a cross-reference table: `0000012345 00000 n \n` (20 bytes:
    /// the offset in 10 digits, the generation in 5, zero-padded).
    public static func appendCrossReferenceEntry(offset: Int, generation: Int, to bytes: inout [UInt8]) {
        appendPadded(offset, width: 10, to: &bytes)
        bytes.append(32)
        appendPadded(generation, width: 5, to: &bytes)
        bytes += Array(" n \n".utf8)
    }

    /// A non-negative `value` with leading zeros up to `width` digits.
    static func appendPadded(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var digits: [UInt8] = []
        appendInteger(value, to: &digits)
        for _ in digits.count..<max(width, digits.count) { bytes.append(UInt8(ascii: "0")) }
        bytes += digits
    }

    /// `value` in decimal, `-` for negatives: `0`, `-17`, `2147483647`; then `terminator` if it is not 0.
    ///
    /// The digits are made from the right in a small buffer on the stack and appended in one
    /// copy (measured: much faster than appending them one by one and reversing).
    @inlinable
    public static func appendInteger(_ value: Int, to bytes: inout [UInt8], terminator: UInt8 = 0) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var end = 24
            if terminator != 0 {
                end -= 1
                buffer[end] = terminator
            }
            var at = end
            var magnitude = value.magnitude
            repeat {
                at -= 1
                buffer[at] = UInt8(truncatingIfNeeded: 48 &+ magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            if value < 0 {
                at -= 1
                buffer[at] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[at..<24]))
        }
    }

    /// `value` rounded to `fractionDigits` decimals (half away from zero), with
    /// no exponent and no trailing zeros: `0.5`, `-0.0625`, `841.89`, `1`. A
    /// value that rounds to zero is `0` (never `-0`); NaN is `0`, and values
    /// beyond ±`limit` are clamped there (PDF readers' integer range).
    public static func appendDecimal(_ value: Double, fractionDigits: Int, to bytes: inout [UInt8]) {
        precondition((0...9).contains(fractionDigits), "fractionDigits must be 0…9")
        var scale = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let bound = Double(limit)
        let clamped = value.isNaN ? 0 : min(max(value, -bound), bound)
        let scaled = Int((clamped * Double(scale)).rounded(.toNearestOrAwayFromZero))
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        appendInteger(Int(magnitude / UInt(scale)), to: &bytes)
        var fraction = Int(magnitude % UInt(scale))
        guard fraction != 0 else { return }
        var digits = fractionDigits
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        bytes.append(UInt8(ascii: "."))
        // Leading zeros of the fraction (0.0625 has one).
        var width = 1, power = 10
        while power <= fraction { width += 1; power *= 10 }
        for _ in width..<digits { bytes.append(UInt8(ascii: "0")) }
        appendInteger(fraction, to: &bytes)
    }
}
