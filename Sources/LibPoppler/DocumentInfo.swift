import CPoppler
import Foundation

/// The document information that a flattened copy carries over.
public struct DocumentInfo: Sendable, Equatable {
    public var title, author, subject, keywords, creator: String?
    /// ISO 8601 with offset, as cairo's metadata wants it.
    public var creationDate: String?
    public var modificationDate: String?
    /// The software that wrote the PDF (not carried over: a flattened copy names inkpdf).
    public var producer: String?

    public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil, creator: String? = nil,
                creationDate: String? = nil, modificationDate: String? = nil, producer: String? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.creationDate = creationDate
        self.modificationDate = modificationDate
        self.producer = producer
    }
}
