/// A short plain decimal (`-12.375`: an optional minus, digits, at most one point followed by
/// digits, no exponent, at most 15 digits in all) as the `Double` `strtod` gives for it: the
/// digits are exact in a double and so is the power of ten, so one division rounds correctly
/// (Clinger's fast path). How most coordinates in ink files are written (Xournal++ and rnote
/// write three decimals); a reader converts anything else with `strtod`.
public enum ShortDecimal {
    private static let powersOfTen: [Double] = (0...15).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// The value of `bytes`, or nil when they are not such a decimal.
    @inline(__always)
    public static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = !bytes.isEmpty && bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fraction = 0
        var point = -1
        while index < bytes.count {
            let byte = bytes[index]
            if byte &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                digits += 1
                if point >= 0 { fraction += 1 }
                guard digits <= 15 else { return nil }
            } else if byte == UInt8(ascii: "."), point < 0, digits > 0 {
                point = index
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, point < 0 || fraction > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }
}
