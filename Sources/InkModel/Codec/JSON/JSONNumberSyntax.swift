/// The JSON number grammar (RFC 8259 §6), shared by the scanner, the writer and the
/// importers' readers of JSON documents (rnote).
public enum JSONNumberSyntax {
    /// Length of the JSON number at the start of `bytes`, or nil if none starts
    /// there (`+1`, `.5`, `01`, `1.`, `1e`).
    @inline(__always)
    static func length(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        let end = bytes.count
        @inline(__always) func isDigit(_ i: Int) -> Bool {
            i < end && bytes[i] &- UInt8(ascii: "0") < 10
        }
        if index < end && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        if index < end && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        return index - start
    }

    /// Whether `bytes` are exactly one JSON number.
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        length(bytes, from: 0) == bytes.count
    }

    /// Whether `text` is exactly one JSON number.
    static func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            let raw = UnsafeRawBufferPointer(utf8)
            return length(raw, from: 0) == raw.count
        }
    }
}
