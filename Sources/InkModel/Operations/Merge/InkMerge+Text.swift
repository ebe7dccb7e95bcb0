/// The merge of a layer's recognised text (`text` entries): the side that changed it wins, as for the
/// layer's other keys, and both sides' entries are kept when both changed it; every entry's `strokes`
/// then names the merged layer's strokes that come from the gestures it named (pieces an eraser left
/// included), and an entry none of whose strokes remains is dropped, saying so.
extension InkMerge {
    /// The merged layer's `text` value (nil: none) and a line for each entry dropped.
    static func mergeText(base: PageLayer?, local: PageLayer?, remote: PageLayer?, merged: [Stroke],
                          page: Int) -> (value: JSONValue?, notes: [String]) {
        let baseText = base?.extra[RecognisedText.key], localText = local?.extra[RecognisedText.key]
        let remoteText = remote?.extra[RecognisedText.key]
        // Each entry with the layer whose stroke indices it uses.
        var sources: [(entry: JSONValue, layer: PageLayer)] = []
        func entries(of layer: PageLayer?) -> [(entry: JSONValue, layer: PageLayer)] {
            guard let layer, case .array(let items)? = layer.extra[RecognisedText.key] else { return [] }
            return items.map { ($0, layer) }
        }
        if localText == remoteText || remoteText == baseText {
            sources = entries(of: localText != nil ? local : remote)
        } else if localText == baseText {
            sources = entries(of: remote)
        } else {
            sources = entries(of: local) + entries(of: remote)
        }
        guard !sources.isEmpty else { return (nil, []) }

        var indicesOfGesture: [StrokeIdentity: [Int]] = [:]
        for (index, stroke) in merged.enumerated() { indicesOfGesture[stroke.identity, default: []].append(index) }
        var kept: [JSONValue] = []
        var seen = Set<String>()
        var notes: [String] = []
        for (entry, layer) in sources {
            guard case .object(var object) = entry else { continue }
            let named = RecognisedText.strokeIndices(in: object)
            // In the entry's own order (an entry may list its strokes in pen order, not file order).
            var gestures = Set<StrokeIdentity>()
            var indices: [Int] = []
            for index in named where layer.strokes.indices.contains(index) {
                let identity = layer.strokes[index].identity
                if gestures.insert(identity).inserted { indices += indicesOfGesture[identity] ?? [] }
            }
            let words = object["text"].flatMap { if case .string(let words) = $0 { words } else { nil } } ?? ""
            guard !indices.isEmpty else {
                let name = layer.layer.map { ", layer \(JSONValue.string($0).jsonText)" } ?? ""
                notes.append("page \(page)\(name): the recognised text \(JSONValue.string(words).jsonText) is dropped: none of its strokes remains")
                continue
            }
            if indices != named { object["strokes"] = .array(indices.map { JSONValue.number($0) }) }
            // Both sides kept an entry they had in common: once.
            guard seen.insert(words + "\u{0}" + indices.map(String.init).joined(separator: ",")).inserted else { continue }
            kept.append(.object(object))
        }
        return (kept.isEmpty ? nil : .array(kept), notes)
    }
}
