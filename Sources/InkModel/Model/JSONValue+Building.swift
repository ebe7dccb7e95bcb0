/// Building JSON values for reports (merge, inspect, downgrade) and turning them into text.
extension JSONValue {
    /// A number in its shortest round-trip form; `null` if it is not finite.
    public static func number(_ value: Double) -> JSONValue {
        var output = JSONOutput(capacity: 32)
        guard output.append(number: value) else { return .null }
        return .number(String(decoding: output.bytes, as: UTF8.self))
    }

    public static func number(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A string, or `null` for nil.
    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    /// The literal text of a number value; nil for other values.
    public var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }

    /// The value as compact JSON text on one line.
    public var jsonText: String {
        var output = JSONOutput(capacity: 256)
        _ = output.append(value: self)
        return String(decoding: output.bytes, as: UTF8.self)
    }
}
