/// A sink that changes each layer before handing it on (an import's layers recognised as they are
/// written, for `--recognize` over another tool's document).
public final class TransformingLayerSink: LayerSink {
    private let inner: any LayerSink
    private let transform: (inout PageLayer) -> Void

    public init(_ inner: any LayerSink, transform: @escaping (inout PageLayer) -> Void) {
        self.inner = inner
        self.transform = transform
    }

    public var path: String { inner.path }
    public func write(header: InkLayersHeader) throws { try inner.write(header: header) }
    public func write(layer: PageLayer) throws {
        var layer = layer
        transform(&layer)
        try inner.write(layer: layer)
    }
    public func close() throws { try inner.close() }
}
