import Foundation

/// Where a document's background PDF is.
public struct BackgroundPDF: Sendable, Equatable {
    /// The path the document asks for, as written in it (for error messages).
    public var requested: String
    /// The file found for it, if any (may be a temporary file extracted from an archive).
    public var resolved: String?
    /// Whether `resolved` is a temporary file the caller removes.
    public var isTemporary: Bool

    public init(requested: String, resolved: String?, isTemporary: Bool = false) {
        self.requested = requested
        self.resolved = resolved
        self.isTemporary = isTemporary
    }
}
