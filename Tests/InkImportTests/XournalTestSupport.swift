import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import InkFixtures
import InkModel
import Testing
@testable import InkImport

/// Helpers for the Xournal tests: writing documents in each container, and
/// reading back what the importer wrote.
enum XournalTestSupport {
    static func temporaryFolder() -> String { TestFolder.lastingPath() }

    static func options(_ folder: String, pdf: String? = nil, limit: Int = 1 << 30) -> ImportOptions {
        ImportOptions(pdf: pdf, maximumExpandedBytes: limit, temporaryDirectory: folder)
    }

    /// A whole document around `body` (pages).
    static func document(_ body: String, fileversion: Int = 4) -> String {
        """
        <?xml version="1.0" standalone="no"?>
        <xournal creator="xournalpp 1.2.3" fileversion="\(fileversion)">
        <title>Test document</title>
        \(body)
        </xournal>
        """
    }

    static func page(_ layers: String, background: String = ##"<background type="solid" color="#ffffffff" style="plain"/>"##,
                     width: Double = 612, height: Double = 792) -> String {
        "<page width=\"\(width)\" height=\"\(height)\">\n\(background)\n\(layers)\n</page>"
    }

    static func write(_ text: String, to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// Writes `text` gzip-compressed with the system's gzip.
    static func writeGzip(_ text: String, to path: String) async {
        write(text, to: path + ".plain")
        await run(.sh, ["-c", "gzip -c '\(path).plain' > '\(path)' && rm '\(path).plain'"])
    }

    /// Writes a zip package with the given entries (name → bytes), mimetype first, with the system's zip.
    static func writeZip(_ entries: [(String, [UInt8])], to path: String) async {
        let folder = path + ".d"
        try? FileManager.default.removeItem(atPath: folder)
        for (name, bytes) in entries {
            let file = (folder as NSString).appendingPathComponent(name)
            try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
        }
        let names = entries.map { "'\($0.0)'" }.joined(separator: " ")
        await run(.sh, ["-c", "cd '\(folder)' && rm -f '\(path)' && zip -q -X '\(path)' \(names)"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    static func package(_ content: String, extra: [(String, [UInt8])] = [], mimetype: String = "application/xournal++") -> [(String, [UInt8])] {
        [("mimetype", Array(mimetype.utf8)), ("META-INF/version", Array("current=4\nmin=4\n".utf8)),
         ("content.xml", Array(content.utf8))] + extra
    }

    /// Runs a tool the tests write their files with (gzip, zip, unzip: installed by `make deps`);
    /// a tool that is missing or fails is a recorded issue, never a file silently not written.
    @discardableResult
    static func run(_ tool: OutsideTool, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async -> Int32 {
        let run: ChildProcess.Outcome
        do {
            run = try await tool.outcome(arguments)
        } catch {
            Issue.record("cannot run \(tool): \(error)", sourceLocation: sourceLocation)
            return -1
        }
        if run.status != 0 {
            let said = String(decoding: run.errors, as: UTF8.self)
            Issue.record("\(tool) \(arguments.joined(separator: " ")) exited \(run.status) (make deps installs gzip, zip and unzip): \(said)",
                         sourceLocation: sourceLocation)
        }
        return run.status
    }

    /// The header and the page layers of a layers file.
    static func layers(_ path: String) throws -> (InkLayersHeader, [PageLayer]) {
        let reader = try InkLayersReader(path: path)
        var out: [PageLayer] = []
        while let layer = try reader.nextLayer() { out.append(layer) }
        return (reader.header, out)
    }

    /// The `"xournal"` extension object of a stroke.
    static func xournal(_ stroke: Stroke) -> JSONObject? {
        if case .object(let object)? = stroke.extra["xournal"] { return object }
        return nil
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    /// The decompressed XML of a corpus file (gzip with the system's gzip, zip's content.xml with unzip).
    static func xml(of path: String) async -> Data {
        let output = (temporaryFolder() as NSString).appendingPathComponent("content.xml")
        let head = FileHandle(forReadingAtPath: path)!.readData(ofLength: 2)
        if head == Data([0x50, 0x4B]) {
            await run(.sh, ["-c", "unzip -p '\(path)' content.xml > '\(output)'"])
        } else {
            await run(.sh, ["-c", "gzip -dc '\(path)' > '\(output)'"])
        }
        return FileManager.default.contents(atPath: output) ?? Data()   // a failed tool is already a recorded issue
    }
}

/// An independent count of a Xournal document with Foundation's XMLParser:
/// pages, layers per page, and per stroke its point count and width values.
final class XournalOracle: NSObject, XMLParserDelegate {
    struct StrokeInfo { var tool: String; var color: String; var style: String; var widths: [Double]; var coordinates: [Double] }
    var pages = 0
    var layersPerPage: [Int] = []
    var strokes: [[StrokeInfo]] = []  // per page
    var texts = 0, images = 0, teximages = 0
    private var inStroke = false
    private var text = ""
    private var current: StrokeInfo?

    static func parse(_ data: Data) -> XournalOracle {
        let oracle = XournalOracle()
        let parser = XMLParser(data: data)
        parser.delegate = oracle
        _ = parser.parse()
        return oracle
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "page": pages += 1; layersPerPage.append(0); strokes.append([])
        case "layer": layersPerPage[pages - 1] += 1
        case "stroke":
            inStroke = true
            text = ""
            let widths = (attributes["width"] ?? "").split(separator: " ").compactMap { Double($0) }
            current = StrokeInfo(tool: attributes["tool"] ?? "pen", color: attributes["color"] ?? "", style: attributes["style"] ?? "plain",
                                 widths: widths, coordinates: [])
        case "text": texts += 1
        case "image": images += 1
        case "teximage": teximages += 1
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { if inStroke { text += string } }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "stroke", var stroke = current {
            stroke.coordinates = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).compactMap { Double($0) }
            strokes[pages - 1].append(stroke)
            inStroke = false
            current = nil
        }
    }
}
