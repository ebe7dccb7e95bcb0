import CTesseract
import Foundation

/// One tesseract instance (`TessBaseAPI`), initialised once with its languages and reused for
/// every line a thread reads: initialising loads the models (tens of MB), reading a line does not.
/// Not shared between threads; released when the last reference goes.
final class TesseractEngine {
    /// A word tesseract read: its text, confidence 0 … 1, its box in the image's pixels and
    /// other readings (one letter changed to the recogniser's next choice), best first.
    struct Word {
        var text: String
        var confidence: Double
        var left, top, right, bottom: Int
        var language: String?
        var alternatives: [String]
    }

    /// How tesseract divides the image: one line of text, or text anywhere (sparse).
    enum Segmentation: Int32 {
        case singleLine = 7
        case sparse = 11
    }

    private let handle: OpaquePointer
    private let api: InkpdfTesseract
    let languages: String

    /// Loads the models of `languages` (tesseract's names joined by `+`) from `tessdata`.
    /// The corresponding C functions are `TessBaseAPICreate` and `TessBaseAPIInit2`.
    init(tessdata: String, languages: String, describe: (String) -> RecognitionError) throws(RecognitionError) {
        let api = try Self.library.get()
        self.api = api
        Self.keepToOneThread
        guard let handle = api.TessBaseAPICreate() else { throw describe("tesseract could not be created") }
        // LSTM only: the legacy engine's data is not in Debian's -fast style packages.
        guard api.TessBaseAPIInit2(handle, tessdata, languages, OEM_LSTM_ONLY) == 0 else {
            api.TessBaseAPIDelete(handle)
            throw describe("tesseract could not load it")
        }
        self.handle = handle
        self.languages = languages
        // Per-letter choices for the n-best readings; no chatter on the error stream.
        _ = api.TessBaseAPISetVariable(handle, "lstm_choice_mode", "2")
        _ = api.TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    }

    /// tesseract's functions (CTesseract/shim.h), its library opened the first time they are asked for.
    static let library = open(sharedObject)

    /// Opens `sharedObject` and reads its functions; the error names the package to install.
    static func open(_ sharedObject: String) -> Result<InkpdfTesseract, RecognitionError> {
        EngineLibrary.open(sharedObject, engine: "tesseract", package: "libtesseract5") { inkpdf_tesseract_open($0, $1) }
    }

    /// The file name of the library Debian's libtesseract5 installs.
    static let sharedObject = "libtesseract.so.5"

    /// Debian's tesseract runs its LSTM in OpenMP threads that spin while they wait: on a busy
    /// machine that made dense pages several times slower than one thread, much of it in the kernel.
    /// `OMP_THREAD_LIMIT` is read only when libgomp loads; a maximum of 0 active parallel levels
    /// makes every parallel region run on the calling thread. inkpdf runs documents in parallel itself.
    /// The corresponding C function is `omp_set_max_active_levels` (libgomp, loaded with tesseract).
    private static let keepToOneThread: Void = {
        guard case .success(let api) = library, let setMaxActiveLevels = api.omp_set_max_active_levels else { return }
        setMaxActiveLevels(0)
    }()

    deinit {
        api.TessBaseAPIEnd(handle)
        api.TessBaseAPIDelete(handle)
    }

    /// Reads the words of an 8-bit grey image (`bytes`, rows of `width` bytes, dark ink on white).
    /// The corresponding C functions are `TessBaseAPISetImage`, `TessBaseAPIRecognize` and the result iterator's.
    func words(grey bytes: [UInt8], width: Int, height: Int, resolution: Int, segmentation: Segmentation,
               alternatives maximumAlternatives: Int) -> [Word] {
        bytes.withUnsafeBufferPointer { buffer in
            api.TessBaseAPISetImage(handle, buffer.baseAddress, Int32(width), Int32(height), 1, Int32(width))
        }
        api.TessBaseAPISetSourceResolution(handle, Int32(resolution))
        api.TessBaseAPISetPageSegMode(handle, TessPageSegMode(rawValue: UInt32(segmentation.rawValue)))
        defer { api.TessBaseAPIClear(handle) }
        guard api.TessBaseAPIRecognize(handle, nil) == 0, let iterator = api.TessBaseAPIGetIterator(handle) else { return [] }
        defer { api.TessResultIteratorDelete(iterator) }
        var words: [Word] = []
        var letters: [[(text: String, confidence: Double)]] = []
        func finishWord() {
            guard var word = words.last, !letters.isEmpty else { return }
            word.alternatives = Self.alternatives(word.text, letters: letters, maximum: maximumAlternatives)
            words[words.count - 1] = word
            letters = []
        }
        let pageIterator = api.TessResultIteratorGetPageIteratorConst(iterator)
        repeat {
            if api.TessPageIteratorIsAtBeginningOf(pageIterator, RIL_WORD) != 0 {
                finishWord()
                guard let cText = api.TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
                let text = String(cString: cText)
                api.TessDeleteText(cText)
                var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
                _ = api.TessPageIteratorBoundingBox(pageIterator, RIL_WORD, &left, &top, &right, &bottom)
                let confidence = Double(api.TessResultIteratorConfidence(iterator, RIL_WORD)) / 100
                let language = api.TessResultIteratorWordRecognitionLanguage(iterator).map { String(cString: $0) }
                words.append(Word(text: text, confidence: min(max(confidence, 0), 1), left: Int(left), top: Int(top),
                                  right: Int(right), bottom: Int(bottom), language: language, alternatives: []))
            }
            // The choice iterator asserts (aborting the process) where there is no word: only at a symbol that has text.
            guard maximumAlternatives > 0, !words.isEmpty, let symbol = api.TessResultIteratorGetUTF8Text(iterator, RIL_SYMBOL) else { continue }
            api.TessDeleteText(symbol)
            var choices: [(text: String, confidence: Double)] = []
            if let choice = api.TessResultIteratorGetChoiceIterator(iterator) {
                repeat {
                    if let c = api.TessChoiceIteratorGetUTF8Text(choice) {
                        choices.append((String(cString: c), Double(api.TessChoiceIteratorConfidence(choice))))
                    }
                } while api.TessChoiceIteratorNext(choice) != 0 && choices.count < 4
                api.TessChoiceIteratorDelete(choice)
            }
            letters.append(choices)
        } while api.TessResultIteratorNext(iterator, maximumAlternatives > 0 ? RIL_SYMBOL : RIL_WORD) != 0
        finishWord()
        return words
    }

    /// Other readings of a word: the letter whose second choice came closest to its first is
    /// changed first, then the next, each reading once.
    static func alternatives(_ text: String, letters: [[(text: String, confidence: Double)]], maximum: Int) -> [String] {
        guard letters.allSatisfy({ !$0.isEmpty }) else { return [] }
        let best = letters.map { $0[0].text }
        guard best.joined() == text else { return [] }
        var swaps: [(index: Int, choice: String, margin: Double)] = []
        for (index, choices) in letters.enumerated() {
            for choice in choices.dropFirst() where choice.text != choices[0].text && !choice.text.isEmpty {
                swaps.append((index, choice.text, choices[0].confidence - choice.confidence))
            }
        }
        var readings: [String] = []
        for swap in swaps.sorted(by: { $0.margin < $1.margin }) {
            var letters = best
            letters[swap.index] = swap.choice
            let reading = letters.joined()
            if reading != text, !readings.contains(reading), !reading.contains(where: { $0.isWhitespace || $0.isNewline }) {
                readings.append(reading)
            }
            if readings.count == maximum { break }
        }
        return readings
    }
}
