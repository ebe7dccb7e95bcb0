import Foundation
import InkModel

/// Walks a Xournal document's XML node by node and writes each page's ink
/// to the layers file as soon as the page ends, so memory holds one page
/// (its decorations are kept, for the `ImportedDocument`).
final class XournalDocumentReader {
    /// Sanity bounds: far beyond real documents, small enough to stop a hostile file early.
    static let maximumPages = 100_000
    static let maximumLayersPerPage = 10_000
    static let maximumElementsPerLayer = 5_000_000
    static let maximumPointsPerStroke = 10_000_000

    private let path: String
    private let container: XournalContainer
    private let writer: any LayerSink
    private let backgrounds: XournalBackgrounds
    private let packageVersion: String?
    private let package: XournalPackage?
    /// Dashes the document may still be cut into (`DashCutter.maximumDashesPerDocument`).
    private var dashBudget = DashCutter.maximumDashesPerDocument
    private var fileVersion = 1
    private var documentAttributes = JSONObject()
    private var title: String?
    private var headerWritten = false

    private(set) var pages: [DocumentPage] = []
    private var omitted: [String: Int] = [:]
    private var warnings = XournalWarnings()
    /// What was left out, and the warnings: one line per kind.
    var report: ImportReport { ImportReport(omitted: omitted, warnings: warnings.lines) }

    // The page being read.
    private var pageAttributes: [(name: String, value: String)] = []
    private var pageBackground: DocumentPage.Background?
    private var backgroundAttributes: [(name: String, value: String)] = []
    private var pageDecorations: [Decoration] = []
    private var pageLayerCount = 0
    private var writtenLayers = 0
    private var elementIndex = 0
    private var layerName: String?
    private var layerAttributes: [(name: String, value: String)] = []
    private var layerStrokes: [Stroke] = []
    private var layerDecorations: [Decoration] = []
    private var layerElementCount = 0
    private var firstLineOfPage = true

    // The element being read inside a layer.
    private var elementName: String?
    private var elementAttributes: [(name: String, value: String)] = []
    private var elementText = ""
    private var coordinates: [Double] = []
    private var attachmentPath: String?
    private var elementStartPlace = XournalImportError.Place(line: 0, column: 0)

    init(path: String, container: XournalContainer, writer: any LayerSink, backgrounds: XournalBackgrounds,
         packageVersion: String?, package: XournalPackage? = nil) {
        self.path = path
        self.package = package
        self.container = container
        self.writer = writer
        self.backgrounds = backgrounds
        self.packageVersion = packageVersion
        if let packageVersion, let range = packageVersion.range(of: "current=") {
            fileVersion = XournalNumbers.leadingInteger(String(packageVersion[range.upperBound...])) ?? 1
        }
    }

    private func warn(_ warning: XournalWarning) { warnings.add(warning) }

    private func omit(_ kind: String, _ count: Int = 1) { omitted[kind, default: 0] += count }

    /// Reads the whole document. The stack holds the open elements' names.
    func read(_ reader: borrowing XMLPullReader) throws(XournalImportError) {
        var stack: [String] = []
        var sawRoot = false
        while let node = try next(reader) {
            switch node {
            case .documentType:
                let (line, column) = reader.position
                throw .documentTypeDeclaration(path: path, place: .init(line: line, column: column))
            case .start(let empty):
                let name = reader.name
                if stack.isEmpty {
                    guard name == "xournal" || name == "MrWriter" else {
                        throw .notXournal(path: path, reason: "the root element is <\(name)>")
                    }
                    sawRoot = true
                    try startRoot(name: name, attributes: reader.attributes())
                } else {
                    try start(name, parents: stack, reader: reader)
                }
                if empty {
                    try end(name, parents: stack, reader: reader)
                } else {
                    stack.append(name)
                }
            case .end:
                let name = stack.removeLast()
                try end(name, parents: stack, reader: reader)
            case .text:
                try text(parents: stack, reader: reader)
            case .other:
                break
            }
        }
        guard sawRoot else { throw .notXournal(path: path, reason: "no <xournal> element") }
        guard !pages.isEmpty else { throw .noPages(path: path) }
        try writeHeaderIfNeeded()
    }

    private func next(_ reader: borrowing XMLPullReader) throws(XournalImportError) -> XMLPullReader.Node? {
        do { return try reader.next() } catch { throw XournalImportError(error) }
    }

    private func place(_ reader: borrowing XMLPullReader, element: Int? = nil) -> XournalImportError.Place {
        let (line, column) = reader.position
        return .init(line: line, column: column, page: pageAttributes.isEmpty ? nil : pages.count + 1, element: element)
    }

    // MARK: - Elements

