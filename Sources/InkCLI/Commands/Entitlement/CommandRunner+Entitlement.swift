import LibCrypto
import Entitlements
import Foundation
import InkFileSystem
import InkPipeline
import InkCommandLine

extension CommandRunner {
    /// What unlocks an export, for the one-line refusal: `verb` is what the command does ("flatten").
    static func exportUnlockHint(_ verb: String) -> String {
        "to \(verb), give a Pro licence or App Store proof with --proof FILE and the trust file with --trust FILE "
            + "(or INKPDF_PROOFS and INKPDF_TRUST), or use a policy with \"exportAnnotated\":\"free\" (--policy FILE or INKPDF_POLICY)"
    }

    /// Consults the gate for an export command before it writes anything: nil to go on,
    /// or the exit code after printing why not (85 when refused). `asked`: what the command
    /// does, as the refusal names it ("flattening a PDF with its ink").
    func exportGate(_ options: GateOptions, command: String, action: EntitlementAction = .exportAnnotated, asked: String? = nil,
                    errors: inout some TextOutputStream) -> Int32? {
        consultGate(options, command: command, action: action, refused: "written",
                    hint: action == .exportAnnotated ? Self.exportUnlockHint(command == "export" ? "export" : "flatten") : Self.recognizeUnlockHint,
                    asked: asked, errors: &errors)
    }

