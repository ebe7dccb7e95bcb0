

/// A layers file that does not decode, with the last good revision inkpdf kept of it.
public struct DamagedLayersError: Error, CustomStringConvertible, Equatable, Sendable {
    public var error: InkLayersError
    public var lastGoodRevision: String

    public init(error: InkLayersError, lastGoodRevision: String) {
        self.error = error
        self.lastGoodRevision = lastGoodRevision
    }

    public var description: String {
        "\(error); the last good revision is \(lastGoodRevision): copy it over \(error.file) to recover"
    }
}
