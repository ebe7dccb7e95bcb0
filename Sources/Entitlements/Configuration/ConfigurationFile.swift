import Foundation
import Glibc
import InkFileSystem

/// The bytes of a trust, policy, state, proof, certificate or key file: one regular file of
/// at most `maximumBytes`, with a message that says which of those it is not.
///
/// A pipe (`--policy <(…)`) or a device is refused by name: the gated commands read these
/// files again in each worker, and a pipe gives its bytes once (Foundation's readers said
/// "permission" for it). A folder is named as one, and a file larger than any configuration
/// is refused before it is held whole.
public enum ConfigurationFile {
    /// Far beyond a real configuration file (a state file with thousands of revoked purchases is under 1 MiB).
    public static let maximumBytes = 16 << 20

    public static func contents(of path: String, role: String) throws(EntitlementConfigurationError) -> Data {
        // Without blocking: a pipe nobody writes to would hold the open for ever. The type is
        // checked on what was opened, so nothing can be swapped in between.
        let file: FileDescriptor
        do {
            file = try FileDescriptor(opening: path, flags: O_RDONLY | O_NONBLOCK)
        } catch {
            throw error == .noSuchFile ? .fileMissing(path: path, role: role) : .fileUnreadable(path: path, reason: error.description)
        }
        let type: mode_t
        do {
            type = try file.status().st_mode & S_IFMT
        } catch {
            throw .fileUnreadable(path: path, reason: error.description)
        }
        switch type {
        case S_IFREG: break
        case S_IFDIR: throw .fileUnreadable(path: path, reason: "it is a folder; give the \(role) file")
        default:
            throw .fileUnreadable(path: path, reason: "not a regular file (a pipe or a device), and inkpdf reads the \(role) file "
                                  + "again in each worker; save it to a file and give that")
        }
        let bytes: [UInt8]?
        do {
            bytes = try file.readToEnd(limit: maximumBytes)
        } catch {
            throw .fileUnreadable(path: path, reason: error.description)
        }
        guard let bytes else {
            throw .fileUnreadable(path: path, reason: "more than \(maximumBytes >> 20) MiB, too large for a \(role) file; give the \(role) file")
        }
        return Data(bytes)
    }
}
