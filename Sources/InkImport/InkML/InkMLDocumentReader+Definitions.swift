import Foundation
import InkModel

/// Definitions, resolved when they end against what was defined before them:
/// a reference names only an earlier definition, so no chain is followed while
/// traces are read and no cycle can form.
extension InkMLDocumentReader {
    /// An id's definition of the kind `kind`, or the error naming the reference.
    func lookUp(_ reference: String, attribute: String, place: InkMLImportError.Place) throws(InkMLImportError) -> InkMLDefinition {
        var id = Substring(reference.trimmingCharacters(in: .whitespaces))
        if id.first == "#" { id = id.dropFirst() }
        guard let definition = definitions[String(id)] else {
            throw .unknownReference(path: path, place: place, attribute: attribute, reference: reference)
        }
        return definition
    }

    func wrongKind(_ attribute: String, _ reference: String, place: InkMLImportError.Place) -> InkMLImportError {
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

    func define(_ element: InkMLElement, parents: [String]) throws(InkMLImportError) {
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
            let brush = try resolveBrush(element)
            // Directly in <ink> and without an id to refer to it by (as CROHME's files begin), it can only
            // mean the traces that follow: it changes the current context.
            if parents.last == "ink", id == nil { currentContext.brush = brush }
            definition = .brush(brush)
        case "traceFormat":
            let format = try resolveTraceFormat(element)
            if parents.last == "ink", id == nil { currentContext.traceFormat = format }
            definition = .traceFormat(format)
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

    func resolveContext(_ element: InkMLElement, base: InkMLContext) throws(InkMLImportError) -> InkMLContext {
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

    func resolveBrush(_ element: InkMLElement) throws(InkMLImportError) -> InkMLBrush {
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

    func number(_ text: String?, _ what: String, place: InkMLImportError.Place) throws(InkMLImportError) -> Double? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Double(trimmed), value.isFinite else { throw .badNumber(path: path, place: place, what: what, value: text) }
        guard abs(value) <= 1e15 else {
            throw .outOfRange(path: path, place: place, problem: "\(what) is \(value), beyond ±1e15")
        }
        return value
    }

    func resolveTraceFormat(_ element: InkMLElement) throws(InkMLImportError) -> InkMLTraceFormat {
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

    func resolveInkSource(_ element: InkMLElement) throws(InkMLImportError) -> InkMLInkSource {
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

    func resolveTransform(_ element: InkMLElement) throws(InkMLImportError) -> InkMLAffine {
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

    func resolveTimestamp(_ element: InkMLElement) throws(InkMLImportError) -> Double {
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
}
