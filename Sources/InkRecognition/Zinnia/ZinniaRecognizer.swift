import CZinnia

/// zinnia with one model loaded: reads one CJK character from its strokes, n-best with scores.
/// Loaded once and reused; not shared between threads.
final class ZinniaRecognizer {
    /// The side of the square box characters are given to zinnia in (its own units).
    static let boxSize = 300

    private let recognizer: OpaquePointer
    private let character: OpaquePointer
    private let api: InkpdfZinnia

    /// zinnia's functions (CZinnia/shim.h), its library opened the first time they are asked for.
    static let library = open(sharedObject)

    /// Opens `sharedObject` and reads its functions; the error names the package to install.
    static func open(_ sharedObject: String) -> Result<InkpdfZinnia, RecognitionError> {
        EngineLibrary.open(sharedObject, engine: "zinnia", package: "libzinnia0") { inkpdf_zinnia_open($0, $1) }
    }

    /// The file name of the library Debian's libzinnia0 installs.
    static let sharedObject = "libzinnia.so.0"

    /// The corresponding C functions are `zinnia_recognizer_new` and `zinnia_recognizer_open`.
    init(model: String, describe: (String) -> RecognitionError) throws(RecognitionError) {
        let api = try Self.library.get()
        self.api = api
        guard let recognizer = api.zinnia_recognizer_new() else { throw describe("zinnia could not be created") }
        guard api.zinnia_recognizer_open(recognizer, model) != 0 else {
            let reason = api.zinnia_recognizer_strerror(recognizer).map { String(cString: $0) } ?? "unreadable"
            api.zinnia_recognizer_destroy(recognizer)
            throw describe(reason)
        }
        guard let character = api.zinnia_character_new() else {
            api.zinnia_recognizer_destroy(recognizer)
            throw describe("zinnia could not make a character")
        }
        self.recognizer = recognizer
        self.character = character
    }

    deinit {
        api.zinnia_character_destroy(character)
        api.zinnia_recognizer_destroy(recognizer)
    }

    /// The readings of one character, best first: its strokes are polylines in zinnia's box
    /// (0 … `boxSize`, y down), in pen order.
    /// The corresponding C functions are `zinnia_character_add` and `zinnia_recognizer_classify`.
    func classify(_ strokes: [[(x: Int, y: Int)]], best: Int) -> [(text: String, score: Double)] {
        api.zinnia_character_clear(character)
        api.zinnia_character_set_width(character, Self.boxSize)
        api.zinnia_character_set_height(character, Self.boxSize)
        for (id, stroke) in strokes.enumerated() {
            for point in stroke { _ = api.zinnia_character_add(character, id, Int32(point.x), Int32(point.y)) }
        }
        guard let result = api.zinnia_recognizer_classify(recognizer, character, best) else { return [] }
        defer { api.zinnia_result_destroy(result) }
        var readings: [(text: String, score: Double)] = []
        for index in 0..<api.zinnia_result_size(result) {
            guard let value = api.zinnia_result_value(result, index) else { continue }
            readings.append((String(cString: value), Double(api.zinnia_result_score(result, index))))
        }
        return readings
    }
}
