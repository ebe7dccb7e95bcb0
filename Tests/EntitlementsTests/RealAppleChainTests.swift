import Foundation
import Testing
@testable import Entitlements
@testable import LibCrypto

/// Apple's real, public chain (`AppleChainPEM`): it verifies
/// inside the leaf's validity and not outside, which is why offline checks use `signedDate`.
@Suite struct RealAppleChainTests {
    static func certificate(_ name: String) throws -> Certificate {
        let pem = switch name {
        case "AppleRootCA-G3.pem": AppleChainPEM.rootG3
        case "AppleWWDRCA-G6.pem": AppleChainPEM.wwdrG6
        default: AppleChainPEM.receiptSigning2025
        }
        return try #require(try Certificate.certificates(pem: pem).first)
    }

    @Test(arguments: [(1_790_000_000, true), (1_700_000_000, false), (1_900_000_000, false)])
    func realChainAt(time: TimeInterval, valid: Bool) throws {
        let root = try Self.certificate("AppleRootCA-G3.pem")
        let intermediate = try Self.certificate("AppleWWDRCA-G6.pem")
        let leaf = try Self.certificate("AppleReceiptSigning-2025.pem")
        let result = leaf.verifyChain(intermediates: [intermediate], trustedRoots: [root], at: Date(timeIntervalSince1970: time))
        switch result {
        case .success(let path):
            #expect(valid)
            #expect(path.count == 3)
        case .failure(let failure):
            #expect(!valid, "\(failure.reason)")
            #expect(failure.code == (time < 1_790_000_000 ? 9 : 10)) // not yet valid / expired
        }
        #expect(leaf.hasExtension(oid: ProofVerifier.leafMarkerOID))
        #expect(intermediate.hasExtension(oid: ProofVerifier.intermediateMarkerOID))
        #expect(!leaf.hasExtension(oid: ProofVerifier.intermediateMarkerOID))
        #expect(leaf.publicKey?.isP256 == true)
        #expect(root.publicKey?.curveName == "secp384r1")
    }

    @Test func theChainsOwnRootIsNotEnough() throws {
        let intermediate = try Self.certificate("AppleWWDRCA-G6.pem")
        let leaf = try Self.certificate("AppleReceiptSigning-2025.pem")
        let root = try Self.certificate("AppleRootCA-G3.pem")
        let result = leaf.verifyChain(intermediates: [intermediate, root], trustedRoots: [TestPKI.apple.root], at: Date(timeIntervalSince1970: 1_790_000_000))
        guard case .failure(let failure) = result else { Issue.record("verified against the wrong root"); return }
        #expect(failure.code != 0)
    }
}
