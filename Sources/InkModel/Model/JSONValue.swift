
/// A JSON value kept exactly as read, for keys the format does not define.
///
/// Numbers keep their source text so that writing them back is lossless
/// (large integers, `1.0` against `1`, exponents).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's literal text, as it stood in the source.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}
