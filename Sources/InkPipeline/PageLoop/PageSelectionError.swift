

public struct PageSelectionError: Error, Equatable {
    public var text: String?
    public var missingPage: Int?
    public var pageCount: Int?
}
