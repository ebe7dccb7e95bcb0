/// The things the gate decides, spelt as on the command line.
public enum EntitlementAction: String, Codable, Sendable, CaseIterable {
    case createNote = "create-note"
    case viewAnnotated = "view-annotated"
    case exportAnnotated = "export-annotated"
    case handwritingSearch = "handwriting-search"
    case suggestPro = "suggest-pro"

    /// The action as a noun phrase, for messages.
    public var phrase: String {
        switch self {
        case .createNote: "creating a note"
        case .viewAnnotated: "viewing an annotated PDF"
        case .exportAnnotated: "exporting a PDF with its annotations"
        case .handwritingSearch: "searching handwriting"
        case .suggestPro: "suggesting Pro"
        }
    }
}
