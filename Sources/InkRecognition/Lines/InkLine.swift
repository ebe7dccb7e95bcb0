import InkModel

/// A line of handwriting: some of a layer's strokes (indices, in pen order) and their bounds.
struct InkLine: Equatable {
    var strokes: [Int]
    var box: RecognisedText.Box
    /// The height of the line's letters (the median height of its strokes), points.
    var letterHeight: Double
}

/// A stroke's extent on the page (its points after its transform, no nib).
struct StrokeExtent: Equatable {
    var index: Int
    var minX, minY, maxX, maxY: Double
    var height: Double { maxY - minY }
    var width: Double { maxX - minX }
    var centreY: Double { (minY + maxY) / 2 }
    var box: RecognisedText.Box { RecognisedText.Box(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }

    /// The extent of each stroke that may be writing: it has points and finite coordinates, and is not a
    /// highlighter's (a marker over text is not text).
    static func extents(of layer: PageLayer) -> [StrokeExtent] {
        layer.strokes.enumerated().compactMap { index, stroke in
            guard !stroke.points.isEmpty, stroke.ink.type != .marker else { return nil }
            let transform = stroke.transform ?? .identity
            var e = StrokeExtent(index: index, minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            for point in stroke.points {
                let (x, y) = transform.apply(x: point.x, y: point.y)
                e.minX = min(e.minX, x); e.maxX = max(e.maxX, x)
                e.minY = min(e.minY, y); e.maxY = max(e.maxY, y)
            }
            return e.minX.isFinite && e.maxX.isFinite && e.minY.isFinite && e.maxY.isFinite ? e : nil
        }
    }
}
