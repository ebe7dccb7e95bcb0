import InkModel

/// Splits a line of CJK handwriting into characters, from pen order and boxes: a character
/// is written stroke after stroke, and the next one begins where the strokes would make a
/// box wider than a character (`maximumWidth` letter heights); then runs of characters with
/// a gap wider than `wordGap` letter heights between them are words.
enum CharacterSegmenter {
    static let maximumWidth = 1.15
    static let wordGap = 0.6

    struct Character {
        var strokes: [Int]
        var box: RecognisedText.Box
    }

    static func characters(of line: InkLine, extents: [Int: StrokeExtent], maximumWidth: Double = maximumWidth) -> [Character] {
        let size = max(line.box.height, line.letterHeight)
        var characters: [Character] = []
        for index in line.strokes {
            guard let extent = extents[index] else { continue }
            if var last = characters.last {
                let union = last.box.union(extent.box)
                // Joins the character being written unless that makes it too wide, or it starts past it.
                if union.width <= maximumWidth * size && extent.minX < last.box.maxX + 0.6 * size {
                    last.strokes.append(index)
                    last.box = union
                    characters[characters.count - 1] = last
                    continue
                }
            }
            characters.append(Character(strokes: [index], box: extent.box))
        }
        return characters.sorted { $0.box.x < $1.box.x }
    }

    /// The characters in runs separated by gaps wider than a word gap.
    static func words(_ characters: [Character], size: Double) -> [[Character]] {
        var words: [[Character]] = []
        for character in characters {
            if let previous = words.last?.last, character.box.x - previous.box.maxX <= wordGap * size {
                words[words.count - 1].append(character)
            } else {
                words.append([character])
            }
        }
        return words
    }
}
