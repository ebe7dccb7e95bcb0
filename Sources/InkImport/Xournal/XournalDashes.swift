/// Xournal++'s dash styles (`model/StrokeStyle.cpp`), cut by `DashCutter`: the whole
/// document is cut into at most `DashCutter.maximumDashesPerDocument` dashes, each stroke's count
/// estimated from its length before any is cut.
enum XournalDashes {
    /// The on/off lengths of a `style` attribute; nil for a solid line
    /// (`plain`, or anything Xournal++ does not know).
    static func pattern(_ style: String) -> [Double]? {
        switch style {
        case "dash": return [6, 3]
        case "dashdot": return [6, 3, 0.5, 3]
        case "dot": return [0.5, 3]
        default:
            guard style.hasPrefix("cust: ") else { return nil }
            var values: [Double] = []
            XournalNumbers.scanList(String(style.dropFirst(6)), into: &values, limit: 64)
            // cairo refuses negative lengths and an all-zero pattern.
            guard !values.isEmpty, values.allSatisfy({ $0.isFinite && $0 >= 0 }), values.contains(where: { $0 > 0 }) else {
                return nil
            }
            return values
        }
    }
}
