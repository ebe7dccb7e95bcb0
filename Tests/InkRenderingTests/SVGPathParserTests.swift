import Testing
@testable import InkRendering

@Suite struct SVGPathParserTests {
    @Test func absoluteAndRelativeCommands() throws {
        let path = try SVGPathParser.parse("M 10 10 L 20 10 l 0 10 h -10 z m 5,5 q 5 5 10 0 C 1 2 3 4 5 6 V 7 H 8")
        #expect(path.elements.first == .move(Point(10, 10)))
        #expect(path.elements[1] == .line(Point(20, 10)))
        #expect(path.elements[2] == .line(Point(20, 20)))
        #expect(path.elements[3] == .line(Point(10, 20)))
        #expect(path.elements[4] == .close)
        // After Z the current point is the subpath's start, so m is relative to (10, 10).
        #expect(path.elements[5] == .move(Point(15, 15)))
        // The quadratic becomes a cubic ending at (25, 15).
        guard case .curve(_, _, let end) = path.elements[6] else { Issue.record("expected a curve"); return }
        #expect(end == Point(25, 15))
        #expect(path.elements.last == .line(Point(8, 7)))
    }

    @Test func implicitRepeatsAfterMoveAreLines() throws {
        let path = try SVGPathParser.parse("M0 0 10 0 10 10")
        #expect(path.elements == [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10))])
    }

    @Test(arguments: [
        ("L 1 2", "at character 1: a path must start with a command such as M"),
        ("M 1", "at character 4: expected a number"),
        ("M 1 2 A 1 1 0 0 0 3 3", "at character 7: unsupported command 'A'"),
        ("M 1 2 Z 3", "at character 9: numbers after Z"),
    ])
    func malformedPathsAreLocated(text: String, message: String) {
        #expect(throws: SVGPathParser.SyntaxError.self) { try SVGPathParser.parse(text) }
        do { _ = try SVGPathParser.parse(text) } catch { #expect("\(error)" == message) }
    }
}
