import Foundation
import Synchronization
import InkFixtures
import InkModel
import Testing

/// The project's handwriting samples (scripts/handwriting_samples.py: Hershey fonts, KanjiVG),
/// written once per test run into a temporary folder, with the words they hold and where.
struct HandwritingSamples {
    struct Word: Decodable {
        var page: Int
        var text: String
        var box: [Double]
        /// The first and last stroke of the word, in its page's layer.
        var strokes: [Int]
        var strokeRange: ClosedRange<Int> { strokes[0]...strokes[1] }
    }

    let folder: String

    /// The package's root, from this file's place.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Writes the samples (once per test process, whichever test asks first); the script's modules come with `make deps`.
    static var shared: Result<HandwritingSamples, SampleError> {
        get async { await written(seed: nil).value }
    }

    /// The samples the script writes with another seed (other jitter of the same words), once each.
    static func seeded(_ seed: Int) async -> Result<HandwritingSamples, SampleError> {
        await written(seed: seed).value
    }

    /// scripts/handwriting_samples.py run into a temporary folder, once per seed (nil: its default), when first asked for.
    private static func written(seed: Int?) -> Task<Result<HandwritingSamples, SampleError>, Never> {
        runs.withLock { runs in
            if let run = runs[seed] { return run }
            let run = Task { await write(seed: seed) }
            runs[seed] = run
            return run
        }
    }

    private static let runs = Mutex<[Int?: Task<Result<HandwritingSamples, SampleError>, Never>]>([:])

    private static func write(seed: Int?) async -> Result<HandwritingSamples, SampleError> {
        let folder = NSTemporaryDirectory() + "inkpdf-handwriting-\(getpid())" + (seed.map { "-seed\($0)" } ?? "")
        let run: ChildProcess.Outcome
        do {
            // Not queued behind the suite's other children (`ChildProcess.slots`): every time-bound
            // recognition test waits for this one short run, and a queue of stalled documents ahead of
            // it took their whole two minutes on CI before it started.
            run = try await OutsideTool.python3.outcome([root + "/scripts/handwriting_samples.py", folder] + (seed.map { ["--seed", String($0)] } ?? []),
                                                        sharingTheCores: false)
        } catch {
            return .failure(SampleError(message: "cannot run python3: \(error)"))
        }
        guard run.status == 0 else {
            return .failure(SampleError(message: "scripts/handwriting_samples.py failed (run make deps): " + String(decoding: run.errors, as: UTF8.self)))
        }
        return .success(HandwritingSamples(folder: folder))
    }

    struct SampleError: Error, CustomStringConvertible { var message: String; var description: String { message } }

    func layers(_ style: String) throws -> [PageLayer] {
        let reader = try InkLayersReader(path: folder + "/\(style).ink.jsonl")
        var layers: [PageLayer] = []
        while let layer = try reader.nextLayer() { layers.append(layer) }
        return layers
    }

    func truth(_ style: String) throws -> [Word] {
        try JSONDecoder().decode([Word].self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/\(style).truth.json")))
    }

    /// The words of `truth` found at their place: an entry made mostly of the word's strokes
    /// (or most of whose strokes are the word's) reads it, first or among its alternatives, as
    /// search matches (ignoring case, with the edit distance search engines allow by default:
    /// none up to 2 letters, 1 up to 5, 2 beyond; CJK exactly).
    static func found(_ truth: [Word], in layers: [PageLayer]) -> (found: Int, missed: [String]) {
        var found = 0, missed: [String] = []
        for word in truth {
            let entries = layers.filter { $0.page == word.page }.flatMap(\.recognisedText)
            let strokes = Set(word.strokeRange)
            let hit = entries.contains { entry in
                let shared = Set(entry.strokes).intersection(strokes).count
                guard shared > 0, Double(shared) >= 0.5 * Double(strokes.count) || Double(shared) >= 0.5 * Double(entry.strokes.count) else { return false }
                return ([entry.text] + entry.alternatives).contains { matches($0, word.text) }
            }
            if hit { found += 1 } else { missed.append(word.text) }
        }
        return (found, missed)
    }

    static func matches(_ reading: String, _ word: String) -> Bool {
        let a = Array(reading.lowercased()), b = Array(word.lowercased())
        let cjk = word.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) }
        let allowed = cjk || b.count <= 2 ? 0 : b.count <= 5 ? 1 : 2
        return editDistance(a, b) <= allowed
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() { current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))) }
            previous = current
        }
        return previous[b.count]
    }
}
