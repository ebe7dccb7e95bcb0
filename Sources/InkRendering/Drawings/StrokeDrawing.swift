import InkModel

/// What one stroke puts on the page: a path, how it is painted, and an
/// optional clip (the stroke's mask). Built without cairo; `CairoInkPainter`
/// turns it into cairo calls.
public struct StrokeDrawing: Sendable, Equatable {
    public var path: InkPath
    public var paint: Paint
    /// The region the stroke is confined to (from its `mask`), in page coordinates.
    public var clip: InkPath?

    public init(path: InkPath, paint: Paint, clip: InkPath? = nil) {
        self.path = path
        self.paint = paint
        self.clip = clip
    }
}
