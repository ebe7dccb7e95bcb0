import Foundation
import InkFixtures
import Testing
@testable import Entitlements
@testable import LibCrypto

@Suite struct ConfigurationFileTests {
    /// A fresh folder, removed afterwards.
    static func withFolder(_ body: (URL) throws -> Void) throws {
        let scratch = TestFolder()
        let folder = scratch.url
        try body(folder)
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func trustFileWithRelativePaths() throws {
        try Self.withFolder { folder in
            let rootPEM = "-----BEGIN CERTIFICATE-----\n" + Data(TestPKI.apple.root.der).base64EncodedString(options: .lineLength64Characters)
                + "\n-----END CERTIFICATE-----\n"
            _ = try Self.write(rootPEM, "keys/root.pem", in: folder)
            _ = try Self.write(try App.vendorKey.publicKey.pem, "keys/vendor.pub.pem", in: folder)
            let path = try Self.write(#"{"bundleId":"com.example.notes","environments":["Production"],"appleRootCertificates":["keys/root.pem"],"vendorPublicKeys":["keys/vendor.pub.pem"],"proProducts":["com.example.notes.pro.lifetime","com.example.notes.pro.yearly"]}"#,
                                      "trust.json", in: folder)
            let trust = try TrustConfiguration.load(path: path)
            #expect(trust.bundleId == App.bundleId)
            #expect(trust.appleRoots.count == 1)
            #expect(trust.appleRoots[0].der == TestPKI.apple.root.der)
            #expect(trust.vendorKeys.map(\.source) == [folder.appendingPathComponent("keys/vendor.pub.pem").path])
            expectDecision(App.check(.exportAnnotated, [try TestPKI.apple.sign(App.transaction()), try App.licence()], trust: trust),
                           allowed: true, tier: .pro, reason: .pro)
        }
    }

    @Test(arguments: [
        (#"{"proProducts":["p"]}"#, EntitlementConfigurationError.missingKey(path: "T", key: "bundleId")),
        (#"{"bundleId":"b","proProducts":["p"],"bundleID":"x"}"#,
         .unknownKey(path: "T", key: "bundleID", known: TrustConfiguration.keys)),
        (#"{"bundleId":"b","proProducts":[]}"#, .wrongValue(path: "T", key: "proProducts", expected: "a non-empty list of product ids")),
        (#"{"bundleId":"b","proProducts":["p"],"environments":["Prod"]}"#,
         .wrongValue(path: "T", key: "environments", expected: "a list drawn from Production, Sandbox, Xcode, LocalTesting")),
        (#"["bundleId"]"#, .invalidJSON(path: "T")),
    ])
    func badTrustFiles(text: String, expected: EntitlementConfigurationError) throws {
        try Self.withFolder { folder in
            let path = try Self.write(text, "trust.json", in: folder)
            #expect(throws: Self.replacing("T", with: path, in: expected)) { try TrustConfiguration.load(path: path) }
        }
    }

    @Test func trustFileNamingAMissingOrWrongKey() throws {
        try Self.withFolder { folder in
            let missing = try Self.write(#"{"bundleId":"b","proProducts":["p"],"vendorPublicKeys":["nope.pem"]}"#, "a.json", in: folder)
            #expect(throws: EntitlementConfigurationError.fileMissing(path: folder.appendingPathComponent("nope.pem").path, role: "vendor key")) {
                try TrustConfiguration.load(path: missing)
            }
            _ = try Self.write(try PrivateKey.generate(curve: .p384).publicKey.pem, "p384.pem", in: folder)
            let p384 = try Self.write(#"{"bundleId":"b","proProducts":["p"],"vendorPublicKeys":["p384.pem"]}"#, "b.json", in: folder)
            #expect(throws: EntitlementConfigurationError.vendorKeyNotP256(path: folder.appendingPathComponent("p384.pem").path, curve: "secp384r1")) {
                try TrustConfiguration.load(path: p384)
            }
            #expect(throws: EntitlementConfigurationError.fileMissing(path: folder.appendingPathComponent("none.json").path, role: "trust")) {
                try TrustConfiguration.load(path: folder.appendingPathComponent("none.json").path)
            }
        }
    }

    @Test func policyFile() throws {
        try Self.withFolder { folder in
            let path = try Self.write(#"{"freeNoteLimit":5,"exportAnnotated":"free","handwritingSearch":"pro","suggestProAfterDays":7,"suggestProMinNotes":3}"#,
                                      "policy.json", in: folder)
            #expect(try EntitlementPolicy.load(path: path) == EntitlementPolicy(exportAnnotated: .free))
            let empty = try Self.write("{}", "empty.json", in: folder)
            #expect(try EntitlementPolicy.load(path: empty) == EntitlementPolicy())
        }
    }

    @Test(arguments: [
        (#"{"exportAnnotated":"maybe"}"#, EntitlementConfigurationError.wrongValue(path: "P", key: "exportAnnotated", expected: #""free" or "pro""#)),
        (#"{"freeNoteLimit":-1}"#, .wrongValue(path: "P", key: "freeNoteLimit", expected: "a whole number ≥ 0")),
        (#"{"freeNoteLimit":2.5}"#, .wrongValue(path: "P", key: "freeNoteLimit", expected: "a whole number ≥ 0")),
        (#"{"freeNoteLimit":true}"#, .wrongValue(path: "P", key: "freeNoteLimit", expected: "a whole number ≥ 0")),
        (#"{"exportAnotated":"free"}"#, .unknownKey(path: "P", key: "exportAnotated", known: EntitlementPolicy.keys)),
    ])
    func badPolicyFiles(text: String, expected: EntitlementConfigurationError) throws {
        try Self.withFolder { folder in
            let path = try Self.write(text, "policy.json", in: folder)
            #expect(throws: Self.replacing("P", with: path, in: expected)) { try EntitlementPolicy.load(path: path) }
        }
    }

    @Test func stateFileRoundTrip() throws {
        try Self.withFolder { folder in
            let path = folder.appendingPathComponent("state/state.json").path
            #expect(try EntitlementState.load(path: path) == EntitlementState())
            let state = EntitlementState(highWaterMark: Date(unixMilliseconds: 1_750_000_000_123), firstUse: Date(unixMilliseconds: 1_740_000_000_000),
                                         revokedPurchases: ["2000000001": Date(unixMilliseconds: 1_749_000_000_000)])
            try state.save(path: path)
            #expect(try EntitlementState.load(path: path) == state)
            _ = try Self.write("{\"version\":2}", "state/state.json", in: folder)
            #expect(throws: EntitlementConfigurationError.self) { try EntitlementState.load(path: path) }
        }
    }

    /// A configuration file is one regular file: a pipe, a folder or a file larger than any
    /// configuration gets a message that says which (a pipe read "permission" before), and a
    /// link to a regular file is read through.
    @Test func whatIsNotARegularFileIsNamed() throws {
        try Self.withFolder { folder in
            let policy = try Self.write(#"{"exportAnnotated":"free"}"#, "policy.json", in: folder)
            let link = folder.appendingPathComponent("link.json").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: policy)
            #expect(try EntitlementPolicy.load(path: link) == EntitlementPolicy.load(path: policy))

            let pipe = folder.appendingPathComponent("pipe.json").path
            #expect(mkfifo(pipe, 0o600) == 0)
            // Nobody writes to it: the reader must not wait for a writer.
            #expect(throws: EntitlementConfigurationError.fileUnreadable(
                path: pipe, reason: "not a regular file (a pipe or a device), and inkpdf reads the policy file again in each worker; "
                    + "save it to a file and give that")) { try EntitlementPolicy.load(path: pipe) }
            #expect(throws: EntitlementConfigurationError.fileUnreadable(path: folder.path, reason: "it is a folder; give the policy file")) {
                try EntitlementPolicy.load(path: folder.path)
            }
            let large = folder.appendingPathComponent("large.json").path
            #expect(FileManager.default.createFile(atPath: large, contents: Data(count: ConfigurationFile.maximumBytes + 1)))
            #expect(throws: EntitlementConfigurationError.fileUnreadable(
                path: large, reason: "more than 16 MiB, too large for a policy file; give the policy file")) { try EntitlementPolicy.load(path: large) }
            let missing = folder.appendingPathComponent("missing.json").path
            #expect(throws: EntitlementConfigurationError.fileMissing(path: missing, role: "policy")) { try EntitlementPolicy.load(path: missing) }
        }
    }

    static func replacing(_ placeholder: String, with path: String, in error: EntitlementConfigurationError) -> EntitlementConfigurationError {
        switch error {
        case .missingKey(_, let key): .missingKey(path: path, key: key)
        case .unknownKey(_, let key, let known): .unknownKey(path: path, key: key, known: known)
        case .wrongValue(_, let key, let expected): .wrongValue(path: path, key: key, expected: expected)
        case .invalidJSON: .invalidJSON(path: path)
        default: error
        }
    }
}
