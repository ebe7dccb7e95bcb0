import Entitlements
import Foundation
import InkFileSystem
import Synchronization

/// The trust and policy files as the service last read them. At start and on
/// SIGHUP the files named on the command line are checked (a broken edit is
/// refused and the copy in use kept) and copied, with the certificates and
/// keys the trust file names, into a folder of the service's own; workers
/// read that copy, so an edit takes effect on SIGHUP and not half-way through.
final class GateFiles: Sendable {
    struct Snapshot: Sendable, Equatable {
        var trust: String?
        var policy: String?
        var generation: Int
    }

    private let trustSource: String?
    private let policySource: String?
    private let folder: String
    private let current = Mutex(Snapshot(trust: nil, policy: nil, generation: 0))

    init(trust: String?, policy: String?, folder: String) throws(ServeError) {
        trustSource = trust
        policySource = policy
        self.folder = folder
        try reload()
    }

    var snapshot: Snapshot { current.withLock { $0 } }

    /// Reads the files again; on an error the copy in use stays and the error says why.
    func reload() throws(ServeError) {
        let generation = current.withLock { $0.generation } + 1
        let target = folder + "/gate-\(generation)"
        // Made here, never one that is already there (the work folder is the service's own).
        do { try FileSystem.makeFolder(target, mode: 0o700) } catch {
            throw .cannotCreateWorkFolder(path: target, reason: error.description)
        }
        var snapshot = Snapshot(trust: nil, policy: nil, generation: generation)
        do {
            if let policySource {
                _ = try EntitlementPolicy.load(path: policySource)
                snapshot.policy = try copy(policySource, to: target + "/policy.json")
            }
            if let trustSource {
                _ = try TrustConfiguration.load(path: trustSource)
                snapshot.trust = try copyTrust(trustSource, into: target)
                _ = try TrustConfiguration.load(path: snapshot.trust!)
            }
        } catch let error as EntitlementConfigurationError {
            try? FileManager.default.removeItem(atPath: target)
            throw .gateConfiguration(error.description)
        } catch let error as ServeError {
            try? FileManager.default.removeItem(atPath: target)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: target)
            throw .gateConfiguration("\(error)")
        }
        let previous = current.withLock { old in
            defer { old = snapshot }
            return old.generation
        }
        // Workers started before the swap may still read the old copy: it goes at the next reload.
        if previous > 1 { try? FileManager.default.removeItem(atPath: folder + "/gate-\(previous - 1)") }
    }

    private func copy(_ source: String, to destination: String) throws(ServeError) -> String {
        let data = try ServeError.contents(of: source, role: "entitlement file")
        guard FileManager.default.createFile(atPath: destination, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw .cannotCreateWorkFolder(path: destination, reason: "cannot write the copy")
        }
        return destination
    }

    /// The trust file with each certificate and key it names copied beside it and named by its new place.
    private func copyTrust(_ source: String, into target: String) throws(ServeError) -> String {
        guard let data = FileManager.default.contents(atPath: source),
              var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .gateConfiguration("\(source): the trust file is not a JSON object")
        }
        let sourceFolder = PathName.folder(of: source)
        for key in ["appleRootCertificates", "vendorPublicKeys"] {
            guard let files = object[key] as? [String] else { continue }
            var copies: [String] = []
            for (index, file) in files.enumerated() {
                let resolved = file.hasPrefix("/") ? file : (sourceFolder as NSString).appendingPathComponent(file)
                copies.append(try copy(resolved, to: target + "/\(key)-\(index).pem"))
            }
            object[key] = copies
        }
        guard let rewritten = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            throw .gateConfiguration("\(source): the trust file cannot be copied")
        }
        let destination = target + "/trust.json"
        guard FileManager.default.createFile(atPath: destination, contents: rewritten, attributes: [.posixPermissions: 0o600]) else {
            throw .cannotCreateWorkFolder(path: destination, reason: "cannot write the copy")
        }
        return destination
    }
}
