/// An indirect object's number and generation.
public struct QPDFReference: Hashable, Sendable {
    public var id: Int32
    public var generation: Int32

    public init(id: Int32, generation: Int32) {
        self.id = id
        self.generation = generation
    }
}
