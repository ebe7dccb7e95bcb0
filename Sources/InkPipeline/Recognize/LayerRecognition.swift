import Foundation
import InkModel
import InkRecognition

/// Gives layers `text` entries as they pass on their way to an output: each layer that has
/// none (every layer with `redo`), counting what it recognised. One recogniser (its models
/// loaded once) for all the layers, used by one thread at a time.
public final class LayerRecognition: @unchecked Sendable {
    private let recognizer: InkRecognizer
    public private(set) var layers = 0
    public private(set) var words = 0
    /// Told after each layer recognised, with its page.
    public var progress: PageProgress?

    public init(_ recognizer: InkRecognizer) { self.recognizer = recognizer }

    /// For `languages` (BCP 47 tags joined by `+`; nil: no recognition, nil), the models from the environment.
    public convenience init?(languages: String?, progress: PageProgress?) throws(ExportError) {
        guard let languages else { return nil }
        let parsed: [RecognitionLanguage]
        do throws(RecognitionError) { parsed = try RecognitionLanguage.parse(languages) } catch { throw .recognition(error) }
        try self.init(options: RecognitionOptions(languages: parsed, models: RecognitionModels(environment: ProcessInfo.processInfo.environment)))
        self.progress = progress
    }

    /// Loads the models `options` name; a missing or damaged one is the error.
    public convenience init(options: RecognitionOptions) throws(ExportError) {
        do throws(RecognitionError) { self.init(try InkRecognizer(options: options)) } catch { throw .recognition(error) }
    }

    public func recognise(_ layer: inout PageLayer) {
        guard recognizer.options.redo || !layer.hasRecognisedText, !layer.strokes.isEmpty else { return }
        let entries = recognizer.recognise(layer)
        layers += 1
        words += entries.count
        layer.setRecognisedText(entries)
        progress?.finished(page: layer.page)
    }
}
