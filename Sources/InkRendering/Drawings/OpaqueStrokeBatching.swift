import InkModel

/// Joins consecutive opaque centreline strokes of one colour into one path
/// per line width, so that cairo records, analyses and writes one operation
/// (one `w`, one `S`) for each width instead of one per stretch.
///
/// The picture does not change: opaque strokes of one colour painted over
/// each other show their union whatever their order, and a path of several
/// subpaths is stroked as each subpath on its own (caps at each end). The
/// order of the drawings is kept across anything else: a translucent, filled,
/// clipped, differently coloured or differently capped drawing ends a batch.
public enum OpaqueStrokeBatching {
    /// The drawings with each batch of joinable strokes replaced by one drawing
    /// per width, in the order each width first appeared.
    ///
    /// Each drawing is taken out of `drawings` as it is used, so that a page's paths
    /// are held once, not once as given and again joined (given the only copy of the
    /// array, a dense page's peak memory halves).
    public static func batched(_ drawings: consuming [StrokeDrawing]) -> [StrokeDrawing] {
        var drawings = drawings
        var result: [StrokeDrawing] = []
        result.reserveCapacity(drawings.count)
        var batch: [StrokeDrawing] = []   // one per width, paths joined
        var batchKey: (color: RGBAColor, cap: Paint.Cap)?

        func flush() {
            result.append(contentsOf: batch)
            batch.removeAll(keepingCapacity: true)
            batchKey = nil
        }

        for index in drawings.indices {
            let drawing = drawings[index]
            drawings[index].path = InkPath()
            guard isJoinable(drawing), case .stroke(let width) = drawing.paint.style else {
                flush()
                result.append(drawing)
                continue
            }
            if batchKey.map({ $0.color != drawing.paint.color || $0.cap != drawing.paint.cap }) ?? true { flush() }
            batchKey = (drawing.paint.color, drawing.paint.cap)
            if let index = batch.firstIndex(where: { $0.paint.style == .stroke(width: width) }) {
                batch[index].path.append(drawing.path)
            } else {
                batch.append(drawing)
            }
        }
        flush()
        return result
    }

    static func isJoinable(_ drawing: StrokeDrawing) -> Bool {
        guard case .stroke = drawing.paint.style else { return false }
        return drawing.paint.color.alpha >= 1 && drawing.paint.blend == .over && drawing.paint.grain == nil
            && drawing.clip == nil
    }
}
