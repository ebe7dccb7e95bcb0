/// Three-way merge of ink layers: the base (the last version both sides
/// had), minus what either side removed, plus what either side added, page
/// by page and layer by layer.
///
/// Strokes are matched as gestures (`StrokeIdentity`). For each gesture:
/// - both sides agree: their version;
/// - one side left it as in the base: the other side's version, so an
///   erasure (whole or partial) and an addition on one side both win;
/// - absent from the base and added differently on both sides: both
///   versions (pieces that are identical are kept once);
/// - in the base and changed differently on both sides: what both kept
///   (the runs of points present on both sides, so the erasures of both
///   apply), reported as a conflict.
///
/// Within a layer, strokes come out ordered by `created` (ties keep the
/// order of local, then remote), so the result depends only on the inputs.
public enum InkMerge {
    /// Merges three ink-layers files into `writer`, reading one page of each
    /// at a time (memory is bounded by the largest page, not the files).
    /// - Parameters:
    ///   - base: the common ancestor; nil for a first sync, where everything is added.
    ///   - writer: receives the header and the merged layers, in page order;
    ///     the caller closes it.
    /// - Throws: `InkFileError` or `InkLayersError` (located in the input at fault).
    public static func merge(base: String?, local: String, remote: String,
                             to writer: InkLayersWriter) throws -> MergeReport {
        let baseLayers = try base.map { try PageOrderedLayers(path: $0) }
        let localLayers = try PageOrderedLayers(path: local)
        let remoteLayers = try PageOrderedLayers(path: remote)

        let (header, notes) = mergeHeaders(base: baseLayers?.header, local: localLayers.header,
                                           remote: remoteLayers.header)
        var report = MergeReport(notes: notes)
        try writer.write(header: header)

        var pages = Set(localLayers.inkedPages).union(remoteLayers.inkedPages)
        if let baseLayers { pages.formUnion(baseLayers.inkedPages) }
        for page in pages.sorted() {
            let merged = mergePage(page, base: try baseLayers?.layers(forPage: page) ?? [],
                                   local: try localLayers.layers(forPage: page),
                                   remote: try remoteLayers.layers(forPage: page))
            report.notes += merged.textNotes
            for layer in merged.layers { try writer.write(layer: layer) }
            if !merged.layers.isEmpty { report.pagesWritten += 1 }
            report.layersWritten += merged.layers.count
            report.strokesWritten += merged.layers.reduce(0) { $0 + $1.strokes.count }
            if !merged.changes.isEmpty { report.pages.append(MergeReport.Page(page: page, changes: merged.changes)) }
        }
        return report
    }

    /// The merged header: the side that changed it, or local's when both did.
    public static func mergeHeaders(base: InkLayersHeader?, local: InkLayersHeader,
                                    remote: InkLayersHeader) -> (header: InkLayersHeader, notes: [String]) {
        if local == remote { return (local, []) }
        if let base, local == base { return (remote, []) }
        if let base, remote == base { return (local, []) }
        var notes: [String] = []
        if let localDigest = local.pdfSHA256, let remoteDigest = remote.pdfSHA256,
           localDigest.lowercased() != remoteDigest.lowercased() {
            notes.append("local and remote record different PDFs (SHA-256 \(localDigest) and \(remoteDigest)); kept local's header; check that both belong to the same PDF")
        } else {
            notes.append("the header was changed differently on both sides; kept local's header")
        }
        return (local, notes)
    }

    /// Merges the layers of one page. Layers are matched by name (and, for
    /// several layers of one name, by their order among them); a layer that
    /// one side deleted is kept only if the other added strokes to it.
    public static func mergePage(_ page: Int, base: [PageLayer], local: [PageLayer],
                                 remote: [PageLayer]) -> (layers: [PageLayer], changes: [MergeReport.Change], textNotes: [String]) {
        let baseByKey = keyed(base), localByKey = keyed(local), remoteByKey = keyed(remote)
        var seen = Set<LayerKey>()
        let keys = (localByKey + remoteByKey + baseByKey).map(\.key).filter { seen.insert($0).inserted }
        let baseLookup = Dictionary(uniqueKeysWithValues: baseByKey)
        let localLookup = Dictionary(uniqueKeysWithValues: localByKey)
        let remoteLookup = Dictionary(uniqueKeysWithValues: remoteByKey)

        var layers: [PageLayer] = []
        var changes: [MergeReport.Change] = []
        var textNotes: [String] = []
        for key in keys {
            let baseLayer = baseLookup[key], localLayer = localLookup[key], remoteLayer = remoteLookup[key]
            let merged = mergeStrokes(base: baseLayer?.strokes ?? [], local: localLayer?.strokes ?? [],
                                      remote: remoteLayer?.strokes ?? [], layer: key.name)
            changes += merged.changes
            let keptByBoth = localLayer != nil && remoteLayer != nil
            guard baseLayer == nil || keptByBoth || !merged.strokes.isEmpty else { continue }
            func withoutText(_ layer: PageLayer?) -> JSONObject? {
                layer.map { var extra = $0.extra; extra[RecognisedText.key] = nil; return extra }
            }
            var extra = threeWay(base: withoutText(baseLayer), local: withoutText(localLayer),
                                 remote: withoutText(remoteLayer)) ?? JSONObject()
            let text = mergeText(base: baseLayer, local: localLayer, remote: remoteLayer, merged: merged.strokes, page: page)
            textNotes += text.notes
            if let value = text.value {
                // Where the key stood in the side's layer, so that an unchanged layer is written back as it was.
                let position = [localLayer, remoteLayer].lazy.compactMap { $0?.extra.entries.firstIndex { $0.key == RecognisedText.key } }.first
                extra.entries.insert((RecognisedText.key, value), at: min(position ?? extra.entries.count, extra.entries.count))
            }
            layers.append(PageLayer(page: page, layer: key.name, strokes: merged.strokes, extra: extra))
        }
        return (layers, changes, textNotes)
    }

