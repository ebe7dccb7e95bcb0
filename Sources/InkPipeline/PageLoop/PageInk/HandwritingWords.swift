import InkModel
import InkPDFContent

/// The words a layer's `text` entries read, placed for the invisible text layer: each
/// entry over its box (`PageLayer.boxes(of:)`), in the layer's order (reading order).
enum HandwritingWords {
    /// The warning for `count` words the font had no room for (`HandwritingFont.maximumCharacters`), or nil.
    static func leftOutWarning(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return "\(count) text entr\(count == 1 ? "y" : "ies") left out of the text layer: the document's text uses more than "
            + "the \(HandwritingFont.maximumCharacters) different characters one font can hold"
    }

    /// `layer`'s entries as words, in the page coordinates of its points. A box reaching
    /// beyond the coordinates the pipeline carries (`InkRange.maximumCoordinate`) is cut
    /// there; an entry whose box has no width or height, or none at all, is left out. Either
    /// is told to `warn`, located as the reader locates entries (`page P, text N`).
    /// Entries less sure than `minimumConfidence` are left out silently (they stay in the sidecar).
    static func words(of layer: PageLayer, page: Int, minimumConfidence: Double = 0, warn: (String) -> Void) -> [HandwritingWord] {
        var words: [HandwritingWord] = []
        let entries = layer.recognisedText
        for (index, (entry, box)) in zip(entries, layer.boxes(of: entries)).enumerated() where entry.isSure(atLeast: minimumConfidence) {
            let place = "page \(page), text \(index + 1)"
            guard let box else {
                warn("\(place): its strokes draw nothing; left out of the text layer")
                continue
            }
            let limit = InkRange.maximumCoordinate
            func clamped(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, -limit), limit) }
            let left = clamped(box.x), top = clamped(box.y)
            let right = clamped(box.x + box.width), bottom = clamped(box.y + box.height)
            let width = right - left, height = bottom - top
            guard width >= HandwritingFont.smallestSide, height >= HandwritingFont.smallestSide else {
                warn("\(place): its box has no \(width < HandwritingFont.smallestSide ? "width" : "height") on the page; left out of the text layer")
                continue
            }
            if left != box.x || top != box.y || right != box.x + box.width || bottom != box.y + box.height {
                warn("\(place): its box reaches beyond ±\(Int(limit)) pt; cut there in the text layer")
            }
            words.append(HandwritingWord(text: entry.text, x: left, y: top, width: width, height: height))
        }
        return words
    }
}
