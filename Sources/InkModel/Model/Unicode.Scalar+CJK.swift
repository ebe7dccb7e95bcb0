extension Unicode.Scalar {
    /// Han ideographs, hiragana, katakana and Hangul: scripts written without spaces between words
    /// (search reads them character by character; the text layer does not weigh their readers' confidence).
    public var isCJK: Bool {
        if properties.isIdeographic { return true }
        switch value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,   // kana, halfwidth katakana
             0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF:   // Hangul
            return true
        default:
            return false
        }
    }
}
