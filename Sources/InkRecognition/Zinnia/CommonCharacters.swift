import Foundation
import Synchronization

/// How common a CJK character is, told by the Japanese industrial standard's character set
/// (JIS X 0208) as glibc's iconv encodes it in EUC-JP: kana, symbols and the first level of kanji
/// (the everyday ones) are common; the second level (rarer kanji) less; what the set does not hold
/// least. zinnia reads strokes alone, so a rare character drawn like a common one (曰 for 日,
/// 閘 for 間, 廾 for 大) may score first; its readings are re-ranked with a penalty by level.
enum CommonCharacters {
    /// The score zinnia's reading loses per level below the first. zinnia's scores are margins:
    /// 曰 came 1.09 above 日; over the samples' 8 seeds, 1 to 5 found the same words (0.2: fewer).
    static let penalty = 1.5

    /// `readings` (best first) re-ranked: each score lowered by `penalty` × its character's level.
    static func reranked(_ readings: [(text: String, score: Double)]) -> [(text: String, score: Double)] {
        return readings.enumerated().map { (offset: $0.offset, text: $0.element.text, score: $0.element.score - penalty * Double(level($0.element.text))) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.offset < $1.offset }
            .map { (text: $0.text, score: $0.score) }
    }

    private static let cache = Mutex<[String: Int]>([:])

    /// 0: kana, symbols or a first-level kanji; 1: a second-level kanji; 2: not in JIS X 0208.
    static func level(_ text: String) -> Int {
        if let known = cache.withLock({ $0[text] }) { return known }
        let level = encodedLevel(text)
        cache.withLock { $0[text] = level }
        return level
    }

    /// The level from the EUC-JP bytes: the first byte of a JIS X 0208 character is its row + 0xA0;
    /// rows 16–47 hold the first level of kanji, 48–84 the second, rows below 16 kana and symbols.
    /// The corresponding C functions are `iconv_open` and `iconv`.
    private static func encodedLevel(_ text: String) -> Int {
        let converter = iconv_open("EUC-JP", "UTF-8")
        guard converter != iconv_t(bitPattern: -1) else { return 0 }
        defer { iconv_close(converter) }
        var input = Array(text.utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: 16)
        let converted: Int = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = inBuffer.baseAddress
                var outPointer: UnsafeMutablePointer<CChar>? = outBuffer.baseAddress
                var inLeft = inBuffer.count, outLeft = outBuffer.count
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else { return -1 }
                return outBuffer.count - outLeft
            }
        }
        guard converted > 0 else { return 2 }
        let bytes = output.prefix(converted).map { UInt8(bitPattern: $0) }
        guard bytes.count == 2 else { return bytes.count == 1 ? 0 : 2 }
        switch bytes[0] {
        case 0xB0...0xCF: return 0
        case 0xD0...0xF4: return 1
        case 0xA1...0xAF: return 0
        default: return 2
        }
    }
}
