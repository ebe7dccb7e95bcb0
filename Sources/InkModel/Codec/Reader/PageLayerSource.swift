/// The layers of an ink document page by page, whatever holds them: an
/// ink-layers file (`PageOrderedLayers`) or the spool an import wrote
/// (`LayerSpool`). Safe to read from several threads at once.
public protocol PageLayerSource: AnyObject, Sendable {
    var header: InkLayersHeader { get }
    /// The path as the user gave it, used in messages.
    var displayName: String { get }
    /// The pages that have at least one layer, ascending.
    var inkedPages: [Int] { get }
    /// The line of the first layer of `page` in the user's file, for messages; nil if it has none or there is no such line.
    func firstLine(ofPage page: Int) -> Int?
    /// The layers of `page` in the order they were written (later ones are drawn on top); empty if it has none.
    func layers(forPage page: Int) throws -> [PageLayer]
}
