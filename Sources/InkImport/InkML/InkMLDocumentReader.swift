import Foundation
import InkModel

/// Walks an InkML document node by node (libxml2's pull reader, no tree) and
/// writes its traces as strokes, page by page, to the layers sink.
///
/// - Definitions (`<context>`, `<brush>`, `<traceFormat>`, `<inkSource>`,
///   `<canvasTransform>`, `<timestamp>`) are small: each is gathered whole
///   (`InkMLElement`, its text bounded) and resolved when it ends, against what was
///   defined before it (`InkMLDocumentReader+Definitions.swift`). A `<context>` in `<ink>` becomes the current context of
///   the traces after it; one in `<definitions>` (or with an id) is kept by id.
/// - A trace is read by its `contextRef`, else its innermost `<traceGroup>`'s,
///   else the current context; its brush is its `brushRef`, else the group's,
///   else the context's. Traces in `<definitions>` are drawn only through a
///   `<traceView>`, which inkpdf does not draw (reported); `type="penUp"` traces
///   are the pen hovering, not ink (reported).
/// - Pages: InkML has none. A `<traceGroup>` directly in `<ink>` whose first child
///   is `<annotation type="page">` starts a new page (ink before the first such
///   group is a page of its own when there is any); everything else goes on the
///   page of the group before it. Memory holds one page's strokes, written out
///   every `flushPoints` points.
final class InkMLDocumentReader {
    static let maximumPointsPerTrace = 10_000_000
    /// The most values (each point × its trace format's channels, intermittent ones included) the
    /// document's traces hold together: 16 Mi doubles, 128 MiB, millions of points of real ink.
    static let maximumChannelValuesPerDocument = 1 << 24
    /// A page's strokes are written out once they hold this many points.
    static let flushPoints = 200_000
    static let maximumWarnings = 100
    /// How many bytes of text one definition element (its affine, its property values) may gather.
    static let maximumDefinitionText = 1 << 20
    /// The page an empty document is drawn on (A4) and the margin a page sized to its ink gets.
    static let defaultPageSize = (width: 595.276, height: 841.89)
    static let extentMargin = 36.0

    let path: String
    private let writer: any LayerSink
    private let options: ImportOptions
    private let pdfPageSize: InkMLImporter.PDFPageSize?

    private(set) var pages: [DocumentPage] = []
    private(set) var report = ImportReport()
    private var warningCount = 0
    private var warnedUnits: Set<String> = []

    var definitions: [String: InkMLDefinition] = [:]
    var currentContext = InkMLContext()
    private var rootAttributes = JSONObject()

    // The page being read.
    private var pageNumber = 1
    private var pageClaimed = false
    private var pageHasInk = false
    private var pageStrokes: [Stroke] = []
    private var pagePoints = 0
    private var pageExtent = (x: 0.0, y: 0.0)
    private var pageInfo: JSONObject?
    private var pageAnnotationText: String?

    // Groups and traces.
    private struct Group {
        var contextRef: String?
        var brushRef: String?
        var topLevel: Bool
        var sawChild = false
        var isPage = false
        /// What the group's `<annotation type="truth">` (or `transcription`) says, while and once read.
        var words: String?
        /// The strokes of the traces directly in the group or named by its `<traceView>`s.
        var strokes: [StrokePlace] = []
    }
    /// Where a stroke went: the part of its page's layer (a page's strokes are written out in parts) and
    /// its index there.
    private struct StrokePlace: Equatable {
        var part: Int
        var index: Int
    }
    /// The part of the page being gathered (counts every layer written).
    private var part = 0
    /// The strokes of traces that have an id, for the `<traceView traceDataRef>`s of groups after them.
    private var strokeOfTrace: [String: StrokePlace] = [:]
    /// The text of the groups read so far, for the layer being gathered.
    private var pageText: [RecognisedText] = []
    /// Whether text being read is a group's truth annotation.
    private var readingWords = false
    private var warnedTextAcrossParts = false
    private var groups: [Group] = []
    private var traceCount = 0
    private struct OpenTrace {
        var decoder: InkMLTraceDecoder
        var context: InkMLContext
        var brush: InkMLBrush
        var id: String?
        var timeOffset: Double?
        var place: InkMLImportError.Place
    }
    private var trace: OpenTrace?
    private var skippingTrace = false
    /// Values the document's traces may still hold (`maximumChannelValuesPerDocument`).
    private var channelValueBudget = InkMLDocumentReader.maximumChannelValuesPerDocument

