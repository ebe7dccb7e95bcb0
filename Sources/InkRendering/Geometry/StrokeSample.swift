import InkModel

/// A point on a stroke's centreline with every attribute interpolated there,
/// after the stroke's transform.
public struct StrokeSample: Sendable, Equatable {
    public var position: Point
    /// Nib size (`w`, `h`), scaled by the transform.
    public var width: Double
    public var height: Double
    public var opacity: Double
    public var force: Double
    public var azimuth: Double
    public var altitude: Double
}
