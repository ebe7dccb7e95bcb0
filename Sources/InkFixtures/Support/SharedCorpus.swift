import Foundation

/// The shared corpus of real files (`../shared/corpus` beside the repository), read
/// in place and never copied. Tests that need it are enabled by `isAvailable`, so
/// that a machine without it shows them as skipped, with the reason, never as passed.
public enum SharedCorpus {
    /// The repository: the nearest folder above this file that holds `Package.swift`.
    public static let repository: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `../shared/corpus`, from the repository.
    public static let root = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus").standardizedFileURL.path

    /// The path of `relative` inside the corpus (`pdfs/qpdf-rotated.pdf`, `ink/xournalpp/test1.xoj`).
    public static func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    /// Whether the corpus is on this machine.
    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: root) }

    /// The reason a test that needs the corpus gives when it is skipped.
    public static let missing = "the shared corpus (../shared/corpus beside the repository) is not on this machine"
}