    /// Merges the strokes of one layer, gesture by gesture.
    /// - Parameter layer: the layer's name, for the changes reported.
    public static func mergeStrokes(base: [Stroke], local: [Stroke], remote: [Stroke],
                                    layer: String? = nil) -> (strokes: [Stroke], changes: [MergeReport.Change]) {
        let baseGestures = Gestures(base), localGestures = Gestures(local), remoteGestures = Gestures(remote)
        var seen = Set<StrokeIdentity>()
        let identities = (localGestures.order + remoteGestures.order + baseGestures.order).filter { seen.insert($0).inserted }

        var strokes: [Stroke] = []
        var changes: [MergeReport.Change] = []
        for identity in identities {
            let basePieces = baseGestures[identity], localPieces = localGestures[identity]
            let remotePieces = remoteGestures[identity]
            let outcome = mergeGesture(base: basePieces, local: localPieces, remote: remotePieces)
            strokes += outcome.pieces
            let ink = (outcome.pieces.first ?? localPieces.first ?? remotePieces.first ?? basePieces.first)?.ink.type.name ?? "pen"
            for (kind, side, detail) in outcome.changes {
                let count = kind == .removed ? basePieces.count : side == .remote ? remotePieces.count
                    : side == .local ? localPieces.count : outcome.pieces.count
                changes.append(MergeReport.Change(kind: kind, side: side, layer: layer, gesture: identity, ink: ink,
                                                  strokes: count, detail: detail))
            }
        }
        // Ordered by `created`; the index keeps equal times in the order above.
        let ordered = strokes.enumerated().sorted { a, b in
            a.element.created != b.element.created ? a.element.created < b.element.created : a.offset < b.offset
        }
        return (ordered.map(\.element), changes)
    }

    typealias GestureOutcome = (pieces: [Stroke], changes: [(MergeReport.Kind, MergeReport.Side, String?)])

    /// One gesture's pieces in the base, local and remote versions (empty where absent).
    static func mergeGesture(base: [Stroke], local: [Stroke], remote: [Stroke]) -> GestureOutcome {
        func change(to result: [Stroke], by side: MergeReport.Side) -> (MergeReport.Kind, MergeReport.Side, String?) {
            (base.isEmpty ? .added : result.isEmpty ? .removed : .changed, side, nil)
        }
        if samePieces(local, remote) {
            return (local, samePieces(local, base) ? [] : [change(to: local, by: .both)])
        }
        if samePieces(local, base) { return (remote, [change(to: remote, by: .remote)]) }
        if samePieces(remote, base) { return (local, [change(to: local, by: .local)]) }

        if base.isEmpty {
            let remoteOnly = remote.filter { !local.contains($0) }
            let pieces = local + remoteOnly
            if sharePoints(local, remote) {
                return (pieces, [(.conflict, .both, "added differently on both sides; kept both versions (\(pieces.count) strokes)")])
            }
            // Different strokes that happen to share an identity (e.g. equal times): both are additions.
            return (pieces, remoteOnly.isEmpty ? [(.added, .local, nil)] : [(.added, .local, nil), (.added, .remote, nil)])
        }

        let kept = keptByBoth(base: base, local: local, remote: remote)
        var detail = kept.pieces.isEmpty
            ? "changed differently on both sides; nothing of it was kept by both, so it is removed"
            : "changed differently on both sides; kept what both kept (\(kept.pieces.count) stroke\(kept.pieces.count == 1 ? "" : "s"))"
        for note in kept.notes { detail += "; " + note }
        return (kept.pieces, [(.conflict, .both, detail)])
    }

