/// One `/Ink` annotation ready to be appended (`IncrementalUpdate.addAnnotations`):
/// everything but the object numbers it refers to, made on the ink feed's threads.
public struct InkAnnotation: Sendable, Equatable {
    /// The annotation's keys as PDF text (`/Type/Annot/Subtype/Ink/Rect[…]/InkList[…]…`),
    /// without `/P`, `/AP` and inkpdf's private keys, which the update adds.
    public var keys: [UInt8]
    /// `/Rect`, in the page's default user space: the appearance's `/BBox`.
    public var rect: [Double]
    /// The appearance: the ink as inkpdf draws it, in default user space (`InkContent.placement`).
    public var appearance: CompressedInkContent
    /// The deflated ink-layers line of what the annotation draws (`/InkPDF:Layer`).
    public var layerLine: [UInt8]

    public init(keys: [UInt8], rect: [Double], appearance: CompressedInkContent, layerLine: [UInt8]) {
        self.keys = keys
        self.rect = rect
        self.appearance = appearance
        self.layerLine = layerLine
    }
}