    private func startRoot(name: String, attributes: [(name: String, value: String)]) throws(XournalImportError) {
        for (key, value) in attributes { documentAttributes[key] = .string(value) }
        if name == "MrWriter" { documentAttributes["root"] = .string(name) }
        if container != .zip, let version = attributes.last(where: { $0.name == "fileversion" })?.value {
            fileVersion = XournalNumbers.leadingInteger(version) ?? 1
        }
    }

    private func start(_ name: String, parents: [String], reader: borrowing XMLPullReader) throws(XournalImportError) {
        let parent = parents.last
        switch (parent, name) {
        case (_, "page") where parents.count == 1:
            guard pages.count < Self.maximumPages else {
                throw .tooMany(path: path, place: place(reader), what: "pages", limit: Self.maximumPages)
            }
            try writeHeaderIfNeeded()
            pageAttributes = reader.attributes()
            if pageAttributes.isEmpty { pageAttributes = [("width", "")] }
            pageBackground = nil
            backgroundAttributes = []
            pageDecorations = []
            pageLayerCount = 0
            writtenLayers = 0
            elementIndex = 0
            firstLineOfPage = true
        case ("page", "background"):
            backgroundAttributes = reader.attributes()
            pageBackground = try backgrounds.background(backgroundAttributes, page: pages.count + 1, place: place(reader))
        case ("page", "layer"):
            pageLayerCount += 1
            guard pageLayerCount <= Self.maximumLayersPerPage else {
                throw .tooMany(path: path, place: place(reader), what: "layers on one page", limit: Self.maximumLayersPerPage)
            }
            layerAttributes = reader.attributes()
            layerName = layerAttributes.last(where: { $0.name == "name" })?.value
            layerStrokes = []
            layerDecorations = []
            layerElementCount = 0
        case ("layer", "stroke"), ("layer", "text"), ("layer", "image"), ("layer", "teximage"), ("layer", "link"):
            elementIndex += 1
            layerElementCount += 1
            guard layerElementCount <= Self.maximumElementsPerLayer else {
                throw .tooMany(path: path, place: place(reader), what: "elements in one layer", limit: Self.maximumElementsPerLayer)
            }
            elementName = name
            elementAttributes = reader.attributes()
            elementText = ""
            coordinates = []
            attachmentPath = nil
            elementStartPlace = place(reader, element: elementIndex)
            if let fn = elementAttributes.last(where: { $0.name == "fn" })?.value, !fn.isEmpty { omit("audio link") }
        case ("layer", "timestamp"):
            // Older files put an element's audio link before it.
            if let fn = reader.attributes().last(where: { $0.name == "fn" })?.value, !fn.isEmpty { omit("audio link") }
        case ("image", "attachment"), ("teximage", "attachment"):
            attachmentPath = reader.attributes().last(where: { $0.name == "path" })?.value
        case (_, "title"), (_, "preview"):
            if parents.count != 1 {
                warn(.init("<title> or <preview> inside another element ignored", at: "\(place(reader))", text: "<\(name)> inside <\(parent ?? "")> ignored", particular: "<\(name.prefix(40))> inside <\((parent ?? "").prefix(40))>"))
            }
        case (_, "audio") where parents.count == 1:
            omit("audio attachment")
        default:
            warn(.init("elements Xournal++ does not read there ignored (as Xournal++ does)", at: "\(place(reader))",
                       text: "\(place(reader)): element <\(name.prefix(40))> inside <\((parent ?? "").prefix(40))> ignored (as Xournal++ does)", particular: "<\(name.prefix(40))> inside <\((parent ?? "").prefix(40))>"))
        }
    }

    private func text(parents: [String], reader: borrowing XMLPullReader) throws(XournalImportError) {
        switch parents.last {
        case "stroke" where elementName == "stroke":
            let outcome = reader.withValue { XournalNumbers.scanList($0, into: &coordinates, limit: 2 * Self.maximumPointsPerStroke) }
            if outcome.overLimit {
                throw .tooMany(path: path, place: elementStartPlace, what: "points in one stroke", limit: Self.maximumPointsPerStroke)
            }
            if outcome.leftover {
                warn(.init("strokes whose coordinates hold text that is not a number: the rest of them ignored (as Xournal++ does)",
                           at: "\(elementStartPlace)"))
            }
        case "text", "link", "image", "teximage":
            guard elementName != nil else { return }
            elementText += reader.withValue { String(cString: $0) }
        case "title" where parents.count == 2:
            title = (title ?? "") + reader.withValue { String(cString: $0) }
        default:
            break
        }
    }

    private func end(_ name: String, parents: [String], reader: borrowing XMLPullReader) throws(XournalImportError) {
        switch (parents.last, name) {
        case ("layer", "stroke"), ("layer", "text"), ("layer", "image"), ("layer", "teximage"), ("layer", "link"):
            try finishElement()
            elementName = nil
        case ("page", "layer"):
            try finishLayer()
        case (_, "page") where parents.count == 1:
            try finishPage(reader)
        default:
            break
        }
    }

