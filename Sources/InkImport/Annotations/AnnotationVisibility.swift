/// Which of a PDF's annotations are read as ink, by their flags (`--annotations`), as
/// `qpdf --flatten-annotations` chooses which to flatten.
public enum AnnotationVisibility: String, Sendable, Equatable, CaseIterable {
    /// Those that print: the Print flag set, neither Hidden nor Invisible (the default,
    /// what a flattened page shows on paper).
    case print
    /// Those a viewer shows on screen: neither Hidden nor NoView (a Zotero highlight
    /// without the Print flag, say).
    case screen
    /// Every one, whatever its flags.
    case all

    /// Whether an annotation with `/F` `flags` is read.
    public func includes(flags: Int) -> Bool {
        switch self {
        case .print: flags & 3 == 0 && flags & 4 != 0   // not Invisible (1) or Hidden (2); Print (4)
        case .screen: flags & 2 == 0 && flags & 32 == 0   // not Hidden (2) or NoView (32)
        case .all: true
        }
    }

    /// Why an annotation this setting leaves out was left out, for the report.
    var leftOutReason: String {
        switch self {
        case .print: "hidden or not printed (--annotations screen or all reads them)"
        case .screen: "hidden or not shown on screen (--annotations all reads them)"
        case .all: ""
        }
    }
}
