import Foundation
import InkFixtures

/// The shared corpus of other tools' files (its `ink/` folder), read in place (never copied into the repository).
enum CorpusLocation {
    static let root = SharedCorpus.path("ink")

    static func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: root) }
}
