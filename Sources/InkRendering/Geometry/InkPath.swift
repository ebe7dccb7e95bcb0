
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

    /// The same region with every subpath turning the same way (positive signed
    /// area in page coordinates), so that subpaths of different strokes added
    /// into one path and filled with the non-zero rule make their union: two
    /// outlines drawn in opposite directions would otherwise cancel where they overlap.
    public func uniformlyOriented() -> InkPath {
        var result = InkPath()
        result.elements.reserveCapacity(elements.count)
        var start = 0
        while start < elements.count {
            var end = start + 1
            while end < elements.count {
                if case .move = elements[end] { break }
                end += 1
            }
            let subpath = elements[start..<end]
            result.elements.append(contentsOf: Self.signedArea(subpath) < 0 ? Self.reversed(subpath) : Array(subpath))
            start = end
        }
        return result
    }

    /// Twice the signed area of a subpath (curves by their control polygon, which
    /// has the sign of the curve's for the outlines inkpdf makes).
    static func signedArea(_ subpath: ArraySlice<Element>) -> Double {
        var points: [Point] = []
        for element in subpath {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .curve(let a, let b, let p): points += [a, b, p]
            case .close: break
            }
        }
        guard points.count > 2 else { return 0 }
        var sum = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }

    /// The subpath traced backwards (from its last point to its first), closed if it was.
    static func reversed(_ subpath: ArraySlice<Element>) -> [Element] {
        guard case .move(let first)? = subpath.first else { return Array(subpath) }
        var ends = [first]   // the point each drawing element starts from, then the last point
        var pieces: [Element] = []
        var closed = false
        for element in subpath.dropFirst() {
            switch element {
            case .line(let p): pieces.append(element); ends.append(p)
            case .curve(_, _, let p): pieces.append(element); ends.append(p)
            case .close: closed = true
            case .move: break
            }
        }
        var out: [Element] = [.move(ends[ends.count - 1])]
        for (index, piece) in pieces.enumerated().reversed() {
            let target = ends[index]
            switch piece {
            case .curve(let a, let b, _): out.append(.curve(b, a, target))
            default: out.append(.line(target))
            }
        }
        if closed { out.append(.close) }
        return out
    }
}
