import Foundation
import InkModel
import InkRecognition
import Testing

@Suite struct RecognitionTests {
    func recognised(_ style: String, lang: String) throws -> (found: Int, total: Int, missed: [String], layers: [PageLayer]) {
        let samples = try HandwritingSamples.shared.get()
        let recognizer = try InkRecognizer(options: RecognitionOptions(languages: try RecognitionLanguage.parse(lang)))
        var layers = try samples.layers(style)
        for index in layers.indices { layers[index].setRecognisedText(recognizer.recognise(layers[index])) }
        let truth = try samples.truth(style)
        let result = HandwritingSamples.found(truth, in: layers)
        return (result.found, truth.count, result.missed, layers)
    }

    @Test(.timeLimit(.minutes(2))) func printLikeWordsAreFoundAtTheirPlace() throws {
        let result = try recognised("print", lang: "en")
        #expect(Double(result.found) >= 0.95 * Double(result.total), "found \(result.found) of \(result.total); missed \(result.missed)")
        // Every entry is tesseract's, in English, names strokes of its layer once each, and none is empty.
        for layer in result.layers {
            for entry in layer.recognisedText {
                #expect(entry.source == "tesseract" && entry.lang == "en")
                #expect(Set(entry.strokes).count == entry.strokes.count && entry.strokes.allSatisfy(layer.strokes.indices.contains))
                #expect(entry.confidence.map { (0...1).contains($0) } ?? false)
            }
        }
    }

    @Test(.timeLimit(.minutes(2))) func cursiveWordsAreFoundAtTheirPlace() throws {
        let result = try recognised("cursive", lang: "en")
        #expect(Double(result.found) >= 0.60 * Double(result.total), "found \(result.found) of \(result.total); missed \(result.missed)")
    }

    /// Japanese words read by zinnia from their strokes, character by character, alone (`ja`) and
    /// with English (`en+ja`: tesseract tells the CJK lines); every entry is zinnia's, in Japanese.
    @Test(.timeLimit(.minutes(2)), arguments: ["ja", "en+ja"]) func japaneseWordsAreFoundAtTheirPlace(lang: String) throws {
        let result = try recognised("japanese", lang: lang)
        #expect(Double(result.found) >= 0.85 * Double(result.total), "found \(result.found) of \(result.total); missed \(result.missed)")
        for entry in result.layers.flatMap(\.recognisedText) {
            #expect(entry.source == "zinnia" && entry.lang == "ja", "\(entry.text): \(entry.source ?? "-") \(entry.lang ?? "-")")
        }
    }

    /// With Japanese asked for too, English lines stay tesseract's.
    @Test(.timeLimit(.minutes(2))) func englishLinesStayLatinWithJapaneseAskedFor() throws {
        let result = try recognised("print", lang: "en+ja")
        #expect(Double(result.found) >= 0.95 * Double(result.total), "found \(result.found) of \(result.total); missed \(result.missed)")
    }

    /// The entries follow the ink: no stroke is given to two words of one layer, and each word's strokes
    /// lie in one line (an entry never spans two lines of the page).
    @Test(.timeLimit(.minutes(2))) func entriesNameEachStrokeOnceAndStayInTheirLine() throws {
        let result = try recognised("print", lang: "en")
        for layer in result.layers {
            var seen = Set<Int>()
            for entry in layer.recognisedText {
                for stroke in entry.strokes { #expect(seen.insert(stroke).inserted, "stroke \(stroke) is in two entries") }
                let box = try #require(layer.box(of: entry))
                #expect(box.height < 60, "\(entry.text): \(box) spans more than a line")
            }
        }
    }

    @Test func aLayerWithoutStrokesHasNoText() throws {
        let recognizer = try InkRecognizer(options: RecognitionOptions(languages: try RecognitionLanguage.parse("en")))
        #expect(recognizer.recognise(PageLayer(page: 1, strokes: [])).isEmpty)
    }
}
