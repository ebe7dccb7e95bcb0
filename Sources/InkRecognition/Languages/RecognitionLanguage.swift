import Foundation
import InkFileSystem

/// A language `--lang` may name (a BCP 47 tag), and the models that read it: tesseract's
/// trained data for lines of text, zinnia's model for CJK characters written stroke by stroke.
public struct RecognitionLanguage: Sendable, Equatable {
    /// The tag written into the `text` entries (`en`, `ja`, `zh-Hans`).
    public var tag: String
    /// tesseract's name of the language (`eng`, `jpn`, `chi_sim`).
    public var tesseract: String
    /// The Debian package that installs `tesseract`.traineddata.
    public var tesseractPackage: String
    /// zinnia's model file (under the models folder) for a CJK language; nil for the others.
    public var zinniaModel: String?
    /// The Debian package that installs the zinnia model.
    public var zinniaPackage: String?

    public var isCJK: Bool { zinniaModel != nil }

    /// The languages inkpdf knows, by every tag that names them (lower case).
    static let known: [(tags: [String], language: RecognitionLanguage)] = [
        (["en"], latin("en", "eng")), (["de"], latin("de", "deu")), (["fr"], latin("fr", "fra")),
        (["es"], latin("es", "spa")), (["it"], latin("it", "ita")), (["pt"], latin("pt", "por")),
        (["nl"], latin("nl", "nld")), (["sv"], latin("sv", "swe")), (["pl"], latin("pl", "pol")),
        (["ja", "ja-jp", "ja-jpan"], RecognitionLanguage(tag: "ja", tesseract: "jpn", tesseractPackage: "tesseract-ocr-jpn",
                                                        zinniaModel: "handwriting-ja.model", zinniaPackage: "tegaki-zinnia-japanese")),
        (["zh", "zh-hans", "zh-cn", "zh-sg", "zh-hans-cn"],
         RecognitionLanguage(tag: "zh-Hans", tesseract: "chi_sim", tesseractPackage: "tesseract-ocr-chi-sim",
                             zinniaModel: "handwriting-zh_CN.model", zinniaPackage: "tegaki-zinnia-simplified-chinese")),
    ]

    private static func latin(_ tag: String, _ tesseract: String) -> RecognitionLanguage {
        RecognitionLanguage(tag: tag, tesseract: tesseract, tesseractPackage: "tesseract-ocr-" + tesseract)
    }

    /// The languages of a `--lang` value: BCP 47 tags joined by `+` (`en+ja`), each once.
    public static func parse(_ value: String) throws(RecognitionError) -> [RecognitionLanguage] {
        var languages: [RecognitionLanguage] = []
        for part in value.split(separator: "+", omittingEmptySubsequences: false) {
            let tag = part.lowercased()
            guard let language = known.first(where: { $0.tags.contains(tag) })?.language else {
                throw .unknownLanguage(String(part), known: known.map { $0.language.tag })
            }
            if !languages.contains(language) { languages.append(language) }
        }
        return languages
    }
}

/// Where the models are: tesseract's `tessdata` folder and zinnia's models folder.
public struct RecognitionModels: Sendable, Equatable {
    public var tessdata: String
    public var zinnia: String
    /// inkpdf's own handwriting model (`HandwritingModel`): `INKPDF_HANDWRITING_MODEL` (`none`: no model, tesseract
    /// reads Latin lines), else the copy built beside the executable or installed under `PREFIX/share/inkpdf`
    /// (nil when none is there).
    public var handwriting: String?
    /// Whether `INKPDF_HANDWRITING_MODEL` named the model (it is then used whatever the default engine).
    public var handwritingNamed = false

    /// Debian's folders, or `TESSDATA_PREFIX` (tesseract's own variable) and `INKPDF_ZINNIA_MODELS`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        tessdata = environment["TESSDATA_PREFIX"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/tesseract-ocr/5/tessdata"
        zinnia = environment["INKPDF_ZINNIA_MODELS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/tegaki/models/zinnia"
        // `none`: tesseract reads Latin lines as before the model (the benchmark's comparison).
        switch environment["INKPDF_HANDWRITING_MODEL"] {
        case "none": handwriting = nil
        case let path? where !path.isEmpty: handwriting = path; handwritingNamed = true
        default: handwriting = Self.installedHandwritingModel
        }
    }

    /// The model's file name.
    public static let handwritingModelName = "handwriting-latin.bin"

    /// Where a build or an install put the handwriting model: SwiftPM's resource folder beside the
    /// executable (`.build/release/inkpdf_InkRecognition.resources/`), `../share/inkpdf/` from the
    /// executable (`make install`), or the source tree this was built from.
    public static let installedHandwritingModel: String? = {
        var folders: [String] = []
        if let executable = FileSystem.executablePath {
            let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            folders.append(folder.appendingPathComponent("inkpdf_InkRecognition.resources").path)
            folders.append(folder.deletingLastPathComponent().appendingPathComponent("share/inkpdf").path)
        }
        folders.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources").path)
        return folders.map { $0 + "/" + handwritingModelName }.first { FileManager.default.isReadableFile(atPath: $0) }
    }()

    public init(tessdata: String, zinnia: String, handwriting: String? = nil) {
        self.tessdata = tessdata
        self.zinnia = zinnia
        self.handwriting = handwriting
    }

    func tesseractModel(_ language: RecognitionLanguage) -> String {
        (tessdata as NSString).appendingPathComponent(language.tesseract + ".traineddata")
    }

    func zinniaModel(_ language: RecognitionLanguage) -> String? {
        language.zinniaModel.map { (zinnia as NSString).appendingPathComponent($0) }
    }
}
