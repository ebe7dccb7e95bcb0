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

    public mutating func append(_ other: InkPath) { elements.append(contentsOf: other.elements) }

    /// Appends a full circle as four cubic arcs (the standard 0.5523 handle length).
    public mutating func addCircle(center: Point, radius r: Double) {
        let k = 0.5522847498 * r
        move(to: Point(center.x + r, center.y))
        curve(to: Point(center.x, center.y + r), control1: Point(center.x + r, center.y + k), control2: Point(center.x + k, center.y + r))
        curve(to: Point(center.x - r, center.y), control1: Point(center.x - k, center.y + r), control2: Point(center.x - r, center.y + k))
        curve(to: Point(center.x, center.y - r), control1: Point(center.x - r, center.y - k), control2: Point(center.x - k, center.y - r))
        curve(to: Point(center.x + r, center.y), control1: Point(center.x + k, center.y - r), control2: Point(center.x + r, center.y - k))
        close()
    }

    /// The smallest axis-aligned box holding every point and control point.
    public var controlBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ p: Point) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .curve(let a, let b, let c): include(a); include(b); include(c)
            case .close: break
            }
        }
        return minX <= maxX ? (minX, minY, maxX, maxY) : nil
    }
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
