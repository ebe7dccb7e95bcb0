import Foundation
import InkFixtures
import InkImport
import InkModel

/// Xournal++ itself as the oracle: exporting a `.xopp` with
/// `xvfb-run -a xournalpp --create-pdf`, and reading back what it drew.
enum XournalReference {
    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static let isAvailable = which("xournalpp") != nil && which("xvfb-run") != nil

    struct ToolError: Error, CustomStringConvertible {
        var description: String
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) async throws -> String {
        let run = try await ChildProcess.run(URL(fileURLWithPath: tool), arguments)
        let text = String(decoding: run.output + run.errors, as: UTF8.self)
        guard run.status == 0 else {
            throw ToolError(description: "\(tool) \(arguments.joined(separator: " ")) exited \(run.status): \(text.suffix(800))")
        }
        return text
    }

    /// Xournal++'s PDF of `xopp`.
    static func export(_ xopp: String, to pdf: String) async throws {
        try await run(which("xvfb-run")!, ["-a", which("xournalpp")!, "--create-pdf=\(pdf)", xopp])
        guard FileManager.default.fileExists(atPath: pdf) else { throw ToolError(description: "xournalpp wrote no \(pdf)") }
    }

    /// inkpdf's PDF of `xopp`.
    static func flatten(_ xopp: String, to pdf: String) async throws {
        try await run(BuiltExecutable.inkpdf.path, ["flatten", xopp, "-o", pdf, "--no-sidecar", "--quiet"] + DemoLicence.arguments)
    }

