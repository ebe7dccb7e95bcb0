import Foundation
import InkFileSystem
import LibPoppler
import LibQPDF

extension AtomicOutput {
    /// Reserves a temporary file beside `destination`, failing as export fails.
    static func reserve(_ destination: String) throws(ExportError) -> AtomicOutput {
        do { return try AtomicOutput(destination: destination) } catch { throw ExportError(error) }
    }

    /// Puts the file in place, failing as export fails (the temporary file is then gone).
    /// Checks that the PDF written so far reads back whole (its cross-reference table resolves every
    /// object, without repair), before it is put in place: a damaged file is never committed.
    /// `source`: the PDF an export appended to. What it already says of itself (a warning of the same check, qpdf's
    /// "object has offset 0" of pdf.js's caret-ink.pdf) comes with it into the output and is no damage of this write;
    /// read only when the output has a warning.
    func checkPDFWhole(password: String? = nil, keepingWarningsOf source: String? = nil) throws(ExportError) {
        let forms = PasswordCandidates.forms(of: password)
        do throws(QPDFError) {
            do throws(QPDFError) { try QPDFDocument.checkWhole(path: writablePath, passwordForms: forms) } catch {
                guard case .warned = error, let source else { throw error }
                let own = (try? QPDFDocument.warnings(path: source, passwordForms: forms)) ?? []
                try QPDFDocument.checkWhole(path: writablePath, passwordForms: forms) {
                    !own.contains($0) && !QPDFDocument.isCairosDuplicatedKey($0)
                }
            }
        } catch {
            let reason: String = switch error {
            case .damaged(let reason), .warned(let reason): reason
            default: "\(error)"
            }
            throw .writing(.damagedOutput(path: destination, reason: reason.replacingOccurrences(of: writablePath, with: destination)))
        }
    }

    consuming func commitForExport() throws(ExportError) {
        do { try commit() } catch { throw ExportError(error) }
    }
}
