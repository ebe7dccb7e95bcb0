import Foundation
@testable import InkPipeline
import InkFixtures
import Testing
import LibQPDF

/// The ownership rules of the qpdf wrapper: stream buffers are freed on every
/// path, and an object handle used after `releaseAllObjects()` is caught.
@Suite struct QPDFOwnershipTests {
    /// A one-page PDF opened with qpdf, in a folder that lasts as long as the value.
    final class Fixture {
        let folder = TestFolder()
        let pdf: String
        let document: QPDFDocument

        init() throws {
            pdf = folder.path("one.pdf")
            try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage()])
            document = try QPDFDocument(path: pdf, password: nil)
        }
    }

    /// Bytes no filter would leave alone by chance.
    static let payload: [UInt8] = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) }

    @Test func streamDataIsDecodedWhenQPDFCanAndNilWhenItCannot() throws {
        let f = try Fixture()
        // Filtered path, with no filter: the bytes as given.
        let plain = f.document.newStream(Self.payload)
        #expect(plain.streamData() == Self.payload)

        // Filtered path through FlateDecode: written compressed by qpdf, decoded on reading.
        let reference = try #require(plain.reference)
        f.document.root.set("/InkPDFTestStream", plain)
        let written = f.folder.path("written.pdf")
        try f.document.write(to: written, name: written)
        let reread = try QPDFDocument(path: written, password: nil)
        let compressed = reread.object(id: reference.id, generation: reference.generation)
        let filter = compressed["/Filter"]
        #expect(filter?.isName("/FlateDecode") == true || filter?[0].isName("/FlateDecode") == true,
                "qpdf wrote the stream compressed: \(filter?.unparsed ?? "no filter")")
        #expect(compressed.streamData() == Self.payload)

        // Unfiltered path: a filter qpdf does not know; qpdf hands back the raw bytes, which are refused (and freed).
        let unknown = f.document.newStream(Self.payload)
        unknown.set("/Filter", f.document.newName("/InkPDFUnknownDecode"))
        #expect(unknown.streamData() == nil)
    }

    /// Reading undecodable stream data again and again must not keep qpdf's buffers:
    /// 200 reads of 1 MB would leave 200 MB resident if the unfiltered buffer leaked.
    /// (In a child process, so that other tests' memory does not blur the measure.)
    @Test func unfilteredStreamDataDoesNotLeak() async {
        await #expect(processExitsWith: .success) {
            let f = try Fixture()
            let big = [UInt8](repeating: 0x5A, count: 1 << 20)
            let unknown = f.document.newStream(big)
            unknown.set("/Filter", f.document.newName("/InkPDFUnknownDecode"))
            let filtered = f.document.newStream(big)
            precondition(unknown.streamData() == nil && filtered.streamData() == big)
            let before = residentBytes()
            for _ in 0..<200 {
                precondition(unknown.streamData() == nil)
                precondition(filtered.streamData()?.count == big.count)
            }
            let growth = residentBytes() - before
            precondition(growth < 64 << 20, "resident memory grew by \(growth >> 20) MB over 200 reads of 1 MB")
        }
    }

    @Test func objectsAreStaleAfterReleaseAndFoundAgainByReference() throws {
        let f = try Fixture()
        let page = f.document.page(1)
        let reference = try #require(page.reference)
        #expect(page.isValid)
        f.document.releaseAllObjects()
        #expect(!page.isValid, "a handle from before the release is stale")
        let again = f.document.object(id: reference.id, generation: reference.generation)
        #expect(again.isValid && again.isDictionary && again["/Type"]?.isName("/Page") == true)

        let counted = f.document.releasingObjects { f.document.root.keys.count }
        #expect(counted > 0)
        #expect(f.document.handleEpoch == 2, "releasingObjects released once more")
    }

    @Test func usingAnObjectAfterReleaseStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let f = try Fixture()
            let root = f.document.root
            f.document.releaseAllObjects()
            _ = root.isDictionary   // caught by the epoch precondition, not sent to qpdf
        }
    }

    @Test func mixingObjectsOfTwoDocumentsStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let f = try Fixture(), g = try Fixture()
            f.document.root.set("/Foreign", g.document.newInteger(1))
        }
    }
}

/// This process's resident memory in bytes, from `/proc/self/statm`.
func residentBytes() -> Int {
    let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
    let pages = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
