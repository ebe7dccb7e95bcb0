import InkModel

/// The texture of a dry medium on paper, drawn from a small repeating tile.
public enum Grain: Sendable, Hashable, CaseIterable {
    /// Fine, faint tooth.
    case pencil
    /// Coarse, waxy, higher contrast.
    case crayon
}
