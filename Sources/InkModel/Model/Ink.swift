
/// The tool a stroke was drawn with (`PKInk`).
public struct Ink: Sendable, Equatable {
    public var type: InkType
    /// The colour exactly as the file wrote it (`#RRGGBB` or `#RRGGBBAA`).
    public var colorText: String
    /// The parsed colour.
    public var color: RGBAColor
    /// The tool's nominal width, for display only.
    public var width: Double?
    public var extra: JSONObject

    public init(type: InkType, colorText: String, color: RGBAColor, width: Double? = nil, extra: JSONObject = JSONObject()) {
        self.type = type
        self.colorText = colorText
        self.color = color
        self.width = width
        self.extra = extra
    }

    /// An ink from a colour; the text is written as `#RRGGBBAA`.
    public init(type: InkType, color: RGBAColor, width: Double? = nil) {
        self.init(type: type, colorText: color.hexString, color: color, width: width)
    }
}
