import Foundation
import InkModel

/// A document's `.metadata` file: the name the tablet shows and its folder.
public struct ReMarkableDocumentInfo: Sendable, Equatable {
    /// The document's UUID (its files' base name), nil for a single `.rm` page.
    public var id: String?
    /// The name the tablet shows (`visibleName`).
    public var visibleName: String?
    /// The UUID of the folder it is in (`parent`): "" at the top, "trash" when deleted.
    public var parent: String?
    /// "pdf", "epub" or "notebook".
    public var fileType: String?
    /// Pages shown (deleted pages left out).
    public var pageCount: Int
    /// `lastModified` as the file writes it (milliseconds since 1970, as text).
    public var lastModified: String?

    public init(id: String? = nil, visibleName: String? = nil, parent: String? = nil, fileType: String? = nil,
                pageCount: Int = 0, lastModified: String? = nil) {
        self.id = id
        self.visibleName = visibleName
        self.parent = parent
        self.fileType = fileType
        self.pageCount = pageCount
        self.lastModified = lastModified
    }
}
