import Foundation

/// Paper without a PDF under it.
public struct Paper: Sendable, Equatable {
    public enum Ruling: String, Sendable, Equatable, CaseIterable {
        case plain, lined, ruled, graph, dotted, isometricGraph, isometricDotted, staves
    }

    public var color: RGBAColor
    public var ruling: Ruling
    /// An image filling the page (PNG or JPEG bytes), drawn instead of the ruling.
    public var image: [UInt8]?

    public init(color: RGBAColor = RGBAColor(red: 1, green: 1, blue: 1), ruling: Ruling = .plain, image: [UInt8]? = nil) {
        self.color = color
        self.ruling = ruling
        self.image = image
    }
}
