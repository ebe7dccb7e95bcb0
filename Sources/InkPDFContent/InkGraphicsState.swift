import InkModel
import InkRendering

/// An ExtGState ink sets: the alpha of fills and strokes (`/ca`, `/CA`) in
/// thousandths, and the blend mode (`/BM`).
public struct InkGraphicsState: Sendable, Hashable, Comparable {
    public var alphaThousandths: Int
    public var blend: Paint.Blend

    public init(alphaThousandths: Int, blend: Paint.Blend) {
        self.alphaThousandths = alphaThousandths
        self.blend = blend
    }

    /// What a page starts with: opaque, normal blending (no `gs` needed).
    public static let initial = InkGraphicsState(alphaThousandths: 1000, blend: .over)

    /// `/a600` (over, alpha 0.6), `/m1000` (multiply, opaque): one name per state.
    public var name: String { (blend == .over ? "a" : "m") + String(alphaThousandths) }

    /// The dictionary, e.g. `<</Type/ExtGState/ca 0.6/CA 0.6/BM/Normal>>`.
    public var dictionary: [UInt8] {
        var bytes = Array("<</Type/ExtGState/ca ".utf8)
        PDFNumberWriter.appendDecimal(Double(alphaThousandths) / 1000, fractionDigits: 3, to: &bytes)
        bytes += Array("/CA ".utf8)
        PDFNumberWriter.appendDecimal(Double(alphaThousandths) / 1000, fractionDigits: 3, to: &bytes)
        bytes += Array((blend == .over ? "/BM/Normal>>" : "/BM/Multiply>>").utf8)
        return bytes
    }

    public static func < (a: InkGraphicsState, b: InkGraphicsState) -> Bool { a.name < b.name }
}
