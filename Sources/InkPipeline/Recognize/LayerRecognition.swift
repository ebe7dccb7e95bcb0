import Foundation
import InkModel
import InkRecognition

/// Gives layers `text` entries as they pass on their way to an output: each layer that has
/// none (every layer with `redo`), counting what it recognised. One recogniser (its models
/// loaded once) for all the layers, used by one thread at a time.
public final class LayerRecognition: @unchecked Sendable {
    private let options: RecognitionOptions
    /// Nil until first needed when made `loadingWhenNeeded`.
    private var recognizer: InkRecognizer?
    /// Why the models could not be loaded when first needed (`loadingWhenNeeded`): that layer and
    /// those after it were left without text, and the caller throws this instead of writing them.
    public private(set) var failure: ExportError?
    public private(set) var layers = 0
    public private(set) var words = 0
    /// Layers whose `text` entries came back from `cache` instead of being recognised.
    public private(set) var reused = 0
    /// What an earlier run recognised (a batch output's sidecar); not consulted with `redo`.
    public var cache: RecognitionCache?
    /// Told `doing(.recognising(page:))` before each layer and after each of its lines, and (with `reportsPages`)
    /// `finished(page:)` after each layer recognised.
    public var progress: PageProgress?
    /// Whether each layer recognised is a page report: for flatten, whose page loop begins after recognition
    /// (its live line counts the pages read); not for `recognize`, which reports its pages itself.
    public var reportsPages = true

    public init(_ recognizer: InkRecognizer) {
        options = recognizer.options
        self.recognizer = recognizer
    }

    private init(deferring options: RecognitionOptions) { self.options = options }

    /// For `languages` (BCP 47 tags joined by `+`; nil: no recognition, nil), the models from the environment.
    /// `loadingWhenNeeded`: the models are loaded when a layer first needs them (not at all when `cache` has
    /// every layer, or every layer has text; a missing one is then `failure`), as `InkRecognitionRun` makes it.
    public convenience init?(languages: String?, progress: PageProgress?, loadingWhenNeeded: Bool = false) throws(ExportError) {
        guard let languages else { return nil }
        let parsed: [RecognitionLanguage]
        do throws(RecognitionError) { parsed = try RecognitionLanguage.parse(languages) } catch { throw .reading(.recognition(error)) }
        let options = RecognitionOptions(languages: parsed, models: RecognitionModels(environment: ProcessInfo.processInfo.environment))
        if loadingWhenNeeded { self.init(deferring: options) } else { try self.init(options: options) }
        self.progress = progress
    }

    /// Loads the models `options` name; a missing or damaged one is the error.
    public convenience init(options: RecognitionOptions) throws(ExportError) {
        do throws(RecognitionError) { self.init(try InkRecognizer(options: options)) } catch { throw .reading(.recognition(error)) }
    }

    public func recognise(_ layer: inout PageLayer) {
        guard options.redo || !layer.hasRecognisedText, !layer.strokes.isEmpty else { return }
        if !options.redo, let text = cache?.text(for: layer) {
            layer.extra[RecognisedText.key] = text
            reused += 1
            return
        }
        guard let recognizer = loadedRecognizer() else { return }
        let page = layer.page
        progress?.doing(.recognising(page: page))
        let entries = recognizer.recognise(layer) { [progress] in
            if let pause = Self.testPause { Thread.sleep(forTimeInterval: pause) }
            progress?.doing(.recognising(page: page))
        }
        layers += 1
        words += entries.count
        layer.setRecognisedText(entries)
        if reportsPages { progress?.finished(page: page) }
    }

    /// Tests only (the watchdog's tests): `INKPDF_TEST_RECOGNITION_PAUSE=SECONDS` waits that long after each line
    /// read, to make recognition slow without a slow machine.
    private static let testPause: Double? = ProcessInfo.processInfo.environment["INKPDF_TEST_RECOGNITION_PAUSE"]
        .flatMap(Double.init).flatMap { $0 > 0 && $0 < 3_600 ? $0 : nil }

    private func loadedRecognizer() -> InkRecognizer? {
        if let recognizer { return recognizer }
        guard failure == nil else { return nil }
        do throws(RecognitionError) { recognizer = try InkRecognizer(options: options) } catch { failure = .reading(.recognition(error)) }
        return recognizer
    }
}
