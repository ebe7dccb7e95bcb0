import Foundation
import InkModel

/// Walks an InkML document node by node (libxml2's pull reader, no tree) and
/// writes its traces as strokes, page by page, to the layers sink.
///
/// - Definitions (`<context>`, `<brush>`, `<traceFormat>`, `<inkSource>`,
///   `<canvasTransform>`, `<timestamp>`) are small: each is gathered whole
///   (`InkMLElement`, its text bounded) and resolved when it ends, against what was
///   defined before it. A `<context>` in `<ink>` becomes the current context of
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
    /// A page's strokes are written out once they hold this many points.
    static let flushPoints = 200_000
    static let maximumWarnings = 100
    /// How many bytes of text one definition element (its affine, its property values) may gather.
    static let maximumDefinitionText = 1 << 20
    /// The page an empty document is drawn on (A4) and the margin a page sized to its ink gets.
    static let defaultPageSize = (width: 595.276, height: 841.89)
    static let extentMargin = 36.0

    private let path: String
    private let writer: any LayerSink
    private let options: ImportOptions
    private let pdfPageSize: InkMLImporter.PDFPageSize?

    private(set) var pages: [DocumentPage] = []
    private(set) var report = ImportReport()
    private var warningCount = 0
    private var warnedUnits: Set<String> = []

    private var definitions: [String: InkMLDefinition] = [:]
    private var currentContext = InkMLContext()
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
    }
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

    // A definition element being gathered.
    private var gathering: [InkMLElement] = []
    private var gatheredText = 0

    init(path: String, writer: any LayerSink, options: ImportOptions, pdfPageSize: InkMLImporter.PDFPageSize?) {
        self.path = path
        self.writer = writer
        self.options = options
        self.pdfPageSize = pdfPageSize
    }

    private func warn(_ text: String) {
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
        if warningCount > Self.maximumWarnings {
            report.warnings.append("\(path): … and \(warningCount - Self.maximumWarnings) more warnings")
        }
    }

    // MARK: - Elements

    static let definitionElements: Set<String> = ["context", "brush", "traceFormat", "inkSource", "canvasTransform", "timestamp"]

    private func start(_ name: String, parents: [String], reader: borrowing XMLPullReader) throws(InkMLImportError) {
        let inDefinitions = parents.contains("definitions")
        if parents.last == "traceGroup", !groups.isEmpty {
            let group = groups[groups.count - 1]
            if name == "annotation", group.topLevel, !group.sawChild, !inDefinitions,
               reader.attributes().last(where: { $0.name == "type" })?.value.lowercased() == "page" {
                groups[groups.count - 1].isPage = true
                try startPage(at: place(reader))
                pageAnnotationText = ""
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
                var place = trace!.place
                place.point = error.point
                throw .badTrace(path: path, place: place, problem: error.problem)
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
            if !groups.isEmpty { groups.removeLast() }
        case "annotation":
            if let text = pageAnnotationText {
                pageInfo = JSONObject([(key: "annotation", value: .string(text.trimmingCharacters(in: .whitespacesAndNewlines)))])
                pageAnnotationText = nil
            }
        default:
            break
        }
    }

    // MARK: - Definitions

    /// An id's definition of the kind `kind`, or the error naming the reference.
    private func lookUp(_ reference: String, attribute: String, place: InkMLImportError.Place) throws(InkMLImportError) -> InkMLDefinition {
        var id = Substring(reference.trimmingCharacters(in: .whitespaces))
        if id.first == "#" { id = id.dropFirst() }
        guard let definition = definitions[String(id)] else {
            throw .unknownReference(path: path, place: place, attribute: attribute, reference: reference)
        }
        return definition
    }

    private func wrongKind(_ attribute: String, _ reference: String, place: InkMLImportError.Place) -> InkMLImportError {
        .malformed(path: path, place: place, problem: "\(attribute)=\"\(InkMLImportError.clip(reference))\" names an element of another kind")
    }

    func context(_ reference: String, attribute: String = "contextRef", place: InkMLImportError.Place) throws(InkMLImportError) -> InkMLContext {
        guard case .context(let context) = try lookUp(reference, attribute: attribute, place: place) else { throw wrongKind(attribute, reference, place: place) }
        return context
    }

    func brush(_ reference: String, attribute: String = "brushRef", place: InkMLImportError.Place) throws(InkMLImportError) -> InkMLBrush {
        guard case .brush(let brush) = try lookUp(reference, attribute: attribute, place: place) else { throw wrongKind(attribute, reference, place: place) }
        return brush
    }

    private func define(_ element: InkMLElement, parents: [String]) throws(InkMLImportError) {
        let id = element.attribute("xml:id") ?? element.attribute("id")
        let definition: InkMLDefinition
        switch element.name {
        case "context":
            let inInk = parents.last == "ink"
            var context = try resolveContext(element, base: inInk ? currentContext : InkMLContext())
            context.id = id
            if inInk { currentContext = context }
            definition = .context(context)
        case "brush":
            definition = .brush(try resolveBrush(element))
        case "traceFormat":
            definition = .traceFormat(try resolveTraceFormat(element))
        case "inkSource":
            definition = .inkSource(try resolveInkSource(element))
        case "canvasTransform":
            definition = .canvasTransform(try resolveTransform(element))
        case "timestamp":
            definition = .timestamp(try resolveTimestamp(element))
        default:
            return
        }
        if let id { definitions[id] = definition }
    }

    private func resolveContext(_ element: InkMLElement, base: InkMLContext) throws(InkMLImportError) -> InkMLContext {
        var context = base
        if let reference = element.attribute("contextRef") { context = try self.context(reference, place: element.place) }
        if let reference = element.attribute("inkSourceRef") {
            guard case .inkSource(let source) = try lookUp(reference, attribute: "inkSourceRef", place: element.place) else {
                throw wrongKind("inkSourceRef", reference, place: element.place)
            }
            context.inkSource = source
            if let format = source.traceFormat { context.traceFormat = format }
        }
        if let reference = element.attribute("traceFormatRef") {
            guard case .traceFormat(let format) = try lookUp(reference, attribute: "traceFormatRef", place: element.place) else {
                throw wrongKind("traceFormatRef", reference, place: element.place)
            }
            context.traceFormat = format
        }
        if let reference = element.attribute("brushRef") { context.brush = try brush(reference, place: element.place) }
        if let reference = element.attribute("canvasTransformRef") {
            guard case .canvasTransform(let transform) = try lookUp(reference, attribute: "canvasTransformRef", place: element.place) else {
                throw wrongKind("canvasTransformRef", reference, place: element.place)
            }
            context.transform = transform
        }
        if let reference = element.attribute("timestampRef") {
            guard case .timestamp(let time) = try lookUp(reference, attribute: "timestampRef", place: element.place) else {
                throw wrongKind("timestampRef", reference, place: element.place)
            }
            context.timeBase = time
        }
        for child in element.children {
            switch child.name {
            case "inkSource":
                let source = try resolveInkSource(child)
                context.inkSource = source
                if let format = source.traceFormat { context.traceFormat = format }
            case "traceFormat": context.traceFormat = try resolveTraceFormat(child)
            case "brush": context.brush = try resolveBrush(child)
            case "canvasTransform": context.transform = try resolveTransform(child)
            case "timestamp": context.timeBase = try resolveTimestamp(child)
            default: break
            }
            // A child with an id is a definition too.
            if let childID = child.attribute("xml:id") ?? child.attribute("id"), child.name != "context" {
                switch child.name {
                case "inkSource": definitions[childID] = .inkSource(context.inkSource)
                case "traceFormat": definitions[childID] = .traceFormat(context.traceFormat)
                case "brush": if let brush = context.brush { definitions[childID] = .brush(brush) }
                case "canvasTransform": definitions[childID] = .canvasTransform(context.transform)
                case "timestamp": if let time = context.timeBase { definitions[childID] = .timestamp(time) }
                default: break
                }
            }
        }
        return context
    }

    private func resolveBrush(_ element: InkMLElement) throws(InkMLImportError) -> InkMLBrush {
        var brush = InkMLBrush()
        if let reference = element.attribute("brushRef") { brush = try self.brush(reference, place: element.place) }
        brush.id = element.attribute("xml:id") ?? element.attribute("id")
        for child in element.children where child.name == "brushProperty" {
            guard let name = child.attribute("name") else {
                throw .malformed(path: path, place: child.place, problem: "<brushProperty> without its name attribute")
            }
            brush.properties[name] = (child.attribute("value") ?? child.text.trimmingCharacters(in: .whitespacesAndNewlines), child.attribute("units"))
        }
        return brush
    }

    private func number(_ text: String?, _ what: String, place: InkMLImportError.Place) throws(InkMLImportError) -> Double? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Double(trimmed), value.isFinite else { throw .badNumber(path: path, place: place, what: what, value: text) }
        guard abs(value) <= 1e15 else {
            throw .outOfRange(path: path, place: place, problem: "\(what) is \(value), beyond ±1e15")
        }
        return value
    }

    private func resolveTraceFormat(_ element: InkMLElement) throws(InkMLImportError) -> InkMLTraceFormat {
        var channels: [InkMLChannel] = []
        func add(_ child: InkMLElement, intermittent: Bool) throws(InkMLImportError) {
            guard let name = child.attribute("name"), !name.isEmpty else {
                throw .malformed(path: path, place: child.place, problem: "<channel> without its name attribute")
            }
            guard channels.count < InkMLTraceFormat.maximumChannels else {
                throw .tooMany(path: path, place: child.place, what: "channels in one traceFormat", limit: InkMLTraceFormat.maximumChannels)
            }
            var channel = InkMLChannel(name: name)
            channel.type = child.attribute("type") ?? "decimal"
            channel.units = child.attribute("units")
            channel.minimum = try number(child.attribute("min"), "channel \(name) min", place: child.place)
            channel.maximum = try number(child.attribute("max"), "channel \(name) max", place: child.place)
            channel.negated = child.attribute("orientation") == "-ve"
            if let text = child.attribute("default") {
                channel.defaultValue = text == "T" ? 1 : text == "F" ? 0 : try number(text, "channel \(name) default", place: child.place) ?? 0
            }
            channel.intermittent = intermittent
            channels.append(channel)
        }
        for child in element.children {
            switch child.name {
            case "channel": try add(child, intermittent: false)
            case "intermittentChannels":
                for grandchild in child.children where grandchild.name == "channel" { try add(grandchild, intermittent: true) }
            default: break
            }
        }
        // Regular channels come first in a point, whatever the order they were declared in.
        channels = channels.filter { !$0.intermittent } + channels.filter(\.intermittent)
        guard !channels.isEmpty else { return .default }
        return InkMLTraceFormat(channels: channels)
    }

    private func resolveInkSource(_ element: InkMLElement) throws(InkMLImportError) -> InkMLInkSource {
        var source = InkMLInkSource()
        for child in element.children {
            switch child.name {
            case "traceFormat": source.traceFormat = try resolveTraceFormat(child)
            case "channelProperties":
                for property in child.children where property.name == "channelProperty" {
                    guard let channel = property.attribute("channel"), let name = property.attribute("name") else {
                        throw .malformed(path: path, place: property.place, problem: "<channelProperty> without its channel and name attributes")
                    }
                    guard let value = try number(property.attribute("value"), "channel \(channel) \(name)", place: property.place) else {
                        throw .malformed(path: path, place: property.place, problem: "<channelProperty> without its value attribute")
                    }
                    source.properties[channel, default: [:]][name] = InkMLChannelProperty(value: value, units: property.attribute("units"))
                }
            default: break
            }
        }
        return source
    }

    private func resolveTransform(_ element: InkMLElement) throws(InkMLImportError) -> InkMLAffine {
        guard let mapping = element.children.first(where: { $0.name == "mapping" }) else { return InkMLAffine() }
        switch mapping.attribute("type") ?? "unknown" {
        case "identity":
            return InkMLAffine()
        case "affine":
            let text = mapping.children.first(where: { $0.name == "affine" })?.text ?? mapping.text
            let rows = text.split(separator: ",").map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) }
            var numbers: [[Double]] = []
            for row in rows.prefix(3) {
                var values: [Double] = []
                for item in row {
                    guard let value = try number(String(item), "affine matrix entry", place: mapping.place) else { continue }
                    values.append(value)
                }
                numbers.append(values)
            }
            guard numbers.count >= 2, numbers[0].count == 3, numbers[1].count == 3 else {
                throw .malformed(path: path, place: mapping.place, problem: "an affine mapping that is not rows 'a b c, d e f' (or with ', 0 0 1')")
            }
            let affine = InkMLAffine(a: numbers[0][0], b: numbers[0][1], c: numbers[0][2], d: numbers[1][0], e: numbers[1][1], f: numbers[1][2])
            for value in [affine.a, affine.b, affine.d, affine.e] where abs(value) > InkRange.maximumTransformScale {
                throw .outOfRange(path: path, place: mapping.place,
                                  problem: "the canvas transform scales by \(value), beyond \(Int(InkRange.maximumTransformScale))")
            }
            return affine
        default:
            warn("\(mapping.place): a canvas transform of type '\(mapping.attribute("type") ?? "unknown")' is not applied (only identity and affine are)")
            return InkMLAffine()
        }
    }

    private func resolveTimestamp(_ element: InkMLElement) throws(InkMLImportError) -> Double {
        var base = 0.0
        if let reference = element.attribute("timestampRef") {
            guard case .timestamp(let time) = try lookUp(reference, attribute: "timestampRef", place: element.place) else {
                throw wrongKind("timestampRef", reference, place: element.place)
            }
            base = time
        }
        if let time = try number(element.attribute("time"), "timestamp time", place: element.place) {
            base = time / 1000
        } else if let text = element.attribute("timeString"), let date = ISO8601DateFormatter().date(from: text) {
            base = date.timeIntervalSince1970
        }
        if let offset = try number(element.attribute("timeOffset"), "timestamp timeOffset", place: element.place) { base += offset / 1000 }
        if let problem = InkRange.timeProblem("timestamp", base) { throw .outOfRange(path: path, place: element.place, problem: problem) }
        return base
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
        trace = OpenTrace(decoder: InkMLTraceDecoder(format: format, maximumPoints: Self.maximumPointsPerTrace), context: context, brush: brush,
                          id: attribute("xml:id") ?? attribute("id"), timeOffset: offset, place: place)
    }

    private func finishTrace() throws(InkMLImportError) {
        guard var open = trace else { return }
        trace = nil
        do { try open.decoder.finish() } catch {
            var place = open.place
            place.point = error.point
            throw .badTrace(path: path, place: place, problem: error.problem)
        }
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
        let layer = PageLayer(page: pageNumber, layer: nil, strokes: pageStrokes, extra: extra)
        do { try writer.write(layer: layer) } catch { throw .cannotWrite(path: writer.path, reason: "\(error)") }
        pageStrokes = []
        pagePoints = 0
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
