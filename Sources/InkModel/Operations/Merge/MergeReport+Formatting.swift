/// The merge report as lines for a person and as one JSON object.
extension MergeReport {
    /// A summary line, the notes, then one line per changed gesture, e.g.
    /// `page 3, layer "Notes": removed by local: gesture created 1764460000.125 (pen, 1 stroke)`.
    public var lines: [String] {
        var lines = ["merged \(pagesWritten) page\(pagesWritten == 1 ? "" : "s"), \(strokesWritten) stroke\(strokesWritten == 1 ? "" : "s"): "
            + "\(count(.added)) added, \(count(.removed)) removed, \(count(.changed)) changed, "
            + "\(conflictCount) conflict\(conflictCount == 1 ? "" : "s")"]
        lines += notes.map { "note: \($0)" }
        for page in pages {
            for change in page.changes {
                let layer = change.layer.map { ", layer \(JSONValue.string($0).jsonText)" } ?? ""
                let what: String
                switch (change.kind, change.side) {
                case (.conflict, _): what = "conflict"
                case (let kind, .both): what = "\(kind.rawValue) by both"
                case (let kind, let side): what = "\(kind.rawValue) by \(side.rawValue)"
                }
                let count = "\(change.strokes) stroke\(change.strokes == 1 ? "" : "s")"
                let detail = change.detail.map { ": \($0)" } ?? ""
                lines.append("page \(page.page)\(layer): \(what): gesture \(change.gesture) (\(change.ink), \(count))\(detail)")
            }
        }
        return lines
    }

    /// `{"pages":…,"strokes":…,"added":…,…,"changes":[{"page":3,"added":[…],"removed":[…],"changed":[…],"conflicts":[…]}],"notes":[…]}`.
    public var json: JSONValue {
        func gesture(_ change: Change) -> JSONValue {
            var object = JSONObject([("by", .string(change.side.rawValue)), ("layer", .string(change.layer))])
            switch change.gesture {
            case .id(let id): object.entries.append(("id", .string(id)))
            case .created(let created): object.entries.append(("created", .number(created)))
            }
            object.entries.append(("ink", .string(change.ink)))
            object.entries.append(("strokes", .number(change.strokes)))
            if let detail = change.detail { object.entries.append(("resolution", .string(detail))) }
            return .object(object)
        }
        let pageValues: [JSONValue] = pages.map { page in
            .object(JSONObject([
                ("page", .number(page.page)),
                ("added", .array(page.added.map(gesture))),
                ("removed", .array(page.removed.map(gesture))),
                ("changed", .array(page.changed.map(gesture))),
                ("conflicts", .array(page.conflicts.map(gesture))),
            ]))
        }
        return .object(JSONObject([
            ("pages", .number(pagesWritten)),
            ("layers", .number(layersWritten)),
            ("strokes", .number(strokesWritten)),
            ("added", .number(count(.added))),
            ("removed", .number(count(.removed))),
            ("changed", .number(count(.changed))),
            ("conflicts", .number(conflictCount)),
            ("changes", .array(pageValues)),
            ("notes", .array(notes.map { .string($0) })),
        ]))
    }
}
