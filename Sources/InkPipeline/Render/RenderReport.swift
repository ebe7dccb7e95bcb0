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
}
