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
    func checkPDFWhole(password: String? = nil) throws(ExportError) {
        do throws(QPDFError) { try QPDFDocument.checkWhole(path: writablePath, passwordForms: PasswordCandidates.forms(of: password)) } catch {
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
