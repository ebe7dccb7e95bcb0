import InkRendering

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
    /// See `InkContent.placement`.
    public var placement: [Double]?
    /// The handwriting's words, shown invisibly over the ink (`HandwritingFont`) where the
    /// content is laid on a page; in the content's frame. Empty: no text layer.
    public var text: [HandwritingWord] = []
    /// Only `text`, no ink: the words of a page whose ink is drawn otherwise (by cairo, under
    /// an imported page's text boxes or images). Laid on a page, it adds no form, only the text.
    public private(set) var isTextOnly = false

    public init(deflated: [UInt8], length: Int, graphicsStates: [InkGraphicsState], grains: [Grain], width: Double, height: Double) {
        self.deflated = deflated
        self.length = length
        self.graphicsStates = graphicsStates
        self.grains = grains
        self.width = width
        self.height = height
    }

    /// The words `text` alone, in a frame `width` × `height` points (the ink's frame).
    public static func textOnly(_ text: [HandwritingWord], width: Double, height: Double) -> CompressedInkContent {
        var content = CompressedInkContent(deflated: [], length: 0, graphicsStates: [], grains: [], width: width, height: height)
        content.text = text
        content.isTextOnly = true
        return content
    }
}
