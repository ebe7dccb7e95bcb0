/// What `InkDowngrade` changed: which inks became which, and the strokes
/// whose look could not be kept (they are kept, re-inked, never dropped).
public struct DowngradeReport: Sendable, Equatable {
    public var maxContentVersion: Int
    public var layers = 0
    public var strokes = 0
    /// What the source needed, and what the copy needs.
    public var requiredBefore = ContentVersion.minimum
    public var requiredAfter = ContentVersion.minimum
    /// Ink type changes with their stroke counts, by name.
    public var mappings: [MappingCount] = []
    /// Re-inked strokes that look different, in file order.
    public var lostLooks: [LostLook] = []

    public init(maxContentVersion: Int) { self.maxContentVersion = maxContentVersion }

    public var reinkedStrokes: Int { mappings.reduce(0) { $0 + $1.strokes } }

    public struct MappingCount: Sendable, Equatable {
        public var from: String
        public var to: String
        public var strokes: Int

        public init(from: String, to: String, strokes: Int) {
            self.from = from
            self.to = to
            self.strokes = strokes
        }
    }

    /// A stroke whose look the older ink cannot keep, located like a validation error.
    public struct LostLook: Sendable, Equatable {
        public var line: Int
        public var page: Int
        public var layer: String?
        /// 1-based within its layer.
        public var stroke: Int
        public var from: String
        public var to: String
        public var reason: String

        public init(line: Int, page: Int, layer: String?, stroke: Int, from: String, to: String, reason: String) {
            self.line = line
            self.page = page
            self.layer = layer
            self.stroke = stroke
            self.from = from
            self.to = to
            self.reason = reason
        }
    }

    /// A summary line, one line per mapping, one per stroke whose look changes
    /// (`notes.ink.jsonl:3: page 2, stroke 4: reed → pen: …`).
    public func lines(source: String) -> [String] {
        var lines = ["content version \(requiredBefore) → \(requiredAfter) (at most \(maxContentVersion)): "
                     + "\(reinkedStrokes) of \(strokes) stroke\(strokes == 1 ? "" : "s") re-inked, "
                     + "\(lostLooks.count) cannot keep their look"]
        lines += mappings.map { "  \($0.from) → \($0.to): \($0.strokes) stroke\($0.strokes == 1 ? "" : "s")" }
        for lost in lostLooks {
            let layer = lost.layer.map { ", layer \(JSONValue.string($0).jsonText)" } ?? ""
            lines.append("\(source):\(lost.line): page \(lost.page)\(layer), stroke \(lost.stroke): look not kept: \(lost.from) → \(lost.to): \(lost.reason)")
        }
        return lines
    }

    public var json: JSONValue {
        .object(JSONObject([
            ("maxContentVersion", .number(maxContentVersion)),
            ("contentVersionBefore", requiredBefore.json),
            ("contentVersionAfter", requiredAfter.json),
            ("layers", .number(layers)),
            ("strokes", .number(strokes)),
            ("reinked", .number(reinkedStrokes)),
            ("mappings", .array(mappings.map {
                .object(JSONObject([("from", .string($0.from)), ("to", .string($0.to)), ("strokes", .number($0.strokes))]))
            })),
            ("lookNotKept", .array(lostLooks.map {
                .object(JSONObject([
                    ("line", .number($0.line)), ("page", .number($0.page)), ("layer", .string($0.layer)),
                    ("stroke", .number($0.stroke)), ("from", .string($0.from)), ("to", .string($0.to)),
                    ("reason", .string($0.reason)),
                ]))
            })),
        ]))
    }
}
