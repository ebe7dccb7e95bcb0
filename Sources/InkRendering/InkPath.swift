/// A drawing path in page coordinates (points, y down), kept apart from cairo
/// so that geometry can be built and tested without a surface.
public struct InkPath: Sendable, Equatable {
    public enum Element: Sendable, Equatable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func curve(to p: Point, control1 c1: Point, control2 c2: Point) { elements.append(.curve(c1, c2, p)) }
    public mutating func close() { elements.append(.close) }
    /// Adds `other`'s subpaths after this path's.
    public mutating func append(_ other: InkPath) { elements.append(contentsOf: other.elements) }
}

/// A point in page coordinates.
public struct Point: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public func distance(to other: Point) -> Double { (self - other).length }
}
