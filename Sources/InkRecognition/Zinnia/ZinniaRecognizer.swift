import CZinnia

/// zinnia with one model loaded: reads one CJK character from its strokes, n-best with scores.
/// Loaded once and reused; not shared between threads.
final class ZinniaRecognizer {
    /// The side of the square box characters are given to zinnia in (its own units).
    static let boxSize = 300

    private let recognizer: OpaquePointer
    private let character: OpaquePointer

    /// The corresponding C functions are `zinnia_recognizer_new` and `zinnia_recognizer_open`.
    init(model: String, describe: (String) -> RecognitionError) throws(RecognitionError) {
        guard let recognizer = zinnia_recognizer_new() else { throw describe("zinnia could not be created") }
        guard zinnia_recognizer_open(recognizer, model) != 0 else {
            let reason = zinnia_recognizer_strerror(recognizer).map { String(cString: $0) } ?? "unreadable"
            zinnia_recognizer_destroy(recognizer)
            throw describe(reason)
        }
        guard let character = zinnia_character_new() else {
            zinnia_recognizer_destroy(recognizer)
            throw describe("zinnia could not make a character")
        }
        self.recognizer = recognizer
        self.character = character
    }

    deinit {
        zinnia_character_destroy(character)
        zinnia_recognizer_destroy(recognizer)
    }

    /// The readings of one character, best first: its strokes are polylines in zinnia's box
    /// (0 … `boxSize`, y down), in pen order.
    /// The corresponding C functions are `zinnia_character_add` and `zinnia_recognizer_classify`.
    func classify(_ strokes: [[(x: Int, y: Int)]], best: Int) -> [(text: String, score: Double)] {
        zinnia_character_clear(character)
        zinnia_character_set_width(character, Self.boxSize)
        zinnia_character_set_height(character, Self.boxSize)
        for (id, stroke) in strokes.enumerated() {
            for point in stroke { _ = zinnia_character_add(character, id, Int32(point.x), Int32(point.y)) }
        }
        guard let result = zinnia_recognizer_classify(recognizer, character, best) else { return [] }
        defer { zinnia_result_destroy(result) }
        var readings: [(text: String, score: Double)] = []
        for index in 0..<zinnia_result_size(result) {
            guard let value = zinnia_result_value(result, index) else { continue }
            readings.append((String(cString: value), Double(zinnia_result_score(result, index))))
        }
        return readings
    }
}
