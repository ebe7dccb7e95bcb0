import Foundation
@testable import InkRecognition
import Testing

/// A model that is missing or damaged is one located line naming the package, never a crash.
@Suite struct RecognitionModelTests {
    func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "inkpdf-models-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aMissingTesseractModelNamesItsPackage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = RecognitionOptions(languages: try RecognitionLanguage.parse("de"),
                                         models: RecognitionModels(tessdata: folder, zinnia: folder))
        #expect(throws: RecognitionError.modelMissing(path: folder + "/deu.traineddata", language: "de", package: "tesseract-ocr-deu")) {
            try InkRecognizer(options: options)
        }
        let message = RecognitionError.modelMissing(path: folder + "/deu.traineddata", language: "de", package: "tesseract-ocr-deu").description
        #expect(message.contains("apt-get install tesseract-ocr-deu") && !message.contains("\n"))
    }

    @Test func aMissingZinniaModelNamesItsPackage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = RecognitionOptions(languages: try RecognitionLanguage.parse("zh-Hans"),
                                         models: RecognitionModels(tessdata: folder, zinnia: folder))
        #expect(throws: RecognitionError.modelMissing(path: folder + "/handwriting-zh_CN.model", language: "zh-Hans",
                                                      package: "tegaki-zinnia-simplified-chinese")) {
            try InkRecognizer(options: options)
        }
    }

    /// Damaged models: a traineddata whose table points past its end (tesseract would abort the
    /// process on some), one cut short, and a zinnia model of random bytes.
    @Test(arguments: ["table", "short", "zinnia"]) func aDamagedModelIsAnError(kind: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var bytes = Data()
        switch kind {
        case "table":
            withUnsafeBytes(of: Int32(2).littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: Int64(12).littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: Int64(1 << 40).littleEndian) { bytes.append(contentsOf: $0) }
        case "short": bytes = Data([1, 0])
        default: bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        }
        let name = kind == "zinnia" ? "handwriting-ja.model" : "eng.traineddata"
        try bytes.write(to: URL(fileURLWithPath: folder + "/" + name))
        let options = RecognitionOptions(languages: try RecognitionLanguage.parse(kind == "zinnia" ? "ja" : "en"),
                                         models: RecognitionModels(tessdata: folder, zinnia: folder))
        do {
            _ = try InkRecognizer(options: options)
            Issue.record("a damaged \(name) was loaded")
        } catch {
            guard case .modelDamaged(let path, _, let package, _, _) = error else { Issue.record("\(error)"); return }
            #expect(path == folder + "/" + name)
            #expect(package == (kind == "zinnia" ? "tegaki-zinnia-japanese" : "tesseract-ocr-eng"))
            #expect(error.description.contains("--reinstall") && !error.description.contains("\n"))
        }
    }

    @Test func languagesAreBCP47TagsJoinedByPlus() throws {
        #expect(try RecognitionLanguage.parse("en+ja").map(\.tag) == ["en", "ja"])
        #expect(try RecognitionLanguage.parse("zh-Hans+EN+en").map(\.tag) == ["zh-Hans", "en"])
        #expect(throws: RecognitionError.self) { try RecognitionLanguage.parse("en+") }
        #expect(throws: RecognitionError.self) { try RecognitionLanguage.parse("klingon") }
    }
}

/// The engines' libraries are opened when recognition first runs; one that cannot be opened is
/// one line naming its Debian package.
@Suite struct RecognitionLibraryTests {
    @Test func anEngineWhoseLibraryCannotBeOpenedNamesItsPackage() {
        for (result, engine, package) in [(TesseractEngine.open("libinkpdf-absent-tesseract.so.5").map { _ in () }, "tesseract", "libtesseract5"),
                                          (ZinniaRecognizer.open("libinkpdf-absent-zinnia.so.0").map { _ in () }, "zinnia", "libzinnia0")] {
            guard case .failure(let error) = result, case .engineMissing(let named, let library, let named2, let reason) = error else {
                Issue.record("\(engine): a library that is not there was opened"); continue
            }
            #expect(named == engine && named2 == package && library.hasPrefix("libinkpdf-absent-") && reason.contains("libinkpdf-absent-"))
            #expect(error.description.hasSuffix("install it with 'apt-get install \(package)'") && !error.description.contains("\n"))
        }
    }

    @Test func theInstalledLibrariesOpenWithEveryFunction() throws {
        _ = try TesseractEngine.library.get()
        _ = try ZinniaRecognizer.library.get()
    }
}

/// zinnia's readings re-ranked by how common a character is (JIS X 0208's levels, by iconv).
@Suite struct CommonCharacterTests {
    @Test func levelsComeFromTheJapaneseCharacterSet() {
        #expect(CommonCharacters.level("日") == 0 && CommonCharacters.level("あ") == 0 && CommonCharacters.level("ア") == 0)
        #expect(CommonCharacters.level("曰") == 1 && CommonCharacters.level("閘") == 1)
        #expect(CommonCharacters.level("𠮷") == 2 && CommonCharacters.level("丟") == 2)
    }

    @Test func aRareCharacterScoredJustAboveACommonOneComesSecond() {
        let readings = [(text: "曰", score: 0.33), (text: "日", score: -0.76), (text: "丹", score: -1.05)]
        #expect(CommonCharacters.reranked(readings).map(\.text) == ["日", "丹", "曰"])
        // Far ahead, the rare one keeps its place; between equals, zinnia's order stays.
        #expect(CommonCharacters.reranked([(text: "曰", score: 2.0), (text: "日", score: -0.5)]).map(\.text) == ["曰", "日"])
        #expect(CommonCharacters.reranked([(text: "丹", score: -1), (text: "日", score: -1)]).map(\.text) == ["丹", "日"])
    }
}
