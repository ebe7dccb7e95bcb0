import Foundation

/// The byte strings a typed password can stand for, in the order to try them.
///
/// Neither poppler nor qpdf's library transcodes a password: each compares
/// the bytes it is given. What the file expects depends on its encryption:
/// AES-256 (R5, R6) takes SASLprep-normalised UTF-8, whose normalisation step
/// is NFKC, so a password typed in another composition (a decomposed é) must
/// be tried in that form too; RC4 and AES-128 (R2–R4) take PDFDocEncoding,
/// which agrees with Latin-1 for the letters people type. Flatten (poppler)
/// and export (qpdf) open files with the same list, so one password opens a
/// file for both.
public enum PasswordCandidates {
    /// `[nil]` without a password; else its UTF-8 bytes, then its NFKC form's
    /// UTF-8 bytes, then its Latin-1 bytes (as typed, then precomposed), each
    /// only where it differs from those before. No candidate holds a terminating NUL.
    public static func forms(of password: String?) -> [[UInt8]?] {
        guard let password else { return [nil] }
        var forms: [[UInt8]] = [Array(password.utf8)]
        func add(_ form: [UInt8]) { if !forms.contains(form) { forms.append(form) } }
        add(Array(password.precomposedStringWithCompatibilityMapping.utf8))
        for text in [password, password.precomposedStringWithCanonicalMapping] {
            if let latin1 = text.data(using: .isoLatin1) { add([UInt8](latin1)) }
        }
        return forms
    }

    /// Calls `body` with `bytes` as a NUL-terminated C string (nil for nil), as both libraries take it.
    public static func withCString<T>(_ bytes: [UInt8]?, _ body: (UnsafePointer<CChar>?) throws -> T) rethrows -> T {
        guard let bytes else { return try body(nil) }
        return try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress) }
        }
    }
}