    /// What both sides kept of a gesture each changed: for each pair of
    /// pieces derived from the base, the runs of points both contain; plus
    /// pieces either side drew anew under the same identity.
    static func keptByBoth(base: [Stroke], local: [Stroke], remote: [Stroke]) -> (pieces: [Stroke], notes: [String]) {
        var basePieceOfPoint: [StrokePoint: Int] = [:]
        for (index, piece) in base.enumerated() {
            for point in piece.points where basePieceOfPoint[point] == nil { basePieceOfPoint[point] = index }
        }
        func derived(_ piece: Stroke) -> Bool { piece.points.contains { basePieceOfPoint[$0] != nil } }

        var pieces: [Stroke] = []
        var notes: [String] = []
        func keep(_ piece: Stroke) { if !pieces.contains(piece) { pieces.append(piece) } }
        for localPiece in local where derived(localPiece) {
            for remotePiece in remote where derived(remotePiece) {
                for run in commonRuns(localPiece.points, remotePiece.points) {
                    let basePiece = base[basePieceOfPoint[run[run.startIndex]] ?? 0]
                    let combined = combine(local: localPiece, remote: remotePiece, base: basePiece, points: Array(run))
                    keep(combined.piece)
                    for note in combined.notes where !notes.contains(note) { notes.append(note) }
                }
            }
        }
        for piece in local + remote where !derived(piece) { keep(piece) }
        return (pieces, notes)
    }

    /// The maximal runs of consecutive points that `a` and `b` both contain,
    /// in `a`'s order. A lone shared point counts only if one side is a
    /// single point (a dot both kept), not where two cuts happen to touch.
    static func commonRuns(_ a: [StrokePoint], _ b: [StrokePoint]) -> [ArraySlice<StrokePoint>] {
        var positions: [StrokePoint: [Int]] = [:]
        for (index, point) in b.enumerated() { positions[point, default: []].append(index) }
        var runs: [ArraySlice<StrokePoint>] = []
        var i = 0
        while i < a.count {
            var longest = 0
            for j in positions[a[i]] ?? [] {
                var length = 1
                while i + length < a.count, j + length < b.count, a[i + length] == b[j + length] { length += 1 }
                longest = max(longest, length)
            }
            if longest >= 2 || (longest == 1 && (a.count == 1 || b.count == 1)) {
                runs.append(a[i..<(i + longest)])
            }
            i += max(longest, 1)
        }
        return runs
    }

    /// A piece with `points` and the rest taken three-way from the local,
    /// remote and base pieces it came from (local's where both changed it).
    static func combine(local: Stroke, remote: Stroke, base: Stroke,
                        points: [StrokePoint]) -> (piece: Stroke, notes: [String]) {
        func look(_ stroke: Stroke) -> Stroke {
            var look = stroke
            look.points = []
            look.mask = nil
            return look
        }
        var notes: [String] = []
        let localLook = look(local), remoteLook = look(remote), baseLook = look(base)
        var piece: Stroke
        if localLook == remoteLook || remoteLook == baseLook {
            piece = local
        } else if localLook == baseLook {
            piece = remote
        } else {
            piece = local
            notes.append("its ink or placement changed differently on both sides; kept local's")
        }
        piece.points = points
        // A mask is what the pixel eraser left; the side that added or changed one erased more.
        if local.mask == remote.mask || remote.mask == nil || remote.mask == base.mask {
            piece.mask = local.mask
        } else if local.mask == nil || local.mask == base.mask {
            piece.mask = remote.mask
        } else {
            piece.mask = local.mask
            notes.append("both sides pixel-erased it differently; kept local's mask")
        }
        return (piece, notes)
    }

    /// Equal as collections of pieces, in any order.
    static func samePieces(_ a: [Stroke], _ b: [Stroke]) -> Bool {
        guard a.count == b.count else { return false }
        if a == b { return true }
        var unmatched = b
        for piece in a {
            guard let index = unmatched.firstIndex(of: piece) else { return false }
            unmatched.remove(at: index)
        }
        return true
    }

    static func sharePoints(_ a: [Stroke], _ b: [Stroke]) -> Bool {
        let points = Set(a.flatMap(\.points))
        return b.contains { $0.points.contains(where: points.contains) }
    }

    static func threeWay<Value: Equatable>(base: Value?, local: Value?, remote: Value?) -> Value? {
        if local == remote { return local }
        if local == nil || local == base { return remote }
        return local
    }

    /// A layer within a page: its name, and its place among the page's layers of that name.
    struct LayerKey: Hashable {
        var name: String?
        var occurrence: Int
    }

    static func keyed(_ layers: [PageLayer]) -> [(key: LayerKey, value: PageLayer)] {
        var counts: [String?: Int] = [:]
        return layers.map { layer in
            let occurrence = counts[layer.layer, default: 0]
            counts[layer.layer] = occurrence + 1
            return (LayerKey(name: layer.layer, occurrence: occurrence), layer)
        }
    }

    /// A layer's strokes grouped by gesture, in order of first appearance.
    struct Gestures {
        var order: [StrokeIdentity] = []
        private var pieces: [StrokeIdentity: [Stroke]] = [:]

        init(_ strokes: [Stroke]) {
            for stroke in strokes {
                let identity = stroke.identity
                if pieces[identity] == nil { order.append(identity) }
                pieces[identity, default: []].append(stroke)
            }
        }

        subscript(identity: StrokeIdentity) -> [Stroke] { pieces[identity] ?? [] }
    }
}
