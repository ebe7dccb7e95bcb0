/// The PencilKit content version a drawing needs for a client to load it:
/// 1 for pen, pencil and marker; 2 for monoline, fountainPen, watercolor and
/// crayon; 4 for reed; an ink this inkpdf does not know needs a newer,
/// unknown version.
public enum ContentVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    case known(Int)
    /// Newer than any version this inkpdf knows (an unknown ink type).
    case newer

    /// The newest version whose inks inkpdf knows.
    public static let latestKnown = 4

    /// What a drawing with no strokes needs.
    public static let minimum = ContentVersion.known(1)

    public init(requiredBy type: InkType) {
        self = type.contentVersion.map { .known($0) } ?? .newer
    }

    /// `2`, or `newer than 4` for an unknown ink.
    public var description: String {
        switch self {
        case .known(let version): "\(version)"
        case .newer: "newer than \(Self.latestKnown)"
        }
    }

    /// The version as JSON: a number, or the string `"unknown"`.
    public var json: JSONValue {
        switch self {
        case .known(let version): .number(version)
        case .newer: .string("unknown")
        }
    }
}
