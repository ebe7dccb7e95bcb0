import Foundation
import InkCLI
import InkPipeline
import InkFixtures
import Testing

/// The entitlement gate on `flatten`, and the `entitlement` and `licence` commands.
@Suite struct EntitlementCommandTests {
    /// A folder with the course-notes sample in it, removed afterwards.
    static func withSample(_ body: (_ folder: URL, _ pdf: String, _ ink: String) throws -> Void) throws {
        let scratch = TestFolder()
        let folder = scratch.url
        let pdf = folder.appendingPathComponent("notes.pdf").path, ink = folder.appendingPathComponent("notes.ink.jsonl").path
        try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
        try body(folder, pdf, ink)
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let code = CommandRunner(environment: environment).run(arguments, output: &out, errors: &err)
        return (code, out, err)
    }

    /// A missing input, or a folder given as one, is said before the licence is (exit 66, not 85): a new
    /// user who mistyped a path is not told to buy Pro (issue 53).
    @Test func aMissingInputIsToldBeforeTheGate() throws {
        try Self.withSample { folder, pdf, ink in
            for arguments in [["flatten", folder.appendingPathComponent("nope.pdf").path, "--ink", ink],
                              ["flatten", pdf, "--ink", folder.appendingPathComponent("nope.ink.jsonl").path],
                              ["export", folder.appendingPathComponent("nope.pdf").path, "--ink", ink],
                              ["flatten", folder.appendingPathComponent("notes.xopp").path],
                              ["recognize", folder.appendingPathComponent("nope.ink.jsonl").path]] {
                let result = Self.run(arguments + ["-o", folder.appendingPathComponent("out/x.pdf").path])
                #expect(result.code == ExitCode.inputMissing.rawValue, "\(arguments): \(result.err)")
                #expect(result.err.contains("nope") || result.err.contains("notes.xopp"))
                #expect(result.err.contains("no such file; check the path") && !result.err.contains("Pro"), "\(result.err)")
            }
            let folderGiven = Self.run(["flatten", pdf, "--ink", folder.path, "-o", folder.appendingPathComponent("out/x.pdf").path])
            #expect(folderGiven.code == ExitCode.inputMissing.rawValue && folderGiven.err == "inkpdf: \(folder.path): is a folder; give a file\n",
                    "\(folderGiven.err)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        }
    }

    @Test func flattenWithoutAProofIsRefusedAndWritesNothing() throws {
        try Self.withSample { folder, pdf, ink in
            let output = folder.appendingPathComponent("out/notes.pdf").path
            let result = Self.run(["flatten", pdf, "--ink", ink, "-o", output])
            #expect(result.code == ExitCode.entitlementRequired.rawValue)
            #expect(result.code == 85)
            #expect(result.out.isEmpty)
            // The refusal names what was asked, and how to try it now with the demo licence in this source tree.
            #expect(result.err.hasPrefix("inkpdf: flatten refused (requires_pro): Flattening needs Pro, and no proof of a Pro "
                    + "purchase was given. Nothing was written; to flatten, give a Pro licence or App Store proof with --proof FILE and the "
                    + "trust file with --trust FILE (or INKPDF_PROOFS and INKPDF_TRUST), or use a policy with \"exportAnnotated\":\"free\" "
                    + "(--policy FILE or INKPDF_POLICY); to try it now with the demo licence that comes with inkpdf (demo material, not a purchase), add --trust "))
            #expect(result.err.hasSuffix("demo-licence/trust.json --proof " + (result.err.contains("--trust /") ? DemoLicence.licence : "SamplePDFs/demo-licence/demo-pro-licence.jws") + "\n"),
                    "\(result.err)")
            #expect(result.err.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        }
    }

    @Test(arguments: ["flags", "environment", "free policy"])
    func flattenIsAllowed(by way: String) throws {
        try Self.withSample { folder, pdf, ink in
            let output = folder.appendingPathComponent("out/notes.pdf").path
            var arguments = ["flatten", pdf, "--ink", ink, "-o", output, "-q"]
            var environment: [String: String] = [:]
            switch way {
            case "flags": arguments += DemoLicence.arguments
            case "environment": environment = DemoLicence.environment
            default:
                let policy = folder.appendingPathComponent("policy.json")
                try #"{"exportAnnotated":"free"}"#.write(to: policy, atomically: true, encoding: .utf8)
                environment = ["INKPDF_POLICY": policy.path]
            }
            let result = Self.run(arguments, environment: environment)
            #expect(result.code == 0, "\(result.err)")
            #expect(result.err.isEmpty)
            #expect(FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func flattenWithATamperedLicenceIsRefused() throws {
        try Self.withSample { folder, pdf, ink in
            var licence = try String(contentsOfFile: DemoLicence.licence, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            let last = licence.removeLast()
            licence.append(last == "A" ? "Q" : "A") // the signature's last character
            let tampered = folder.appendingPathComponent("tampered.jws")
            try licence.write(to: tampered, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("out/notes.pdf").path
            let result = Self.run(["flatten", pdf, "--ink", ink, "-o", output, "--trust", DemoLicence.trust, "--proof", tampered.path])
            #expect(result.code == 85)
            #expect(result.err.hasPrefix("inkpdf: flatten refused (invalid_proof): Flattening needs Pro, "
                                         + "and no proof given could be verified: \(tampered.path): "))
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func gateSetupErrors() throws {
        try Self.withSample { folder, pdf, ink in
            let output = folder.appendingPathComponent("out/notes.pdf").path
            let base = ["flatten", pdf, "--ink", ink, "-o", output]
            let missing = Self.run(base + ["--trust", DemoLicence.trust, "--proof", folder.appendingPathComponent("none.jws").path])
            #expect(missing.code == ExitCode.inputMissing.rawValue)
            #expect(missing.err == "inkpdf: flatten: \(folder.appendingPathComponent("none.jws").path): no such proof file\n")
            let noTrust = Self.run(base + ["--proof", DemoLicence.licence])
            #expect(noTrust.code == ExitCode.usage.rawValue)
            #expect(noTrust.err == "inkpdf: flatten: a proof needs the trust configuration that verifies it: give --trust FILE or set INKPDF_TRUST; see 'inkpdf --help'\n")
            let policy = folder.appendingPathComponent("policy.json")
            try #"{"exportAnnotated":"yes"}"#.write(to: policy, atomically: true, encoding: .utf8)
            let badPolicy = Self.run(base + ["--policy", policy.path])
            #expect(badPolicy.code == ExitCode.entitlementConfigurationInvalid.rawValue)
            #expect(badPolicy.err == "inkpdf: flatten: \(policy.path): \"exportAnnotated\" must be \"free\" or \"pro\"\n")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func flattenParsesTheGateOptions() throws {
        let command = try Command.parse(["flatten", "a.pdf", "--ink", "a.ink", "-o", "b.pdf", "--proof", "p1.jws", "--trust", "t.json",
                                         "--proof", "p2.jws", "--policy", "policy.json", "--state", "state.json"])
        var expected = FlattenArguments(pdf: "a.pdf", ink: "a.ink", output: "b.pdf")
        expected.gate = GateOptions(policy: "policy.json", trust: "t.json", proofs: ["p1.jws", "p2.jws"], state: "state.json")
        #expect(command == .flatten(expected))
    }

    @Test func entitlementCheckAsJSON() throws {
        let result = Self.run(["entitlement", "check", "--action", "export-annotated", "--json", "--now", "2030-01-01"] + DemoLicence.arguments)
        #expect(result.code == 0, "\(result.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(object["action"] as? String == "export-annotated")
        #expect(object["allowed"] as? Bool == true)
        #expect(object["tier"] as? String == "pro")
        #expect(object["reason"] as? String == "pro")
        #expect(object["grantedBy"] as? String == DemoLicence.licence)
        #expect((object["message"] as? String)?.contains("demo-pro-licence-1") == true)
        let proofs = try #require(object["proofs"] as? [[String: Any]])
        #expect(proofs.count == 1)
        #expect(proofs.first?["file"] as? String == DemoLicence.licence)
        #expect(proofs.first?["kind"] as? String == "vendorLicence")
        #expect(proofs.first?["status"] as? String == "ok")
    }

    @Test func entitlementCheckDeniedExitsWithTheDocumentedCode() {
        let result = Self.run(["entitlement", "check", "--action", "create-note", "--notes", "5", "--now", "2030-01-01"])
        #expect(result.code == 85)
        #expect(result.out.hasPrefix("create-note: denied (tier free, reason note_limit)\nThe free tier allows 5 notes and 5 exist (5/5)"))
        let allowed = Self.run(["entitlement", "check", "--action", "create-note", "--notes", "4", "--now", "2030-01-01"])
        #expect(allowed.code == 0)
        #expect(allowed.out.hasPrefix("create-note: allowed (tier free, reason under_note_limit)\n"))
        let unsigned = Self.run(["entitlement", "check", "--action", "view-annotated"])
        #expect(unsigned.code == 0)
    }

    @Test func clockTurnedBackIsCaughtThroughTheStateFile() throws {
        try Self.withSample { folder, _, _ in
            let keyFolder = folder.appendingPathComponent("vendor")
            let (trust, key) = try Self.makeVendor(in: keyFolder)
            let licence = keyFolder.appendingPathComponent("yearly.jws").path
            #expect(Self.run(["licence", "issue", "--key", key, "--product", "com.example.notes.pro.yearly", "--bundle", "com.example.notes",
                              "--customer", "c", "--now", "2030-01-01", "--expires", "2031-01-01", "-o", licence]).code == 0)
            let state = folder.appendingPathComponent("state.json").path
            let check = ["entitlement", "check", "--action", "export-annotated", "--trust", trust, "--proof", licence, "--state", state]
            #expect(Self.run(check + ["--now", "2030-06-01"]).code == 0)
            let rolledBack = Self.run(check + ["--now", "2030-02-01", "--json"])
            #expect(rolledBack.code == 85)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(rolledBack.out.utf8)) as? [String: Any])
            #expect(object["reason"] as? String == "clock_rollback")
            #expect(object["clockRolledBack"] as? Bool == true)
            #expect(object["highWaterMark"] as? String == "2030-06-01T00:00:00Z")
        }
    }

    /// A vendor key pair and a trust file that lists it, made with the CLI.
    static func makeVendor(in folder: URL) throws -> (trust: String, key: String) {
        let key = folder.appendingPathComponent("vendor.pem").path, publicKey = folder.appendingPathComponent("vendor.pub.pem").path
        let generated = run(["licence", "keygen", "--private", key, "--public", publicKey])
        #expect(generated.code == 0, "\(generated.err)")
        #expect(generated.out == "wrote \(key) (vendor private key: keep it secret)\n"
                + "wrote \(publicKey) (vendor public key: list it in the trust file's vendorPublicKeys)\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: key)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let trust = folder.appendingPathComponent("trust.json")
        try #"{"bundleId":"com.example.notes","vendorPublicKeys":["vendor.pub.pem"],"proProducts":["com.example.notes.pro.lifetime","com.example.notes.pro.yearly"]}"#
            .write(to: trust, atomically: true, encoding: .utf8)
        return (trust.path, key)
    }

    @Test func licenceIssueAndVerify() throws {
        try Self.withSample { folder, _, _ in
            let (trust, key) = try Self.makeVendor(in: folder.appendingPathComponent("vendor"))
            let again = Self.run(["licence", "keygen", "--private", key, "--public", folder.appendingPathComponent("x.pem").path])
            #expect(again.code == ExitCode.cannotCreateOutput.rawValue)
            #expect(again.err == "inkpdf: licence keygen: \(key) exists; remove it first (a vendor key is never overwritten)\n")

            let lifetime = folder.appendingPathComponent("lifetime.jws").path
            let issued = Self.run(["licence", "issue", "--key", key, "--product", "com.example.notes.pro.lifetime", "--bundle", "com.example.notes",
                                   "--customer", "ada@example.com", "--id", "lic-42", "--now", "2030-01-01", "-o", lifetime])
            #expect(issued.code == 0, "\(issued.err)")
            #expect(issued.out == "wrote \(lifetime) (licence lic-42 for ada@example.com, com.example.notes.pro.lifetime, no expiry)\n")
            let verified = Self.run(["licence", "verify", lifetime, "--trust", trust, "--now", "2030-01-02"])
            #expect(verified.code == 0, "\(verified.err)")
            #expect(verified.out == "\(lifetime): valid: licence lic-42 for ada@example.com (com.example.notes.pro.lifetime): lifetime\n")

            let printed = Self.run(["licence", "issue", "--key", key, "--product", "com.example.notes.pro.yearly", "--bundle", "com.example.notes",
                                    "--customer", "bob", "--id", "lic-43", "--now", "2030-01-01", "--expires", "2030-06-01"])
            #expect(printed.code == 0)
            #expect(printed.out.split(separator: ".").count == 3)
            let expiring = folder.appendingPathComponent("expiring.jws")
            try printed.out.write(to: expiring, atomically: true, encoding: .utf8)
            let expired = Self.run(["licence", "verify", expiring.path, "--trust", trust, "--now", "2030-07-01"])
            #expect(expired.code == ExitCode.proofInvalid.rawValue)
            #expect(expired.err == "inkpdf: licence verify: \(expiring.path): expired: licence lic-43 for bob (com.example.notes.pro.yearly) expired on 2030-06-01T00:00:00Z\n")
            let early = Self.run(["licence", "verify", expiring.path, "--trust", trust, "--now", "2029-12-01"])
            #expect(early.code == 86)
            #expect(early.err.contains(": not_yet_valid: "))
            let foreign = Self.run(["licence", "verify", expiring.path, "--trust", DemoLicence.trust])
            #expect(foreign.code == 86)
            #expect(foreign.err == "inkpdf: licence verify: \(expiring.path): verificationFailure: the signature does not match: "
                    + "made by none of the 1 configured vendor key(s)\n")
        }
    }

    @Test(arguments: [
        (["entitlement"], "entitlement: give a subcommand: check; see 'inkpdf entitlement --help'"),
        (["entitlement", "grant"], "entitlement: unknown subcommand 'grant'; see 'inkpdf entitlement --help'"),
        (["entitlement", "check"], "entitlement check: give the action with --action ACTION; see 'inkpdf entitlement check --help'"),
        (["entitlement", "check", "--action", "print"],
         "entitlement check: unknown action 'print'; the actions are create-note, view-annotated, export-annotated, handwriting-search, suggest-pro; see 'inkpdf entitlement check --help'"),
        (["entitlement", "check", "--action", "create-note", "--notes", "-1"], "entitlement check: --notes '-1' is not a count of notes; see 'inkpdf entitlement check --help'"),
        (["entitlement", "check", "--action", "create-note", "--now", "tomorrow"],
         "entitlement check: --now 'tomorrow' is not a date like 2025-06-15, 2025-06-15T12:00:00Z or @1750000000; see 'inkpdf entitlement check --help'"),
        (["licence"], "licence: give a subcommand: issue, verify or keygen; see 'inkpdf licence --help'"),
        (["licence", "issue", "--key", "k.pem", "--product", "p", "--bundle", "b"], "licence issue: give --customer CUSTOMER; see 'inkpdf licence issue --help'"),
        (["licence", "verify"], "licence verify: which file? give licence FILE; see 'inkpdf licence verify --help'"),
        (["license", "keygen", "--private", "a.pem"], "licence keygen: give --private vendor.pem and --public vendor.pub.pem; see 'inkpdf licence keygen --help'"),
    ])
    func badEntitlementCommandLines(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try Command.parse(arguments) }
        do { _ = try Command.parse(arguments) } catch { #expect(error.description == message) }
    }

    @Test func helpListsTheEntitlementCommandsAndCodes() {
        let result = Self.run(["--help"])
        #expect(result.out.contains("inkpdf entitlement check --action ACTION"))
        #expect(result.out.contains("inkpdf licence issue --key vendor.pem"))
        #expect(result.out.contains("85 entitlement required"))
    }
}
