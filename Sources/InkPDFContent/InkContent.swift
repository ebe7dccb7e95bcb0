import InkRendering
import LibDeflate

/// One page's ink as PDF content: the operators (uncompressed) and the
/// resources they name. The operators draw in the displayed page's PDF space
/// (points, origin bottom-left, y up, `width` × `height`); they begin with
/// the `cm` that puts the grid and the ink's y-down coordinates there.
///
/// Resource names are fixed by what they stand for (`InkGraphicsState.name`,
/// `Grain.patternName`), the same on every page, so that a document defines
/// each once and each page's resources only list the ones it uses.
public struct InkContent: Sendable, Equatable {
    public var operators: [UInt8]
    /// The ExtGStates `gs` sets, sorted by name.
    public var graphicsStates: [InkGraphicsState]
    /// The grain patterns `scn` paints, sorted by name.
    public var grains: [Grain]
    public var width: Double
    public var height: Double
    /// The matrix the operators' `cm` joined to the grid's (`InkContentWriter.content(placement:)`); nil for a page's form.
    public var placement: [Double]?

    public init(operators: [UInt8], graphicsStates: [InkGraphicsState], grains: [Grain], width: Double, height: Double) {
        self.operators = operators
        self.graphicsStates = graphicsStates
        self.grains = grains
        self.width = width
        self.height = height
    }

    /// The same content with its operators deflated (zlib format: `/FlateDecode`) by
    /// `compressor` (libdeflate), which a page loop keeps and reuses. Pure: call it on the
    /// thread that made the content, with that thread's compressor.
    public func compressed(with compressor: inout InkContentCompression.Compressor) -> CompressedInkContent {
        var compressed = CompressedInkContent(deflated: compressor.zlib(operators), length: operators.count,
                                              graphicsStates: graphicsStates, grains: grains, width: width, height: height)
        compressed.placement = placement
        return compressed
    }

    /// The same content deflated at the ink's level (`InkContentCompression.inkLevel`) with a
    /// compressor of its own: for one page; a loop passes its compressor to `compressed(with:)`.
    public func compressed() -> CompressedInkContent {
        var compressor = InkContentCompression.inkCompressor()
        return compressed(with: &compressor)
    }
}

extension Grain {
    /// The pattern's resource name in ink content: `/Pencil`, `/Crayon`, `/Dots1` … `/Dots16`.
    public var patternName: String {
        switch self {
        case .pencil: "Pencil"
        case .crayon: "Crayon"
        case .stipple(let level): "Dots\(level)"
        }
    }
}
