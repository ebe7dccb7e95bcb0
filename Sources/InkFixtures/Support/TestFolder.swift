import Foundation
import InkModel

/// A temporary folder for one test, removed when the value is released.
public final class TestFolder {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Runs `body` with a new folder, removed afterwards.
    public static func with<T>(_ body: (TestFolder) throws -> T) rethrows -> T {
        let folder = TestFolder()
        return try withExtendedLifetime(folder) { try body(folder) }
    }

    /// Runs `body` (which awaits) with a new folder, removed afterwards.
    public static func with<T>(_ body: (TestFolder) async throws -> T) async rethrows -> T {
        let folder = TestFolder()
        defer { withExtendedLifetime(folder) {} }
        return try await body(folder)
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Names of the files in the folder, sorted (hidden temporaries included).
    public var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    public func write(_ text: String, to name: String) -> String {
        let target = path(name)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Writes an ink-layers file with the given layers (plain, or gzip at level 6).
    @discardableResult
    public func writeInk(_ name: String, header: InkLayersHeader = InkLayersHeader(), layers: [PageLayer], gzip: Bool = false) -> String {
        let target = path(name)
        let writer = try! InkLayersWriter(path: target, compressionLevel: gzip ? 6 : nil)
        try! writer.write(header: header)
        for layer in layers { try! writer.write(layer: layer) }
        try! writer.close()
        return target
    }
}

extension TestFolder {
    /// A folder that lasts until the test process ends (for helpers that hand out paths,
    /// not values): removed at exit with every other such folder.
    public static func lastingPath() -> String {
        let folder = TestFolder()
        LastingFolders.keep(folder)
        return folder.url.path
    }
}

/// The folders `lastingPath()` made, removed when the process exits.
private enum LastingFolders {
    nonisolated(unsafe) private static var folders: [TestFolder] = []
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false

    static func keep(_ folder: TestFolder) {
        lock.lock()
        defer { lock.unlock() }
        folders.append(folder)
        if !installed {
            installed = true
            atexit { LastingFolders.removeAll() }
        }
    }

    static func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for folder in folders { try? FileManager.default.removeItem(at: folder.url) }
        folders.removeAll()
    }
}
