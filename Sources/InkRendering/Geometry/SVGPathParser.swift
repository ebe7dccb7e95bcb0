import Foundation
import InkModel

/// Reads the SVG path syntax of a stroke's `mask` (M, L, H, V, C, S, Q, T, Z,
/// absolute and relative) into an `InkPath`, applying the stroke's transform.
public enum SVGPathParser {
    public struct SyntaxError: Error, CustomStringConvertible, Equatable {
        public var offset: Int
        public var problem: String
        public var description: String { "at character \(offset + 1): \(problem)" }
    }

    public static func parse(_ text: String, transform: StrokeTransform = .identity) throws -> InkPath {
        var scanner = Scanner(bytes: Array(text.utf8))
        var path = InkPath()
        var current = Point(0, 0), subpathStart = Point(0, 0)
        var lastControl: Point?          // for S / T reflection
        var lastCommand: UInt8 = 0
        func mapped(_ p: Point) -> Point {
            let q = transform.apply(x: p.x, y: p.y)
            return Point(q.x, q.y)
        }
        func cubic(_ c1: Point, _ c2: Point, _ end: Point) {
            path.curve(to: mapped(end), control1: mapped(c1), control2: mapped(c2))
        }
        scanner.skipSeparators()
        var command: UInt8 = 0
        while !scanner.atEnd {
            let commandOffset = scanner.index
            if let letter = scanner.commandLetter() {
                if command == 0, letter | 0x20 != UInt8(ascii: "m") {
                    throw SyntaxError(offset: commandOffset, problem: "a path must start with a command such as M")
                }
                command = letter
            } else if command == 0 {
                throw SyntaxError(offset: scanner.index, problem: "a path must start with a command such as M")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw SyntaxError(offset: scanner.index, problem: "numbers after Z")
            }
            let relative = command >= UInt8(ascii: "a")
            let base = relative ? current : Point(0, 0)
            switch command | 0x20 {   // lower-cased
            case UInt8(ascii: "m"):
                let p = try scanner.point() + base
                path.move(to: mapped(p))
                current = p; subpathStart = p
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")   // further pairs are lines
                lastControl = nil
            case UInt8(ascii: "l"):
                let p = try scanner.point() + base
                path.line(to: mapped(p)); current = p; lastControl = nil
            case UInt8(ascii: "h"):
                let x = try scanner.number() + (relative ? current.x : 0)
                current = Point(x, current.y); path.line(to: mapped(current)); lastControl = nil
            case UInt8(ascii: "v"):
                let y = try scanner.number() + (relative ? current.y : 0)
                current = Point(current.x, y); path.line(to: mapped(current)); lastControl = nil
            case UInt8(ascii: "c"):
                let c1 = try scanner.point() + base, c2 = try scanner.point() + base, p = try scanner.point() + base
                cubic(c1, c2, p); current = p; lastControl = c2
            case UInt8(ascii: "s"):
                let reflected = (lastCommand | 0x20 == UInt8(ascii: "c") || lastCommand | 0x20 == UInt8(ascii: "s")) && lastControl != nil
                    ? current * 2 - lastControl! : current
                let c2 = try scanner.point() + base, p = try scanner.point() + base
                cubic(reflected, c2, p); current = p; lastControl = c2
            case UInt8(ascii: "q"):
                let c = try scanner.point() + base, p = try scanner.point() + base
                cubic(current + (c - current) * (2.0 / 3), p + (c - p) * (2.0 / 3), p); current = p; lastControl = c
            case UInt8(ascii: "t"):
                let c = (lastCommand | 0x20 == UInt8(ascii: "q") || lastCommand | 0x20 == UInt8(ascii: "t")) && lastControl != nil
                    ? current * 2 - lastControl! : current
                let p = try scanner.point() + base
                cubic(current + (c - current) * (2.0 / 3), p + (c - p) * (2.0 / 3), p); current = p; lastControl = c
            case UInt8(ascii: "z"):
                path.close(); current = subpathStart; lastControl = nil
            default:
                throw SyntaxError(offset: commandOffset, problem: "unsupported command '\(Character(UnicodeScalar(command)))'")
            }
            lastCommand = command
            scanner.skipSeparators()
        }
        return path
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var atEnd: Bool { index >= bytes.count }

        mutating func skipSeparators() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x2C].contains(bytes[index]) { index += 1 }
        }

        mutating func commandLetter() -> UInt8? {
            guard index < bytes.count else { return nil }
            let c = bytes[index]
            guard (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A), c != UInt8(ascii: "e"), c != UInt8(ascii: "E") else { return nil }
            index += 1
            skipSeparators()
            return c
        }

        mutating func number() throws -> Double {
            skipSeparators()
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var digits = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; digits += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; digits += 1 }
            }
            guard digits > 0 else { throw SyntaxError(offset: start, problem: "expected a number") }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                var probe = index + 1
                if probe < bytes.count, bytes[probe] == UInt8(ascii: "-") || bytes[probe] == UInt8(ascii: "+") { probe += 1 }
                if probe < bytes.count, bytes[probe] >= 0x30, bytes[probe] <= 0x39 {
                    index = probe
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                }
            }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
                throw SyntaxError(offset: start, problem: "number out of range")
            }
            skipSeparators()
            return value
        }

        mutating func point() throws -> Point {
            let x = try number()
            let y = try number()
            return Point(x, y)
        }
    }
}
