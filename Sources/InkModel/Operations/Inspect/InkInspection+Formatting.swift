/// The inspection as lines for a person and as one JSON object.
extension InkInspection {
    /// The document first, then one line per page.
    public func lines(file: String) -> [String] {
        var lines = ["\(file): \(pages.count) page\(pages.count == 1 ? "" : "s") with ink; "
                     + Self.describe(document) + "; requires content version \(document.requiredVersion)"]
        for page in pages {
            lines.append("page \(page.page): \(Self.describe(page)); version \(page.requiredVersion)")
        }
        return lines
    }

    private static func describe(_ summary: Summary) -> String {
        var parts = ["\(summary.layers) layer\(summary.layers == 1 ? "" : "s")",
                     "\(summary.strokes) stroke\(summary.strokes == 1 ? "" : "s")",
                     "\(summary.points) point\(summary.points == 1 ? "" : "s")"]
        if summary.textEntries > 0 {
            parts.append("\(summary.textEntries) recognised text entr\(summary.textEntries == 1 ? "y" : "ies")")
        }
        if !summary.inks.isEmpty {
            parts.append("inks " + summary.inksByUse.map { "\($0.name) \($0.strokes)" }.joined(separator: ", "))
        }
        if let bounds = summary.bounds {
            parts.append("bounds x \(text(bounds.minX))…\(text(bounds.maxX)), y \(text(bounds.minY))…\(text(bounds.maxY))")
        }
        if let span = summary.timeSpan {
            parts.append("time \(UTCTime.text(span.start)) … \(UTCTime.text(span.end))")
        }
        return parts.joined(separator: "; ")
    }

    /// A coordinate rounded to 0.01 pt for reading.
    private static func text(_ value: Double) -> String {
        JSONValue.number((value * 100).rounded() / 100).numberText ?? "\(value)"
    }

    /// `{"file":…,"version":…,"pages":…,"strokes":…,…,"perPage":[{"page":1,…}]}`.
    public func json(file: String) -> JSONValue {
        var object = JSONObject([("file", .string(file))])
        object.entries += Self.entries(document)
        object.entries.append(("perPage", .array(pages.map { page in
            .object(JSONObject([("page", .number(page.page))] + Self.entries(page)))
        })))
        return .object(object)
    }

    private static func entries(_ summary: Summary) -> [(key: String, value: JSONValue)] {
        var entries: [(key: String, value: JSONValue)] = [
            ("contentVersion", summary.requiredVersion.json),
            ("layers", .number(summary.layers)),
            ("strokes", .number(summary.strokes)),
            ("points", .number(summary.points)),
            ("inks", .object(JSONObject(summary.inksByUse.map { (key: $0.name, value: .number($0.strokes)) }))),
        ]
        if summary.textEntries > 0 { entries.append(("textEntries", .number(summary.textEntries))) }
        if let bounds = summary.bounds {
            entries.append(("bounds", .object(JSONObject([
                ("minX", .number(bounds.minX)), ("minY", .number(bounds.minY)),
                ("maxX", .number(bounds.maxX)), ("maxY", .number(bounds.maxY)),
            ]))))
        }
        if let span = summary.timeSpan {
            entries.append(("time", .object(JSONObject([
                ("start", .number(span.start)), ("end", .number(span.end)),
                ("startUTC", .string(UTCTime.text(span.start))), ("endUTC", .string(UTCTime.text(span.end))),
            ]))))
        }
        return entries
    }
}