    // MARK: - Finishing

    private func attribute(_ name: String) -> String? { elementAttributes.last(where: { $0.name == name })?.value }

    /// What a number attribute is, for its check against `InkRange`.
    enum Quantity {
        /// A position on the page (±`InkRange.maximumCoordinate`).
        case coordinate
        /// A width or a font size: of magnitude at most `InkRange.maximumWidth` (0 and below are left to the caller).
        case size
    }

    /// The number attribute `name` of the element, checked as `quantity`.
    private func number(_ name: String, _ quantity: Quantity, default value: Double? = nil) throws(XournalImportError) -> Double {
        guard let text = attribute(name) else {
            if let value { return value }
            throw .malformed(path: path, place: elementStartPlace, problem: "<\(elementName ?? "")> without its \(name) attribute")
        }
        guard let number = XournalNumbers.leadingDouble(text), number.isFinite else {
            throw .badNumber(path: path, place: elementStartPlace, attribute: name, value: text)
        }
        let field = "<\(elementName ?? "")> \(name)"
        switch quantity {
        case .coordinate:
            if let problem = InkRange.coordinateProblem(field, number) {
                throw .outOfRange(path: path, place: elementStartPlace, problem: problem)
            }
        case .size:
            if number > InkRange.maximumWidth, let problem = InkRange.widthProblem(field, number) {
                throw .outOfRange(path: path, place: elementStartPlace, problem: problem)
            }
            if number < -InkRange.maximumWidth {
                throw .outOfRange(path: path, place: elementStartPlace,
                                  problem: "\(field) is \(number), beyond -\(Int(InkRange.maximumWidth)) (a size is at most a PDF page)")
            }
        }
        return number
    }

    private func finishElement() throws(XournalImportError) {
        switch elementName {
        case "stroke":
            for (index, value) in coordinates.enumerated() where !InkRange.isCoordinate(value) {  // NaN and ±inf included
                let field = "point \(index / 2 + 1) \(index % 2 == 0 ? "x" : "y")"
                guard value.isFinite else { throw .badNumber(path: path, place: elementStartPlace, attribute: field, value: String(value)) }
                throw .outOfRange(path: path, place: elementStartPlace, problem: InkRange.coordinateProblem(field, value) ?? field)
            }
            let builder = XournalStrokeBuilder(attributes: elementAttributes, coordinates: coordinates, fileVersion: fileVersion,
                                               where_: "page \(pages.count + 1), stroke \(elementIndex)")
            let result: XournalStrokeBuilder.Result
            do {
                result = try builder.build(dashBudget: dashBudget)
            } catch {
                throw .outOfRange(path: path, place: elementStartPlace, problem: error.problem)
            }
            dashBudget -= result.dashes
            result.warnings.forEach(warn)
            layerStrokes.append(contentsOf: result.strokes)
            for fill in result.fills {
                let xs = stride(from: 0, to: fill.polygon.count, by: 2).map { fill.polygon[$0] }
                let ys = stride(from: 1, to: fill.polygon.count, by: 2).map { fill.polygon[$0] }
                let x = xs.min() ?? 0, y = ys.min() ?? 0
                layerDecorations.append(Decoration(layer: 0, x: x, y: y, width: (xs.max() ?? x) - x, height: (ys.max() ?? y) - y,
                                                   content: .polygon(fill.polygon, fill: fill.color)))
            }
        case "text", "link":
            let size = try number("size", .size, default: 12)
            let x = try number("x", .coordinate), y = try number("y", .coordinate)
            let colorText = attribute("color") ?? "black"
            var color = XournalColor.parse(colorText)
            if color == nil {
                warn(.init("texts of an unknown colour drawn black (as Xournal++ does)", at: "\(elementStartPlace)",
                           text: "\(elementStartPlace): text colour '\(colorText.prefix(40))' unknown, drawn black (as Xournal++ does)", particular: "colour '\(colorText.prefix(40))'"))
                color = RGBAColor(red: 0, green: 0, blue: 0)
            }
            let lines = elementText.split(separator: "\n", omittingEmptySubsequences: false)
            let longest = lines.map(\.count).max() ?? 0
            // The file gives no box: estimate it from the font size (Sans runs about 0.55 em per character,
            // lines about 1.2 em apart); a wrapped text box gives its width.
            // The estimate is bounded like a coordinate: a box reaching beyond the largest page is cut there.
            let wrap = attribute("wrap").flatMap(XournalNumbers.leadingDouble).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            let span = 2 * InkRange.maximumCoordinate
            let width = min(wrap ?? Double(longest) * size * 0.55, span)
            let height = min(Double(max(lines.count, 1)) * size * 1.2, span)
            layerDecorations.append(Decoration(layer: 0, x: x, y: y, width: width, height: height,
                                               content: .text(elementText, fontFamily: attribute("font") ?? "Sans", fontSize: size, color: color!)))
            if elementName == "link" { omit("link target (drawn as text)") }
        case "image", "teximage":
            let left = try number("left", .coordinate), top = try number("top", .coordinate)
            let right = try number("right", .coordinate), bottom = try number("bottom", .coordinate)
            var bytes: [UInt8] = []
            if let attachmentPath {
                bytes = try readAttachment(attachmentPath)
            } else {
                let base64 = elementText.filter { !$0.isWhitespace }
                bytes = Data(base64Encoded: base64, options: .ignoreUnknownCharacters).map { [UInt8]($0) } ?? []
            }
            guard !bytes.isEmpty else {
                warn(.init("images without data left out (as Xournal++ does)", at: "\(elementStartPlace)",
                           text: "\(elementStartPlace): an image without data is left out (as Xournal++ does)"))
                omit(elementName == "image" ? "image without data" : "TeX image without data")
                return
            }
            layerDecorations.append(Decoration(layer: 0, x: left, y: top, width: right - left, height: bottom - top, content: .image(bytes)))
        default:
            break
        }
    }

