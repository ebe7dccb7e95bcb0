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

    /// The bytes of a name as a person reads it: UTF-8 where they are UTF-8, and each byte that is not
    /// as `\xHH` (a name written in Latin-1 elsewhere: `caf\xe9.pdf`), so that no name is shown as
    /// another's.
    public static func shown(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var shown = "", index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = switch lead {
            case 0..<0x80: 1
            case 0xC2..<0xE0: 2
            case 0xE0..<0xF0: 3
            case 0xF0..<0xF5: 4
            default: 0
            }
            if length > 0, index + length <= bytes.count, let piece = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                shown += piece
                index += length
            } else {
                let digits = Array("0123456789abcdef")
                shown += "\\x" + String(digits[Int(lead >> 4)]) + String(digits[Int(lead & 0xF)])
                index += 1
            }
        }
        return shown
    }

    /// Calls `body` with `path` as a C string (its bytes and a NUL).
    public static func withCString<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
