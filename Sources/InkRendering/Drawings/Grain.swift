import InkModel

/// The texture of a dry medium on paper, drawn from a small repeating tile.
public enum Grain: Sendable, Hashable, CaseIterable {
    /// Fine, faint tooth, multiplied over the pencil's fill.
    case pencil
    /// Coarse, waxy, higher contrast, multiplied over the crayon's fill.
    case crayon
    /// The fill itself: dots of the ink's colour over `level` / `stippleLevels` of the
    /// paper, the paper untouched between them (a stippled lead, `Ink.isStippled`).
    /// The dots of a level include every lower level's, so that where stretches of
    /// different levels overlap (strokes of one batch crossing), the denser level's show.
    case stipple(level: Int)

    /// The steps of coverage a stippled lead is drawn in: 1/16 of the paper each.
    public static let stippleLevels = 16

    public static var allCases: [Grain] {
        [.pencil, .crayon] + (1...stippleLevels).map { .stipple(level: $0) }
    }

    /// Whether the grain is the fill itself (painted in the ink's colour) rather than multiplied over it.
    public var isStipple: Bool {
        if case .stipple = self { return true }
        return false
    }
}