    // A definition element being gathered.
    private var gathering: [InkMLElement] = []
    private var gatheredText = 0

    init(path: String, writer: any LayerSink, options: ImportOptions, pdfPageSize: InkMLImporter.PDFPageSize?) {
        self.path = path
        self.writer = writer
        self.options = options
        self.pdfPageSize = pdfPageSize
    }

    func warn(_ text: String) {
        warningCount += 1
        if warningCount <= Self.maximumWarnings { report.warnings.append("\(path): \(text)") }
    }

    private func omit(_ kind: String, _ count: Int = 1) { report.omitted[kind, default: 0] += count }

    private func next(_ reader: borrowing XMLPullReader) throws(InkMLImportError) -> XMLPullReader.Node? {
        do { return try reader.next() } catch { throw InkMLImportError(error) }
    }

    private func place(_ reader: borrowing XMLPullReader) -> InkMLImportError.Place {
        let (line, column) = reader.position
        return .init(line: line, column: column)
    }

    /// Reads the whole document. The stack holds the open elements' names.
    func read(_ reader: borrowing XMLPullReader) throws(InkMLImportError) {
        var stack: [String] = []
        var sawRoot = false
        while let node = try next(reader) {
            switch node {
            case .documentType:
                throw .documentTypeDeclaration(path: path, place: place(reader))
            case .start(let empty):
                // An element of another namespace (inside <annotationXML>, or a tool's own) is carried
                // through the stack under a name no InkML element has, so nothing reads it as InkML.
                let name = stack.isEmpty || reader.namespace == InkMLImporter.namespace ? reader.name : "{other}" + reader.name
                if stack.isEmpty {
                    guard name == "ink", reader.namespace == InkMLImporter.namespace else {
                        throw .notInkML(path: path, reason: "the root element is <\(name.prefix(40))> in namespace \(reader.namespace.map { "'\($0.prefix(60))'" } ?? "none")")
                    }
                    sawRoot = true
                    for (key, value) in reader.attributes() where !key.hasPrefix("xmlns") { rootAttributes[key] = .string(value) }
                    try writeHeader()
                } else if !gathering.isEmpty {
                    let element = InkMLElement(name: name, attributes: reader.attributes(), place: place(reader))
                    gathering.append(element)
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
                try text(reader)
            case .other:
                break
            }
        }
        guard sawRoot else { throw .notInkML(path: path, reason: "no <ink> element") }
        try finishPage()
        warnOfRedefinedIDs(reader.redefinedIDs)
        if warningCount > Self.maximumWarnings {
            report.warnings.append("\(path): … and \(warningCount - Self.maximumWarnings) more warnings")
        }
    }

    /// An `xml:id` used twice breaks a validity constraint, not well-formedness (xml:id 1.0), and the
    /// ink does not depend on ids outside the traces and their definitions (CROHME's MathML
    /// annotation repeats its trace groups' ids): warned of, as other InkML readers read on.
    private func warnOfRedefinedIDs(_ redefined: (named: [(id: String, line: Int)], count: Int)) {
        for (id, line) in redefined.named {
            let quoted = "xml:id=\"\(InkMLImportError.clip(id))\" is used twice (again at line \(line))"
            if strokeOfTrace[id] != nil || definitions[id] != nil {
                warn("\(quoted); a trace or definition has it, and a reference to it names the last one defined before the reference")
            } else {
                warn("\(quoted); no trace or definition has it, so it does not concern the ink, which is read")
            }
        }
        if redefined.count > redefined.named.count {
            warn("\(redefined.count - redefined.named.count) more xml:ids are used twice")
        }
    }

    // MARK: - Elements

    static let definitionElements: Set<String> = ["context", "brush", "traceFormat", "inkSource", "canvasTransform", "timestamp"]

    private func start(_ name: String, parents: [String], reader: borrowing XMLPullReader) throws(InkMLImportError) {
        let inDefinitions = parents.contains("definitions")
        if parents.last == "traceGroup", !groups.isEmpty {
            let group = groups[groups.count - 1]
            let type = name == "annotation" && !inDefinitions
                ? reader.attributes().last(where: { $0.name == "type" })?.value.lowercased() : nil
            if type == "page", group.topLevel, !group.sawChild {
                groups[groups.count - 1].isPage = true
                try startPage(at: place(reader))
                pageAnnotationText = ""
            } else if type == "truth" || type == "transcription", group.words == nil {
                groups[groups.count - 1].words = ""
                readingWords = true
            } else if name == "traceView", !inDefinitions,
                      let reference = reader.attributes().last(where: { $0.name == "traceDataRef" })?.value,
                      let stroke = strokeOfTrace[reference.hasPrefix("#") ? String(reference.dropFirst()) : reference] {
                // A group naming traces drawn before it (as the CROHME datasets segment their symbols).
                groups[groups.count - 1].strokes.append(stroke)
                groups[groups.count - 1].sawChild = true
                return
            }
            groups[groups.count - 1].sawChild = true
        }
        switch name {
        case _ where Self.definitionElements.contains(name):
            gathering = [InkMLElement(name: name, attributes: reader.attributes(), place: place(reader))]
            gatheredText = 0
        case "trace":
            traceCount += 1
            let attributes = reader.attributes()
            if inDefinitions {
                omit("trace in <definitions> (drawn only through a traceView, which inkpdf does not draw)")
                skippingTrace = true
                return
            }
            if let type = attributes.last(where: { $0.name == "type" })?.value, type == "penUp" {
                omit("pen-up trace (the pen hovering, not ink)")
                skippingTrace = true
                return
            }
            try startTrace(attributes, place: place(reader))
        case "traceGroup":
            let attributes = reader.attributes()
            groups.append(Group(contextRef: attributes.last(where: { $0.name == "contextRef" })?.value,
                                brushRef: attributes.last(where: { $0.name == "brushRef" })?.value,
                                topLevel: parents.last == "ink" && !inDefinitions))
        case "traceView":
            if !inDefinitions { omit("traceView (not drawn)") }
        default:
            break
        }
    }

    private func text(_ reader: borrowing XMLPullReader) throws(InkMLImportError) {
        if !gathering.isEmpty {
            let value = reader.withValue { String(cString: $0) }
            gatheredText += value.utf8.count
            guard gatheredText <= Self.maximumDefinitionText else {
                throw .tooMany(path: path, place: gathering[0].place, what: "bytes of text in one <\(gathering[0].name)>",
                               limit: Self.maximumDefinitionText)
            }
            gathering[gathering.count - 1].text += value
        } else if trace != nil {
            do {
                try reader.withValue { (text) throws(InkMLTraceDecoder.Failure) in try trace!.decoder.feed(text) }
            } catch {
                throw traceError(error, place: trace!.place)
            }
        } else if readingWords, !groups.isEmpty {
            let value = reader.withValue { String(cString: $0) }
            let words = groups[groups.count - 1].words ?? ""
            if words.unicodeScalars.count + value.unicodeScalars.count <= RecognisedText.maximumLength {
                groups[groups.count - 1].words = words + value
            }
        } else if pageAnnotationText != nil {
            let value = reader.withValue { String(cString: $0) }
            if pageAnnotationText!.utf8.count + value.utf8.count <= 4096 { pageAnnotationText! += value }
        }
    }

    private func end(_ name: String, parents: [String], reader: borrowing XMLPullReader) throws(InkMLImportError) {
        if !gathering.isEmpty {
            let element = gathering.removeLast()
            if gathering.isEmpty {
                try define(element, parents: parents)
            } else {
                gathering[gathering.count - 1].children.append(element)
            }
            return
        }
        switch name {
        case "trace":
            if skippingTrace { skippingTrace = false; return }
            try finishTrace()
        case "traceGroup":
            if let group = groups.popLast() { addText(of: group) }
        case "annotation":
            readingWords = false
            if let text = pageAnnotationText {
                pageInfo = JSONObject([(key: "annotation", value: .string(text.trimmingCharacters(in: .whitespacesAndNewlines)))])
                pageAnnotationText = nil
            }
        default:
            break
        }
    }

    // MARK: - Traces

    private func startTrace(_ attributes: [(name: String, value: String)], place: InkMLImportError.Place) throws(InkMLImportError) {
        func attribute(_ name: String) -> String? { attributes.last(where: { $0.name == name })?.value }
        var place = place
        place.trace = traceCount
        var context = currentContext
        if let reference = attribute("contextRef") ?? groups.last(where: { $0.contextRef != nil })?.contextRef {
            context = try self.context(reference, place: place)
        }
        var brush = context.brush ?? InkMLBrush()
        if let reference = attribute("brushRef") ?? groups.last(where: { $0.brushRef != nil })?.brushRef {
            brush = try self.brush(reference, place: place)
        }
        let format = context.traceFormat
        guard format.index(of: "X") != nil, format.index(of: "Y") != nil else {
            throw .malformed(path: path, place: place, problem: "the trace format has no X and Y channels (it has \(format.channels.map(\.name).joined(separator: ", ")))")
        }
        let offset = try number(attribute("timeOffset"), "trace timeOffset", place: place)
        let decoder = InkMLTraceDecoder(format: format, maximumPoints: Self.maximumPointsPerTrace, maximumValues: channelValueBudget)
        trace = OpenTrace(decoder: decoder, context: context, brush: brush,
                          id: attribute("xml:id") ?? attribute("id"), timeOffset: offset, place: place)
    }

    /// A decoder's failure at its point of the trace at `place`.
    private func traceError(_ failure: InkMLTraceDecoder.Failure, place: InkMLImportError.Place) -> InkMLImportError {
        var place = place
        place.point = failure.point
        if failure.passesBudget {
            return .tooMany(path: path, place: place, what: "channel values (points × the channels of their trace formats) in the document's traces",
                            limit: Self.maximumChannelValuesPerDocument)
        }
        return .badTrace(path: path, place: place, problem: failure.problem)
    }

    private func finishTrace() throws(InkMLImportError) {
        guard var open = trace else { return }
        trace = nil
        do { try open.decoder.finish() } catch {
            throw traceError(error, place: open.place)
        }
        channelValueBudget -= open.decoder.values.count
        if open.decoder.unknownValues > 0 { omit("value not known ('?', the previous value used)", open.decoder.unknownValues) }
        guard open.decoder.pointCount > 0 else {
            omit("empty trace")
            return
        }
        let builder = InkMLStrokeBuilder(context: open.context, brush: open.brush, keepsRawValues: options.keepsRawValues)
        let built: InkMLStrokeBuilder.Built
        do {
            built = try builder.stroke(values: open.decoder.values, pointCount: open.decoder.pointCount,
                                       traceID: open.id, timeOffset: open.timeOffset)
        } catch {
            var place = open.place
            place.point = error.point
            throw .outOfRange(path: path, place: place, problem: error.problem)
        }
        for unit in built.unknownUnits where warnedUnits.insert(unit).inserted {
            warn("\(open.place): unit '\(unit.prefix(20))' is not one inkpdf knows; its values are taken as points")
        }
        let stroke = built.stroke
        pageExtent.x = max(pageExtent.x, built.extent.x)
        pageExtent.y = max(pageExtent.y, built.extent.y)
        let place = StrokePlace(part: part, index: pageStrokes.count)
        if let id = open.id, strokeOfTrace.count < Self.maximumPointsPerTrace { strokeOfTrace[id] = place }
        if !groups.isEmpty { groups[groups.count - 1].strokes.append(place) }
        pageStrokes.append(stroke)
        pageHasInk = true
        pagePoints += stroke.points.count
        if pagePoints >= Self.flushPoints { try flush() }
    }

    // MARK: - Pages

    private func writeHeader() throws(InkMLImportError) {
        var inkml = rootAttributes
        inkml["source"] = .string("W3C InkML 1.0")
        let header = InkLayersHeader(pdfPageCount: nil, extra: JSONObject([(key: "inkml", value: .object(inkml))]))
        do { try writer.write(header: header) } catch { throw .cannotWrite(path: writer.path, reason: "\(error)") }
    }

    private func flush() throws(InkMLImportError) {
        guard !pageStrokes.isEmpty else { return }
        var extra = JSONObject()
        if let pageInfo {
            extra["inkml"] = .object(JSONObject([(key: "page", value: .object(pageInfo))]))
            self.pageInfo = nil
        }
        var layer = PageLayer(page: pageNumber, layer: nil, strokes: pageStrokes, extra: extra)
        layer.setRecognisedText(pageText)
        do { try writer.write(layer: layer) } catch { throw .cannotWrite(path: writer.path, reason: "\(error)") }
        pageStrokes = []
        pagePoints = 0
        pageText = []
        part += 1
    }

    /// A group's truth (or transcription) as a `text` entry of the strokes it holds directly or names,
    /// those of the layer being gathered (one that spans a part already written keeps its last part's).
    private func addText(of group: Group) {
        guard let raw = group.words, let words = RecognisedText.words(fromTyped: raw), !group.strokes.isEmpty else { return }
        var indices: [Int] = []
        for stroke in group.strokes where stroke.part == part && !indices.contains(stroke.index) { indices.append(stroke.index) }
        if indices.count < group.strokes.count, !warnedTextAcrossParts {
            warnedTextAcrossParts = true
            warn("the text \(JSONValue.string(String(words.prefix(40))).jsonText) names ink of another page or of more than \(Self.flushPoints) points before it; it is kept with the strokes that follow")
        }
        guard !indices.isEmpty, pageText.count < RecognisedText.maximumEntries else { return }
        pageText.append(RecognisedText(text: words, strokes: indices, source: "inkml"))
    }

    /// A page group begins: a new page, unless the current one has no ink and no group yet.
    private func startPage(at place: InkMLImportError.Place) throws(InkMLImportError) {
        if pageClaimed || pageHasInk {
            try finishPage()
            pageNumber += 1
            guard InkRange.isPageNumber(pageNumber) else {
                throw .tooMany(path: path, place: place, what: "pages", limit: InkRange.maximumPageCount)
            }
        }
        pageClaimed = true
    }

    private func finishPage() throws(InkMLImportError) {
        try flush()
        let page: DocumentPage
        if let pdf = options.pdf {
            let number = (options.page ?? 1) + pageNumber - 1
            let size = pdfPageSize?(pdf, number)
            page = DocumentPage(width: size?.width ?? Self.defaultPageSize.width, height: size?.height ?? Self.defaultPageSize.height,
                                background: .pdfPage(number))
        } else if pageHasInk {
            func side(_ far: Double) -> Double { min(max(far + Self.extentMargin, InkRange.minimumPageSide), InkRange.maximumPageSide) }
            page = DocumentPage(width: side(pageExtent.x), height: side(pageExtent.y), background: .paper(Paper()))
        } else {
            page = DocumentPage(width: Self.defaultPageSize.width, height: Self.defaultPageSize.height, background: .paper(Paper()))
        }
        pages.append(page)
        if !pageHasInk, pages.count == 1, traceCount == 0 { warn("the document has no traces; one blank page") }
        pageHasInk = false
        pageExtent = (0, 0)
        pageInfo = nil
    }
}

/// A definition element gathered whole: its name, attributes, text and children.
struct InkMLElement {
    var name: String
    var attributes: [(name: String, value: String)]
    var place: InkMLImportError.Place
    var text = ""
    var children: [InkMLElement] = []

    func attribute(_ name: String) -> String? { attributes.last(where: { $0.name == name })?.value }
}
