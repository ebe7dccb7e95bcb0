import InkRendering

/// One page's ink as PDF content: the operators (uncompressed) and the
/// resources they name. The operators draw in the displayed page's PDF space
/// (points, origin bottom-left, y up, `width` × `height`); they begin with
/// the `cm` that puts the grid and the ink's y-down coordinates there.
///
/// Resource names are fixed by what they stand for (`InkGraphicsState.name`,
/// `InkPattern.name`), the same on every page, so that a document defines
/// each once and each page's resources only list the ones it uses.
public struct InkContent: Sendable, Equatable {
    public var operators: [UInt8]
    /// The ExtGStates `gs` sets, sorted by name.
    public var graphicsStates: [InkGraphicsState]
    /// The grain patterns `scn` paints, sorted by name.
    public var grains: [Grain]
    public var width: Double
    public var height: Double

    public init(operators: [UInt8], graphicsStates: [InkGraphicsState], grains: [Grain], width: Double, height: Double) {
        self.operators = operators
        self.graphicsStates = graphicsStates
        self.grains = grains
        self.width = width
        self.height = height
    }

    /// The same content with its operators deflated (zlib format: `/FlateDecode`).
    /// Pure and thread-safe: call it on the thread that made the content.
    public func compressed(level: Int32 = InkContentCompression.defaultLevel) -> CompressedInkContent {
        CompressedInkContent(deflated: InkContentCompression.deflate(operators, level: level), length: operators.count,
                             graphicsStates: graphicsStates, grains: grains, width: width, height: height)
    }
}

/// `InkContent` with its operators deflated, ready for `IncrementalUpdate`.
public struct CompressedInkContent: Sendable, Equatable {
    /// The operators in zlib format (`/Filter /FlateDecode`).
    public var deflated: [UInt8]
    /// The operators' length before compression.
    public var length: Int
    public var graphicsStates: [InkGraphicsState]
    public var grains: [Grain]
    public var width: Double
    public var height: Double

    public init(deflated: [UInt8], length: Int, graphicsStates: [InkGraphicsState], grains: [Grain], width: Double, height: Double) {
        self.deflated = deflated
        self.length = length
        self.graphicsStates = graphicsStates
        self.grains = grains
        self.width = width
        self.height = height
    }
}

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

extension Grain {
    /// The pattern's resource name in ink content: `/Pencil`, `/Crayon`.
    public var patternName: String {
        switch self {
        case .pencil: "Pencil"
        case .crayon: "Crayon"
        }
    }
}
