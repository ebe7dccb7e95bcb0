import Foundation

/// A fresh private folder for one input of a check (the input saved as a file, the layers an
/// importer writes, what it extracts), removed with everything in it when the check ends. One per
/// input, so that the regression tests can run a target's inputs at once.
enum ScratchFolder {
    /// Runs `body` with the path of a new folder in the temporary directory, then removes the folder;
    /// nil when no folder can be made.
    static func with<Result>(_ target: String, _ body: (String) -> Result?) -> Result? {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("inkpdf-\(target)-fuzz-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return body(folder)
    }

    /// `bytes` saved as `name` in `folder`; nil when they cannot be.
    static func save(_ bytes: UnsafeRawBufferPointer, as name: String, in folder: String) -> String? {
        let path = folder + "/" + name
        return FileManager.default.createFile(atPath: path, contents: Data(bytes)) ? path : nil
    }
}
