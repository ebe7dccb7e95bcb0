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
    /// Which strokes of the page's packed strokes it draws (`/InkPDF:Strokes`): the layer
    /// (1-based, in the page's order), the first stroke (1-based, in the layer) and how many.
    public var strokes: StrokeRange

    public struct StrokeRange: Sendable, Equatable {
        public var layer: Int
        public var first: Int
        public var count: Int

        public init(layer: Int, first: Int, count: Int) {
            self.layer = layer
            self.first = first
            self.count = count
        }
    }

    public init(keys: [UInt8], rect: [Double], appearance: CompressedInkContent, strokes: StrokeRange) {
        self.keys = keys
        self.rect = rect
        self.appearance = appearance
        self.strokes = strokes
    }
}

/// One page's `/Ink` annotations and the full-fidelity copy of the strokes they draw:
/// `PackedLayers` of the page's layers, deflated, one stream the page's annotations share.
public struct InkAnnotationPage: Sendable, Equatable {
    public var annotations: [InkAnnotation]
    public var packedStrokes: [UInt8]

    public init(annotations: [InkAnnotation], packedStrokes: [UInt8]) {
        self.annotations = annotations
        self.packedStrokes = packedStrokes
    }
}
