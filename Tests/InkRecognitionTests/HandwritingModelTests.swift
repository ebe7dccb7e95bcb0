import Foundation
import InkFixtures
@testable import InkRecognition
import Testing

/// inkpdf's own handwriting model, read in Swift as scripts/handwriting/infer.py (the reference,
/// written from the file format with numpy) reads it: the same line image from the same strokes,
/// and the same per-column probabilities from the same image.
@Suite(.timeLimit(.minutes(3)))
struct HandwritingModelTests {
    struct Vectors: Decodable {
        struct Line: Decodable {
            var name: String
            var strokes: [[[Double]]]
            var image_shape: [Int]
            var image_sum: Double
            var image: [[Float]]
            var argmax: [Int]
            var first3_log_probs: [[Float]]
        }
        var lines: [Line]
    }

    static var model: String? { RecognitionModels.installedHandwritingModel }

    @Test func theCommittedModelLoads() throws {
        let path = try #require(Self.model, "no \(RecognitionModels.handwritingModelName) beside the build or in Sources/InkRecognition/Resources")
        let model = try HandwritingModel(path: path)
        #expect(model.height == 48 && model.columnStride == 4)
        #expect(model.charset.contains("a") && model.charset.contains("Z") && model.charset.contains(" ") && model.charset.contains("è"))
    }

    @Test func swiftReadsAsTheReferenceReads() async throws {
        let path = try #require(Self.model)
        let folder = TestFolder()
        let script = HandwritingSamples.root + "/scripts/handwriting/make_vectors.py"
        // Half a second of python: not queued behind the suite's long children (`ChildProcess.slots`).
        let run = try await OutsideTool.python3.outcome([script, "--model", path, "--out", folder.path("vectors.json")], sharingTheCores: false)
        try #require(run.status == 0, "make_vectors.py: \(String(decoding: run.errors, as: UTF8.self))")
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("vectors.json"))))
        let model = try HandwritingModel(path: path)
        #expect(vectors.lines.count >= 3)
        for line in vectors.lines {
            // The image from the strokes: cairo here, Pillow at 4x there.
            let strokes = line.strokes.map { $0.map { (x: $0[0], y: $0[1]) } }
            let image = try #require(HandwritingLineImage(strokes: strokes, height: model.height, normalisation: model.normalisation))
            #expect([image.height, image.width] == line.image_shape, "\(line.name)")
            let sum = Double(image.pixels.reduce(0, +))
            #expect(abs(sum - line.image_sum) <= 0.06 * line.image_sum, "\(line.name): ink \(sum) against \(line.image_sum)")
            // The network on the reference's own image: the same numbers.
            let pixels = line.image.flatMap { $0 }
            let logProbabilities = model.logProbabilities(image: pixels, width: line.image_shape[1])
            let argmax = logProbabilities.map { column in column.indices.max { column[$0] < column[$1] }! }
            #expect(argmax == line.argmax, "\(line.name)")
            for (t, reference) in line.first3_log_probs.enumerated() {
                let largest = zip(logProbabilities[t], reference).map { abs($0 - $1) }.max() ?? 0
                #expect(largest < 2e-3, "\(line.name) column \(t): differs by \(largest)")
            }
        }
    }

    @Test func aDamagedModelIsOneLine() throws {
        #expect(throws: HandwritingModel.LoadError.notAModel("no INKHW001 magic")) { try HandwritingModel(bytes: Array("not a model".utf8)) }
        var bytes = Array("INKHW001".utf8) + [20, 0, 0, 0] + Array("{\"height\": 48}".utf8)
        #expect(throws: HandwritingModel.LoadError.self) { try HandwritingModel(bytes: bytes) }
        bytes = Array("INKHW001".utf8) + [255, 255, 255, 127]
        #expect(throws: HandwritingModel.LoadError.notAModel("its header runs past the end")) { try HandwritingModel(bytes: bytes) }
    }

    @Test func nearWordsComeFromTheLexicon() {
        var lexicon = HandwritingLexicon()
        lexicon.addLocalWords(["convolution", "kernel", "the", "theorem"])
        #expect(lexicon.candidates(near: "konvolution", maximumDistance: 2).first?.word == "convolution")
        #expect(lexicon.candidates(near: "thm", maximumDistance: 1).map(\.word) == ["the"])
        #expect(lexicon.isLocal("Kernel"))
        #expect(HandwritingLexicon.distance(Array("kitten"), Array("sitting"), atMost: 3) == 3)
        #expect(HandwritingLexicon.distance(Array("kitten"), Array("sitting"), atMost: 2) == nil)
    }
}