    private func readAttachment(_ name: String) throws(XournalImportError) -> [UInt8] {
        guard container == .zip, let package else {
            warn(.init("attachment references in a file that is not a zip package left out", at: "\(elementStartPlace)",
                       text: "\(elementStartPlace): an attachment reference in a file that is not a zip package; left out"))
            return []
        }
        guard ReferencedFile.isContained(name) else {
            throw .attachmentNameOutside(path: path, place: elementStartPlace, name: name)
        }
        guard package.contains(name) else { throw .attachmentMissing(path: path, attachment: name) }
        return try package.read(name, place: elementStartPlace)
    }

    private func finishLayer() throws(XournalImportError) {
        defer { layerStrokes = []; layerDecorations = [] }
        guard !layerStrokes.isEmpty || !layerDecorations.isEmpty else { return }
        var xournal = JSONObject()
        xournal["layer"] = .number(pageLayerCount)
        for (key, value) in layerAttributes where key != "name" { xournal[key] = .string(value) }
        if firstLineOfPage {
            var page = JSONObject()
            for (key, value) in pageAttributes where !value.isEmpty { page[key] = .string(value) }
            var background = JSONObject()
            for (key, value) in backgroundAttributes { background[key] = .string(value) }
            page["background"] = .object(background)
            xournal["page"] = .object(page)
            firstLineOfPage = false
        }
        let line = PageLayer(page: pages.count + 1, layer: layerName, strokes: layerStrokes,
                             extra: JSONObject([(key: "xournal", value: .object(xournal))]))
        do {
            try writer.write(layer: line)
        } catch {
            throw .cannotWrite(path: writer.path, reason: "\(error)")
        }
        for var decoration in layerDecorations {
            decoration.layer = writtenLayers
            pageDecorations.append(decoration)
        }
        writtenLayers += 1
    }

    private func finishPage(_ reader: borrowing XMLPullReader) throws(XournalImportError) {
        func size(_ name: String) throws(XournalImportError) -> Double {
            let text = pageAttributes.last(where: { $0.name == name })?.value ?? ""
            guard let value = XournalNumbers.leadingDouble(text), value.isFinite else {
                throw .badNumber(path: path, place: place(reader), attribute: "page \(name)", value: text)
            }
            if let problem = InkRange.pageSideProblem("page \(name)", value) {
                throw .outOfRange(path: path, place: place(reader), problem: problem)
            }
            return value
        }
        let width = try size("width"), height = try size("height")
        let background = pageBackground ?? .paper(Paper())
        pages.append(DocumentPage(width: width, height: height, background: background, decorations: pageDecorations))
        pageAttributes = []
        pageDecorations = []
    }

    private func writeHeaderIfNeeded() throws(XournalImportError) {
        guard !headerWritten else { return }
        headerWritten = true
        var xournal = documentAttributes
        if let title { xournal["title"] = .string(title) }
        xournal["container"] = .string(container.rawValue)
        if let packageVersion { xournal["packageVersion"] = .string(packageVersion) }
        let header = InkLayersHeader(pdfPageCount: nil, extra: JSONObject([(key: "xournal", value: .object(xournal))]))
        do {
            try writer.write(header: header)
        } catch {
            throw .cannotWrite(path: writer.path, reason: "\(error)")
        }
    }

    /// Warnings from the backgrounds, added once the document is read.
    func addWarnings(_ more: [XournalWarning]) { more.forEach(warn) }
}
