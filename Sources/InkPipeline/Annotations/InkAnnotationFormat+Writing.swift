import Foundation
import InkImport
import InkModel

/// What only the writer of inkpdf's `/Ink` annotations needs (`InkAnnotationBuilder`):
/// the `/NM` it gives each annotation and its PDF strings. The rest of the format, which the
/// reader computes the same way, is in InkImport (`InkAnnotationFormat`).
extension InkAnnotationFormat {
    /// `/NM` of the `occurrence`-th (1-based) piece of a gesture on its page: `inkpdf:id:ID`
    /// or `inkpdf:created:SECONDS`, then `#N` from the second piece on. A layer written as one
    /// annotation (`--group layer`) is `inkpdf:layer:INDEX` (1-based among the page's layers).
    public static func name(of identity: StrokeIdentity, occurrence: Int) -> String {
        let base: String
        switch identity {
        case .id(let id): base = "id:" + id
        case .created(let created): base = "created:" + (JSONValue.number(created).numberText ?? "\(created)")
        }
        return namePrefix + base + (occurrence > 1 ? "#\(occurrence)" : "")
    }

    public static func name(ofLayer index: Int) -> String { namePrefix + "layer:\(index)" }

    /// A PDF string of `text`: literal (`(…)`) when it is printable ASCII without
    /// parentheses or backslashes, else hex (`<…>`) of its UTF-8 bytes with a byte-order
    /// mark when not ASCII: any text, with no escaping to get wrong.
    public static func pdfString(_ text: String) -> String {
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) && $0 != 0x28 && $0 != 0x29 && $0 != 0x5C }) { return "(" + text + ")" }
        let bytes = text.utf8.allSatisfy({ $0 < 0x80 }) ? Array(text.utf8) : [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        return "<" + bytes.map { String(format: "%02X", $0) }.joined() + ">"
    }
}
