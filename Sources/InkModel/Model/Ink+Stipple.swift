/// An extension key of a dry ink (`pencil`, `crayon`) that asks for its lead to
/// be laid as dots on the paper: each stretch of the stroke covers the share of
/// the paper its points' `opacity` gives (0 nothing … 1 all of it), dots of the
/// ink's colour with the paper left showing between them, instead of a
/// translucent fill with a grain over it. How tools whose pencils are dithered
/// textures draw (the reMarkable tablet), said without naming the tool.
/// InkRendering draws it; a reader that does not know the key draws the ink by
/// its type, as the format says for any unknown key.
///
/// ```json
/// "ink": {"type": "pencil", "color": "#000000FF", "width": 1.8, "stipple": true}
/// ```
extension Ink {
    /// `"stipple": true`.
    public static let stippleKey = "stipple"

    /// Whether the ink asks for its lead to be laid as dots (`"stipple": true`).
    public var isStippled: Bool { extra[Self.stippleKey] == .bool(true) }

    /// Asks for the ink's lead to be laid as dots.
    public mutating func setStippled() {
        extra[Self.stippleKey] = .bool(true)
    }
}
