import Foundation
import InkModel
import InkRendering

/// What a render wrote.
public struct RenderReport: Sendable, Equatable {
    /// The PNG files, in page order.
    public var images: [String]
    public var strokeCount: Int
    /// One line each, e.g. an ink type this version does not know, named once.
    public var warnings: [String]
    /// Information, not warnings: for a PDF's annotations as ink, what each page's became ("page 3: 2 Ink → 5 strokes").
    public var summary: [String] = []
}
