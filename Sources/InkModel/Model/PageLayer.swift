/// One line of an ink-layers file after the header: the strokes of one layer on one page.
public struct PageLayer: Sendable, Equatable {
    /// 1-based page number in the PDF.
    public var page: Int
    public var layer: String?
    public var strokes: [Stroke]
    public var extra: JSONObject

    public init(page: Int, layer: String? = nil, strokes: [Stroke], extra: JSONObject = JSONObject()) {
        self.page = page
        self.layer = layer
        self.strokes = strokes
        self.extra = extra
    }
}