    /// The document's XML (gzip or plain).
    static func xml(of path: String) async throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        if bytes.starts(with: [0x1F, 0x8B]) { return String(decoding: try await OutsideTool.gzip.run(["-dc", path]), as: UTF8.self) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The document with every stroke, text box and image taken out (pages, backgrounds and layers kept).
    static func withoutInk(_ xml: String) -> String {
        var text = xml
        for element in ["stroke", "text", "image", "teximage"] {
            for pattern in ["<\(element)\\b[^>]*/>", "<\(element)\\b[^>]*>[\\s\\S]*?</\(element)>"] {
                let regex = try! NSRegularExpression(pattern: pattern)
                text = regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
            }
        }
        return text
    }

    /// Both tools' renderings of `xopp` against their own renderings of it without ink, at 72 dpi,
    /// page by page (Xournal++'s ink is the reference). Files go to `folder`.
    static func placement(of xopp: String, in folder: TestFolder, name: String) async throws -> [InkPlacement.Result] {
        let bare = folder.path("\(name)-bare.xopp")
        _ = await folder.write(withoutInk(try xml(of: xopp)), to: "\(name)-bare.xopp")
        let outputs = ["xournal", "xournal-bare", "inkpdf", "inkpdf-bare"].map { folder.path("\(name)-\($0).pdf") }
        try await export(xopp, to: outputs[0])
        try await export(bare, to: outputs[1])
        try await flatten(xopp, to: outputs[2])
        try await flatten(bare, to: outputs[3])
        let pages = try PopplerReader(path: outputs[0]).pageCount
        let ours = try PopplerReader(path: outputs[2]).pageCount
        guard pages == ours else { throw ToolError(description: "\(name): Xournal++ wrote \(pages) pages, inkpdf \(ours)") }
        return try (1...pages).map { page in
            try InkPlacement.compare(reference: outputs[0], referenceWithoutInk: outputs[1], candidate: outputs[2],
                                     candidateWithoutInk: outputs[3], pages: [page])
        }
    }

    /// One stroked path of a page's content stream: its points (moves and lines), line width and stroke colour (0…255).
    struct StrokedPath: Hashable, Comparable, CustomStringConvertible {
        var points: Int
        /// Hundredths of a point.
        var width: Int
        var color: [Int]

        static func < (a: Self, b: Self) -> Bool { (a.points, a.width, a.color.lexicographicallyPrecedes(b.color) ? 0 : 1) < (b.points, b.width, 0) }
        var description: String { "\(points) points, \(Double(width) / 100) pt, rgb \(color)" }
    }

    /// The stroked paths Xournal++ wrote on each page of `pdf` (cairo's content streams, uncompressed by qpdf).
    static func strokedPaths(_ pdf: String, in folder: TestFolder) async throws -> [[StrokedPath]] {
        let qdf = folder.path("qdf-\(UUID().uuidString).pdf")
        try await runQPDF(["--qdf", "--object-streams=disable", pdf, qdf])
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: qdf)), as: Unicode.ASCII.self)
        var pages: [[StrokedPath]] = []
        var rest = Substring(text)
        while let marker = rest.range(of: "%% Contents for page ") {
            rest = rest[marker.upperBound...]
            guard let start = rest.range(of: "stream\n"), let end = rest.range(of: "\nendstream") else { break }
            pages.append(paths(in: rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return pages
    }

    private static func paths(in content: Substring) -> [StrokedPath] {
        var operands: [Double] = []
        var color = [0, 0, 0], width = 100, points = 0
        var out: [StrokedPath] = []
        var index = content.startIndex
        func token() -> Substring? {
            while index < content.endIndex, content[index].isWhitespace { index = content.index(after: index) }
            guard index < content.endIndex else { return nil }
            let start = index
            if content[index] == "(" {
                var depth = 0
                while index < content.endIndex {
                    let c = content[index]
                    if c == "\\" { index = content.index(after: index) } else if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
                    index = content.index(after: index)
                    if depth == 0 { break }
                }
                return content[start..<index]
            }
            if "[]<>".contains(content[index]) {
                index = content.index(after: index)
                return content[start..<index]
            }
            while index < content.endIndex, !content[index].isWhitespace, !"()[]<>".contains(content[index]) {
                index = content.index(after: index)
            }
            return content[start..<index]
        }
        while let t = token() {
            if let value = Double(t) { operands.append(value); continue }
            switch t {
            case "RG" where operands.count >= 3:
                color = operands.suffix(3).map { Int(($0 * 255).rounded()) }
            case "w" where !operands.isEmpty:
                width = Int((operands.last! * 100).rounded())
            case "m", "l", "c": points += 1
            case "re": points += 5   // cairo writes a rectangular path (five points, closed) as one
            case "S", "s", "B", "B*", "b", "b*":
                out.append(StrokedPath(points: points, width: width, color: color))
                points = 0
            case "f", "f*", "F", "n": points = 0
            default: break
            }
            operands.removeAll(keepingCapacity: true)
        }
        return out
    }

    /// The stroked paths Xournal++ draws for the strokes inkpdf's importer read from `xopp`:
    /// one path of all the points for a line of one width, one two-point path per segment for a
    /// line of segment widths (as Xournal++ strokes a pen with pressure).
    /// A dashed stroke's path has `points` Int.max (not known).
    static func expectedPaths(_ xopp: String, in folder: TestFolder) throws -> (pages: [[StrokedPath]], skippedColors: Set<[Int]>) {
        var skippedColors: Set<[Int]> = []
        let document = try XournalImporter.read(path: xopp, options: ImportOptions(temporaryDirectory: folder.url.path))
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        let reader = try InkLayersReader(path: document.layersPath)
        var pages = [[StrokedPath]](repeating: [], count: document.pages.count)
        while let layer = try reader.nextLayer() {
            for stroke in layer.strokes {
                let c = stroke.ink.color
                let color = [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) }
                // The importer cuts a dashed stroke into its dashes; Xournal++ strokes it
                // once with a dash pattern: one path, of points the importer no longer has.
                if case .object(let xournal)? = stroke.extra["xournal"], let dash = xournal["dash"] {
                    if xournal["pressure"] == .bool(true) {
                        // Xournal++ draws it segment by segment: as many paths as it had points, which
                        // the dashes no longer tell. Its colour is left out of the comparison.
                        skippedColors.insert(color)
                    } else if dash == .number("1") {
                        let width = stroke.points.reduce(0) { $0 + $1.w } / Double(stroke.points.count)
                        pages[layer.page - 1].append(StrokedPath(points: Int.max, width: Int((width * 100).rounded()), color: color))
                    }
                } else if case .object(let xournal)? = stroke.extra["xournal"], xournal["tool"] == .string("highlighter"),
                          xournal["fill"] != nil {
                    // Drawn by Xournal++ into a transparency group, outside the page's content stream.
                    continue
                } else if stroke.ink.lineKeys?.width == .perSegment {
                    for point in stroke.points.dropLast() {
                        pages[layer.page - 1].append(StrokedPath(points: 2, width: Int((point.w * 100).rounded()), color: color))
                    }
                } else {
                    let width = stroke.points.reduce(0) { $0 + $1.w } / Double(stroke.points.count)
                    pages[layer.page - 1].append(StrokedPath(points: stroke.points.count, width: Int((width * 100).rounded()), color: color))
                }
            }
        }
        return (pages, skippedColors)
    }
}
