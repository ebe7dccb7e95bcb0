/// File names made from names a user typed on a tablet (`visibleName`), which
/// may hold anything: the same name always gives the same file name, on every
/// machine.
enum OutputName {
    /// The most bytes a name keeps, leaving room in a 255-byte file name for a
    /// collision suffix, `.pdf`, the sidecar's `.rmdoc` and a temporary file's affixes.
    static let maximumBytes = 200

    /// One path component: `/`, NUL and other control characters become `_`, as
    /// do leading dots (no hidden files, no `.` or `..`); an empty name becomes
    /// `fallback`; a long name is cut at a character boundary to `maximumBytes`.
    static func component(_ name: String, fallback: String) -> String {
        var out = ""
        var leading = true
        for scalar in name.unicodeScalars {
            if scalar == "/" || scalar.value < 0x20 || scalar.value == 0x7F || (leading && scalar == ".") {
                out.unicodeScalars.append("_")
            } else {
                out.unicodeScalars.append(scalar)
                leading = false
            }
        }
        if out.isEmpty { return fallback.isEmpty ? "_" : component(fallback, fallback: "_") }
        if out.utf8.count > maximumBytes {
            var cut = ""
            for character in out {
                guard cut.utf8.count + character.utf8.count <= maximumBytes else { break }
                cut.append(character)
            }
            out = cut
        }
        return out
    }

    /// `NAME.pdf` for a document shown as `name` (an ending `.pdf` is not doubled).
    static func pdfFile(_ name: String, fallback: String) -> String {
        var stem = name
        if stem.lowercased().hasSuffix(".pdf"), stem.utf8.count > 4 { stem = String(stem.dropLast(4)) }
        return component(stem, fallback: fallback) + ".pdf"
    }

    /// `DIR/NAME (SUFFIX).pdf`.
    static func suffixed(_ relativePath: String, _ suffix: String) -> String {
        String(relativePath.dropLast(4)) + " (" + suffix + ").pdf"
    }
}
