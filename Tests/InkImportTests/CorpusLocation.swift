import Foundation

/// The shared corpus of other tools' files, read in place (never copied into the repository).
enum CorpusLocation {
    static let root: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus/ink").path
    }()

    static func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: root) }
}
