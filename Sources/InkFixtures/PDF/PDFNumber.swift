
/// Numbers for PDF syntax and cairo attribute strings: plain decimals, no exponent.
public enum PDFNumber {
    public static func format(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        if text.contains("e") {
            // Tiny values: four decimals are all PDF needs.
            let scaled = Int((abs(rounded) * 10_000).rounded())
            text = (rounded < 0 ? "-" : "") + "0." + String(repeating: "0", count: max(0, 4 - String(scaled).count)) + String(scaled)
        }
        return text
    }
}
