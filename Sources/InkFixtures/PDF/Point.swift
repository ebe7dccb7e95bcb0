/// A point in displayed page coordinates (y down).
public struct Point: Sendable, Equatable {
    public var x, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}
