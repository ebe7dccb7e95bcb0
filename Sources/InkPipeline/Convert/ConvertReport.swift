import Foundation
import InkFileSystem
import InkModel

/// What a conversion wrote, and what it could not carry (one line each).
public struct ConvertReport: Sendable, Equatable {
    public var output: String
    public var format: InkFormat
    public var pageCount: Int
    public var strokeCount: Int
    public var notes: [String]
    /// With recognition: the layers recognised and the `text` entries they were given.
    public var recognisedLayers = 0
    public var recognisedWords = 0
}
