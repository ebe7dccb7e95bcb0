/// The parts of a path name, split on `/` in the string itself.
///
/// Foundation's `NSString.deletingLastPathComponent` traps on a name of one
/// character (`"x"`, `"-"`, `"."`, `"é"`: swift-corelibs-foundation 6.3), which
/// any output name a user types can be; every folder-of-a-path question goes
/// through here instead.
public enum PathName {
    /// The folder part of `path`: `"out/a.pdf"` → `"out"`, `"/a.pdf"` → `"/"`,
    /// `"a.pdf"` → `""` (the current folder); trailing slashes are ignored.
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// `name` inside `folder` (`folder` empty: `name` alone).
    public static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
