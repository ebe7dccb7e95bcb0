import InkCommandLine
import Testing

/// What the command line prints for people holds no control character taken from a file (issue 52).
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain words, é and 東京", "plain words, é and 東京"),
        ("\u{1B}]0;owned\u{07}", "\\x1b]0;owned\\x07"),
        ("a\nb\tc\r\u{0}", "a\\x0ab\\x09c\\x0d\\x00"),
        ("del\u{7F} csi\u{9B}31m nel\u{85} apc\u{9F}", "del\\x7f csi\\x9b31m nel\\x85 apc\\x9f"),
        // Not controls: the last of C1's neighbours, a bidi override, a backslash.
        ("\u{A0}\u{202E}\\x1b", "\u{A0}\u{202E}\\x1b"),
    ])
    func controlCharactersAreWrittenAsHexEscapes(text: String, shown: String) {
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test func everyC0DelAndC1CharacterIsEscapedAndNothingElse() {
        for value in UInt32(0)...0x2FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let escaped = TerminalText.escaped(String(scalar))
            let control = value < 0x20 || (0x7F...0x9F).contains(value)
            #expect(escaped == (control ? "\\x" + (value < 16 ? "0" : "") + String(value, radix: 16) : String(scalar)), "U+\(String(value, radix: 16))")
        }
    }
}