    /// The demo licence that comes with inkpdf (SamplePDFs/demo-licence in its source tree, or
    /// `PREFIX/share/inkpdf/demo-licence` installed), found from the executable: its trust file and Pro licence.
    static let demoLicence: (trust: String, proof: String)? = {
        guard let executable = FileSystem.executablePath else { return nil }
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<5 {
            for candidate in ["SamplePDFs/demo-licence", "share/inkpdf/demo-licence"] {
                let demo = folder.appendingPathComponent(candidate)
                let trust = demo.appendingPathComponent("trust.json").path, proof = demo.appendingPathComponent("demo-pro-licence.jws").path
                if FileManager.default.isReadableFile(atPath: trust), FileManager.default.isReadableFile(atPath: proof) { return (trust, proof) }
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()

    /// How to try a Pro command now with the demo licence, as a sentence to end a refusal (empty when there is none).
    static var demoLicenceHint: String {
        guard let demo = demoLicence else { return "" }
        // Relative to the current folder when it lies below it (a shell at the repository's root).
        let here = FileManager.default.currentDirectoryPath + "/"
        func shown(_ path: String) -> String { path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path }
        return "; to try it now with the demo licence that comes with inkpdf (demo material, not a purchase), add "
            + "--trust \(shown(demo.trust)) --proof \(shown(demo.proof))"
    }

    /// Checks that the files a command reads exist, are files and can be read, before the gate is consulted
    /// (a missing input is exit 66, whatever the licence): nil to go on, or the exit code after saying which
    /// and why. A folder is named as one.
    func checkInputs(_ paths: [String?], command: String, errors: inout some TextOutputStream) -> Int32? {
        for path in paths.compactMap({ $0 }) where path != "-" {
            var isFolder: ObjCBool = false
            let message: String?
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                message = OpeningError.inputMissing(path: path).description
            } else if isFolder.boolValue, !Self.readsFolders(command, path: path) {
                message = "\(path): is a folder; give a file"
            } else if !FileManager.default.isReadableFile(atPath: path) {
                message = OpeningError.inputUnreadable(path: path, reason: "permission denied").description
            } else {
                message = nil
            }
            if let message {
                print("inkpdf: \(message)", to: &errors)
                return ExitCode.inputMissing.rawValue
            }
        }
        return nil
    }

    /// Whether `command` takes `path`, a folder, as its input: a reMarkable document folder (a `.content`
    /// file's folder) is one document.
    private static func readsFolders(_ command: String, path: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).contains { $0.hasSuffix(".content") || $0.hasSuffix(".metadata") }
    }

    /// Consults the gate for `action` before `command` does anything: nil to go on, or the exit code after
    /// printing why not (85 when refused: "Nothing was `refused`; `hint`"). `usageExit` replaces the
    /// usage exit code for a command that answers bad command lines otherwise (search, as grep).
    func consultGate(_ options: GateOptions, command: String, action: EntitlementAction, refused: String, hint: String,
                     asked: String? = nil, usageExit: ExitCode? = nil, errors: inout some TextOutputStream) -> Int32? {
        let gate: ResolvedGate
        do {
            gate = try resolve(options, needsTrustForProofs: true)
        } catch {
            print("inkpdf: \(command): \(error.message)", to: &errors)
            if case .usage = error, let usageExit { return usageExit.rawValue }
            return error.exitCode.rawValue
        }
        let report = EntitlementChecker(trust: gate.trust, policy: gate.policy, clock: SystemClock())
            .check(action, proofs: gate.proofs, state: gate.state)
        if let code = save(report.state, to: gate.statePath, errors: &errors) { return code }
        guard report.decision.allowed else {
            // The decision names the action ("Exporting a PDF with its annotations needs Pro"); the command says what was asked.
            var message = report.decision.message
            if let asked, message.hasPrefix(action.phrase.prefix(1).uppercased() + action.phrase.dropFirst()) {
                message = asked.prefix(1).uppercased() + asked.dropFirst() + message.dropFirst(action.phrase.count)
            }
            print("inkpdf: \(command) refused (\(report.decision.reason.rawValue)): \(message) "
                  + "Nothing was \(refused); \(hint)\(Self.demoLicenceHint)", to: &errors)
            return ExitCode.entitlementRequired.rawValue
        }
        for proof in report.proofs where proof.status != .ok {
            print("inkpdf: warning: \(proof.source): \(proof.status.rawValue): \(proof.detail)", to: &errors)
        }
        return nil
    }

    /// Whether the gate lets the handwriting's text into the PDFs an export command writes: that
    /// is searching handwriting (`handwritingSearch`). Nil when it does; else the one line to say
    /// (as a warning) if the ink has text, why it is left out and how to get it. Consulted after
    /// `exportGate` let the command write, with the same files; the state is not written again.
    func handwritingTextRefusal(_ options: GateOptions) -> String? {
        let leftOut = "the handwriting's text is left out of the PDF (not searchable)"
        let hint = "to make it searchable, give a Pro licence or App Store proof with --proof FILE and the trust file with --trust FILE "
            + "(or INKPDF_PROOFS and INKPDF_TRUST)"
        guard let gate = try? resolve(options, needsTrustForProofs: true) else { return "\(leftOut); \(hint)" }
        let report = EntitlementChecker(trust: gate.trust, policy: gate.policy, clock: SystemClock())
            .check(.handwritingSearch, proofs: gate.proofs, state: gate.state)
        return report.decision.allowed ? nil : "\(leftOut): \(report.decision.message) To make it searchable, "
            + hint.dropFirst("to make it searchable, ".count)
    }

    func runEntitlement(_ command: EntitlementCommand, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        switch command {
        case .check(let arguments): checkEntitlement(arguments, output: &output, errors: &errors)
        case .issueLicence(let arguments): issueLicence(arguments, output: &output, errors: &errors)
        case .verifyLicence(let arguments): verifyLicence(arguments, output: &output, errors: &errors)
        case .generateVendorKey(let arguments): generateVendorKey(arguments, output: &output, errors: &errors)
        }
    }

    /// Reads the policy, trust, proof and state files the options (or the environment) name.
    func resolve(_ options: GateOptions, needsTrustForProofs: Bool) throws(GateSetupError) -> ResolvedGate {
        func setting(_ flag: String?, _ variable: String) -> String? {
            flag ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        }
        let proofPaths = !options.proofs.isEmpty ? options.proofs
            : (environment["INKPDF_PROOFS"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        let trustPath = setting(options.trust, "INKPDF_TRUST")
        if needsTrustForProofs, trustPath == nil, !proofPaths.isEmpty {
            throw .usage(UsageError(message: "a proof needs the trust configuration that verifies it: give --trust FILE or set INKPDF_TRUST"))
        }
        do throws(EntitlementConfigurationError) {
            let policy = try setting(options.policy, "INKPDF_POLICY").map(EntitlementPolicy.load(path:)) ?? EntitlementPolicy()
            let trust = try trustPath.map(TrustConfiguration.load(path:))
            var proofs: [ProofSource] = []
            for path in proofPaths {
                let data = try ConfigurationFile.contents(of: path, role: "proof")
                proofs.append(ProofSource(name: path, jws: String(decoding: data, as: UTF8.self)))
            }
            let statePath = setting(options.state, "INKPDF_STATE")
            let state = try statePath.map(EntitlementState.load(path:)) ?? EntitlementState()
            return ResolvedGate(trust: trust, policy: policy, proofs: proofs, statePath: statePath, state: state)
        } catch {
            throw .configuration(error)
        }
    }

    private func save(_ state: EntitlementState, to path: String?, errors: inout some TextOutputStream) -> Int32? {
        guard let path else { return nil }
        do {
            try state.save(path: path)
            return nil
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return GateSetupError.configuration(error).exitCode.rawValue
        }
    }

    private func checkEntitlement(_ arguments: EntitlementCheckArguments, output: inout some TextOutputStream,
                                  errors: inout some TextOutputStream) -> Int32 {
        let gate: ResolvedGate
        do {
            gate = try resolve(arguments.gate, needsTrustForProofs: false)
        } catch {
            print("inkpdf: entitlement check: \(error.message)", to: &errors)
            return error.exitCode.rawValue
        }
        let clock: any WallClock = arguments.now.map { FixedClock($0) } ?? SystemClock()
        let report = EntitlementChecker(trust: gate.trust, policy: gate.policy, clock: clock)
            .check(arguments.action, proofs: gate.proofs, usage: Usage(noteCount: arguments.notes, firstUse: arguments.firstUse), state: gate.state)
        if let code = save(report.state, to: gate.statePath, errors: &errors) { return code }
        if arguments.json {
            print(report.json, to: &output)
        } else {
            let decision = report.decision
            print("\(decision.action.rawValue): \(decision.allowed ? "allowed" : "denied") (tier \(decision.tier.rawValue), reason \(decision.reason.rawValue))",
                  to: &output)
            print(decision.message, to: &output)
            for proof in report.proofs {
                let outcome = proof.grant.map { ", \($0.reason.rawValue)" } ?? ""
                print("proof \(proof.source): \(proof.kind.rawValue), \(proof.status.rawValue)\(outcome): \(proof.detail)", to: &output)
            }
        }
        return (report.decision.allowed ? ExitCode.success : ExitCode.entitlementRequired).rawValue
    }

    private func issueLicence(_ arguments: LicenceIssueArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        let key: PrivateKey
        do {
            key = try PrivateKey(pem: String(decoding: try ConfigurationFile.contents(of: arguments.key, role: "vendor private key"), as: UTF8.self))
        } catch let error as EntitlementConfigurationError {
            print("inkpdf: licence issue: \(error)", to: &errors)
            return ExitCode.inputMissing.rawValue
        } catch {
            print("inkpdf: licence issue: \(arguments.key): not a PEM private key (\(error)); make one with 'inkpdf licence keygen'", to: &errors)
            return ExitCode.entitlementConfigurationInvalid.rawValue
        }
        guard key.curveName == "prime256v1" else {
            print("inkpdf: licence issue: \(arguments.key): a licence key must be EC P-256 (ES256), this is \(key.curveName ?? "not an EC key")", to: &errors)
            return ExitCode.entitlementConfigurationInvalid.rawValue
        }
        let now = arguments.now ?? Date()
        let id = arguments.id ?? "lic-" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        let licence = VendorLicence(id: id, customer: arguments.customer, bundleId: arguments.bundleId, product: arguments.product,
                                    issuedAt: now, notBefore: arguments.notBefore ?? now, expires: arguments.expires)
        let jws: String
        do {
            jws = try licence.issue(signingKey: key)
        } catch {
            print("inkpdf: licence issue: \(error)", to: &errors)
            return ExitCode.internalError.rawValue
        }
        guard let path = arguments.output else {
            print(jws, to: &output)
            return ExitCode.success.rawValue
        }
        do {
            try Self.writeAtomically(jws + "\n", to: path, permissions: 0o644)
        } catch {
            print("inkpdf: licence issue: \(path): cannot write it: \(error.localizedDescription)", to: &errors)
            return ExitCode.cannotCreateOutput.rawValue
        }
        print("wrote \(path) (licence \(id) for \(arguments.customer), \(arguments.product), "
              + "\(arguments.expires.map { "expires \($0.commandLineText)" } ?? "no expiry"))", to: &output)
        return ExitCode.success.rawValue
    }

    private func verifyLicence(_ arguments: LicenceVerifyArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        let gate: ResolvedGate
        do throws(GateSetupError) {
            guard arguments.trust != nil || !(environment["INKPDF_TRUST"] ?? "").isEmpty else {
                throw GateSetupError.usage(UsageError(message: "give the trust configuration with --trust FILE (or INKPDF_TRUST)"))
            }
            gate = try resolve(GateOptions(trust: arguments.trust, proofs: [arguments.path]), needsTrustForProofs: true)
        } catch {
            print("inkpdf: licence verify: \(error.message)", to: &errors)
            return error.exitCode.rawValue
        }
        let clock: any WallClock = arguments.now.map { FixedClock($0) } ?? SystemClock()
        let report = EntitlementChecker(trust: gate.trust, policy: gate.policy, clock: clock).check(.exportAnnotated, proofs: gate.proofs)
        let proof = report.proofs[0]
        let grants = proof.grant?.grantsPro == true
        if arguments.json {
            print(report.json, to: &output)
        } else if grants {
            print("\(proof.source): valid: \(proof.detail)", to: &output)
        } else {
            let reason = proof.grant.map { "\($0.reason.rawValue)" } ?? proof.status.rawValue
            print("inkpdf: licence verify: \(proof.source): \(reason): \(proof.detail)", to: &errors)
        }
        return (grants ? ExitCode.success : ExitCode.proofInvalid).rawValue
    }

    private func generateVendorKey(_ arguments: VendorKeyArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        for path in [arguments.privateKey, arguments.publicKey] where FileManager.default.fileExists(atPath: path) {
            print("inkpdf: licence keygen: \(path) exists; remove it first (a vendor key is never overwritten)", to: &errors)
            return ExitCode.cannotCreateOutput.rawValue
        }
        do {
            let key = try PrivateKey.generate(curve: .p256)
            try Self.writeAtomically(try key.pem, to: arguments.privateKey, permissions: 0o600)
            try Self.writeAtomically(try key.publicKey.pem, to: arguments.publicKey, permissions: 0o644)
        } catch {
            print("inkpdf: licence keygen: \(error)", to: &errors)
            return ExitCode.cannotCreateOutput.rawValue
        }
        print("wrote \(arguments.privateKey) (vendor private key: keep it secret)", to: &output)
        print("wrote \(arguments.publicKey) (vendor public key: list it in the trust file's vendorPublicKeys)", to: &output)
        return ExitCode.success.rawValue
    }

    /// Writes `text` to a temporary file beside `path` with `permissions`, then renames it into place.
    private static func writeAtomically(_ text: String, to path: String, permissions: Int) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).inkpdf-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: permissions]) else {
            throw CocoaError(.fileWriteNoPermission)
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
            try handle.close()
            guard (try? FileSystem.rename(temporary.path, to: url.path)) != nil else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
