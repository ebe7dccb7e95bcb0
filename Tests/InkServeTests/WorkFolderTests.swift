@testable import InkServe
import Foundation
import Testing

/// The service's folder is its own: made fresh, private and owned, under a name no one
/// can guess; one that someone else made first is never used.
@Suite struct WorkFolderTests {
    /// A private base folder for one test, removed afterwards.
    private static func makeBase() -> String {
        var template = Array((NSTemporaryDirectory() + "/inkpdf-workfolder-test-XXXXXX").utf8CString)
        _ = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func aFolderSomeoneElseMadeFirstIsNeverUsedNorItsGate() throws {
        let base = Self.makeBase()
        defer { try? FileManager.default.removeItem(atPath: base) }
        // What another local user could do with the old, predictable name: a world-writable
        // folder with the gate's copy already in it (a policy that lets everything through).
        let planted = base + "/inkpdf-serve-\(getpid())"
        #expect(mkdir(planted, 0o777) == 0)
        chmod(planted, 0o777)
        #expect(mkdir(planted + "/gate-1", 0o777) == 0)
        let plantedPolicy = #"{"exportAnnotated":"free"}"# + "\n"
        _ = FileManager.default.createFile(atPath: planted + "/gate-1/policy.json", contents: Data(plantedPolicy.utf8))
        let policy = base + "/policy.json"
        _ = FileManager.default.createFile(atPath: policy, contents: Data(#"{"exportAnnotated":"pro"}"#.utf8))

        var configuration = ServeConfiguration()
        configuration.workFolder = base
        configuration.policy = policy
        let service = try ExportService(configuration: configuration, executable: "/bin/false", environment: [:])
        defer { try? FileManager.default.removeItem(atPath: service.folder) }

        #expect(service.folder != planted, "the service took a folder someone else made")
        #expect(service.folder.hasPrefix(base + "/inkpdf-serve-\(getpid())-"), "\(service.folder)")
        var info = stat()
        #expect(lstat(service.folder, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid())
        #expect(info.st_mode & 0o777 == 0o700, "mode \(String(info.st_mode & 0o777, radix: 8))")
        // The gate the workers read is the service's copy of the file it was given.
        let gatePolicy = try #require(service.gateSnapshot.policy)
        #expect(gatePolicy.hasPrefix(service.folder + "/"), "\(gatePolicy)")
        #expect(FileManager.default.contents(atPath: gatePolicy) == Data(#"{"exportAnnotated":"pro"}"#.utf8))
        #expect(FileManager.default.contents(atPath: planted + "/gate-1/policy.json") == Data(plantedPolicy.utf8))
    }

    @Test func twoServicesOfOneProcessGetTwoFolders() throws {
        let base = Self.makeBase()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let first = try WorkFolder.make(in: base)
        let second = try WorkFolder.make(in: base)
        #expect(first != second)
    }

    @Test func aBaseOthersMayWriteToWithoutTheStickyBitIsRefused() throws {
        let base = Self.makeBase()
        defer { try? FileManager.default.removeItem(atPath: base) }
        chmod(base, 0o777)
        #expect(throws: ServeError.self) { try WorkFolder.make(in: base) }
        chmod(base, 0o1777)
        let folder = try WorkFolder.make(in: base)
        #expect(FileManager.default.fileExists(atPath: folder))
    }

    @Test func staleFoldersAreOnlyThisUsersOwnFoldersNeverALink() throws {
        let base = Self.makeBase()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let elsewhere = Self.makeBase()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        _ = FileManager.default.createFile(atPath: elsewhere + "/keep", contents: Data("x".utf8))
        // A process number that cannot run (above pid_max's largest value).
        let gone = "inkpdf-serve-2147483647-abcdef"
        #expect(mkdir(base + "/" + gone, 0o700) == 0)
        #expect(symlink(elsewhere, base + "/inkpdf-serve-2147483646-linked") == 0)
        WorkFolder.removeStale(in: base)
        #expect(!FileManager.default.fileExists(atPath: base + "/" + gone))
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/keep"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: base + "/inkpdf-serve-2147483646-linked")) == elsewhere)
    }
}
