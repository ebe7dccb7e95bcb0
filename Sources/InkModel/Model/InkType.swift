

/// PencilKit ink types, with any newer type kept by name.
public enum InkType: Sendable, Equatable, Hashable {
    case pen, pencil, marker, monoline, fountainPen, watercolor, crayon, reed
    /// An ink from a newer content version: kept verbatim, drawn as `pen`.
    case unknown(String)

    public init(name: String) {
        switch name {
        case "pen": self = .pen
        case "pencil": self = .pencil
        case "marker": self = .marker
        case "monoline": self = .monoline
        case "fountainPen": self = .fountainPen
        case "watercolor": self = .watercolor
        case "crayon": self = .crayon
        case "reed": self = .reed
        default: self = .unknown(name)
        }
    }

    public var name: String {
        switch self {
        case .pen: "pen"
        case .pencil: "pencil"
        case .marker: "marker"
        case .monoline: "monoline"
        case .fountainPen: "fountainPen"
        case .watercolor: "watercolor"
        case .crayon: "crayon"
        case .reed: "reed"
        case .unknown(let name): name
        }
    }

    /// The PencilKit content version that introduced this ink; nil for an unknown, newer ink.
    public var contentVersion: Int? {
        switch self {
        case .pen, .pencil, .marker: 1
        case .monoline, .fountainPen, .watercolor, .crayon: 2
        case .reed: 4
        case .unknown: nil
        }
    }
}
