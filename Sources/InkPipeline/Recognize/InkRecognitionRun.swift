import Foundation
import InkFileSystem
import InkImport
import InkModel

/// `--recognize` in a command that draws ink (`flatten`, `export`, and `batch` and the service through them):
/// the recogniser, given as its cache what an earlier run of the same languages left beside the same output
/// (`RecognitionCache`), and for ink-layers ink the recognised copy drawn in the ink's place.
///
/// Where the words are kept for the next run: an ink-layers sidecar records the languages in its header
/// (`headerRecord`); another tool's document, kept beside the output as it is, gets its layers with their
/// `text` entries beside it as ink-layers too (`NAME.ink.jsonl.gz`, `SidecarOutput.start(recognisedLayersOf:)`).
final class InkRecognitionRun {
    let recognition: LayerRecognition
    /// BCP 47 tags joined by `+`, as given.
    let languages: String
    /// Ink-layers ink with its layers recognised, drawn in its place; removed with the run.
    let recognisedCopy: String?

    /// Nil without `languages`. The models are loaded when a layer first needs them: not at all when every layer
    /// has `text` entries or the cache beside `output` has them; a missing one is then the error of `checkLoaded`,
    /// before anything is written.
    static func start(languages: String?, ink: String, format: InkFormat?, output: String,
                      progress: PageProgress?) throws(ExportError) -> InkRecognitionRun? {
        guard let languages else { return nil }
        let cache = RecognitionCache(sidecar: Flattener.sidecarPath(forOutput: output), languages: languages)
        guard let recognition = try LayerRecognition(languages: languages, progress: progress, loadingWhenNeeded: true) else { return nil }
        recognition.cache = cache
        let copy = try recognisedInkLayers(ink, format: format, recognition: recognition)
        return InkRecognitionRun(recognition: recognition, languages: languages, recognisedCopy: copy)
    }

    private init(recognition: LayerRecognition, languages: String, recognisedCopy: String?) {
        self.recognition = recognition
        self.languages = languages
        self.recognisedCopy = recognisedCopy
    }

    deinit { if let recognisedCopy { try? FileSystem.remove(recognisedCopy) } }

    /// What an ink-layers sidecar's header records of the run: `"recognised":"LANGUAGES"` in its `source`.
    var headerRecord: (key: String, value: JSONValue) { (Flattener.recognisedKey, .string(languages)) }

    /// Throws when the models could not be loaded when first needed (some layers were then left unread).
    func checkLoaded() throws(ExportError) {
        if let failure = recognition.failure { throw failure }
    }

    /// Ink-layers ink recognised into a temporary ink-layers file to draw; nil for another tool's document or a
    /// PDF's annotations, recognised as they are read (`InkSource.open`).
    private static func recognisedInkLayers(_ inkPath: String, format: InkFormat?, recognition: LayerRecognition) throws(ExportError) -> String? {
        // A file that is not there, or plainly not ink, is told by `InkSource.open` as always.
        guard FileManager.default.fileExists(atPath: inkPath) else { return nil }
        let detected = format ?? InkImporter.detectFormat(path: inkPath)
        if detected == nil { try InkSource.refuseWhatIsNotInk(inkPath) }
        guard detected == nil || detected == .inkLayers else { return nil }
        return try RecognisedInkLayers.write(ink: inkPath, recognition: recognition)
    }
}
