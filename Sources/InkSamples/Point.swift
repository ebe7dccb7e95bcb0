/// A point in displayed page coordinates (y down).
struct Point: Sendable, Equatable {
    var x, y: Double
    init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}
