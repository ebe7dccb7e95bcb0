import InkFixtures
import Foundation

/// The `inkpdf` executable this package built (the target depends on it, so it is there).
enum BuiltExecutable {
    static var inkpdf: URL {
        // Test bundles sit beside the products in the build folder.
        var url = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("inkpdf").path) && url.path != "/" {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("inkpdf")
    }
}
