import Foundation

/// Base64url without padding (RFC 7515 §2), decoded strictly: only the 64 URL-safe
/// characters, no `=`, no whitespace, no length that leaves 6 stray bits, and no
/// non-zero bits in the last character's unused part (so every value has one spelling).
enum Base64URL {
    static func decode(_ text: Substring) -> [UInt8]? {
        guard text.count % 4 != 1 else { return nil }
        var standard = ""
        standard.reserveCapacity(text.utf8.count + 3)
        for character in text.unicodeScalars {
            switch character {
            case "A"..."Z", "a"..."z", "0"..."9": standard.unicodeScalars.append(character)
            case "-": standard.append("+")
            case "_": standard.append("/")
            default: return nil
            }
        }
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        guard let data = Data(base64Encoded: standard) else { return nil }
        let bytes = [UInt8](data)
        guard encode(bytes) == text else { return nil } // rejects non-zero unused bits
        return bytes
    }

    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
