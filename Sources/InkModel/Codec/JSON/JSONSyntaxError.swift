/// A line that is not valid JSON: where (a byte offset in the line) and what.
struct JSONSyntaxError: Error, Equatable {
    var offset: Int
    var reason: String

    /// `invalid JSON at column 38: expected ',' or ']'` (columns count bytes from 1).
    var problem: String { "invalid JSON at \(located)" }

    /// `column 38: expected ',' or ']'`.
    var located: String { "column \(offset + 1): \(reason)" }
}
