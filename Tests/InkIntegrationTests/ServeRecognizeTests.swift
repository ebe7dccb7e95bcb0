import Foundation
import InkFixtures
import InkModel
import Testing

/// The service recognises handwriting: `POST /v1/recognize` (an ink file back, with `text` entries),
/// and `recognize=1` on flatten, a worker of its own before the drawing one; both behind the gate
/// (searching handwriting is Pro). Loopback only, a few requests.
@Suite(.serialized)
struct ServeRecognizeTests {
    static let pdf = SharedCorpus.repository.appendingPathComponent("SamplePDFs/course-notes.pdf").path

    static func entries(_ path: String) throws -> [RecognisedText] {
        try RecognizeFlattenTests.sidecarText(path)
    }

    @Test func recognizeAnswersTheInkWithItsWordsAndIsGated() async throws {
        let folder = TestFolder()
        let ink = try await RecognizeFlattenTests.samples(folder)
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--jobs", "1"], environment: RecognizeExecutableTests.environment([:]))
        let refused = try await service.request("/v1/recognize", files: ["ink": ink])
        #expect(refused.status == 402 && refused.json["reason"] as? String == "requires_pro", "\(refused.text)")

        let out = folder.path("recognised.ink.jsonl")
        let answer = try await service.request("/v1/recognize", files: ["ink": ink, "proof": DemoLicence.licence], fields: ["lang": "en"], out: out)
        #expect(answer.status == 200, "\(answer.text)")
        let entries = try Self.entries(out)
        #expect(entries.count >= 20 && entries.contains { $0.text == "convolution" }, "\(entries.map(\.text))")

        let bad = try await service.request("/v1/recognize", files: ["ink": ink, "proof": DemoLicence.licence], fields: ["lang": "klingon language"])
        #expect(bad.status == 400, "\(bad.text)")
        #expect(await service.stop() == 0)
    }

    @Test func flattenWithRecognizeWritesTheWordsSearchably() async throws {
        let folder = TestFolder()
        let ink = try await RecognizeFlattenTests.samples(folder)
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--jobs", "1"], environment: RecognizeExecutableTests.environment([:]))
        let out = folder.path("flattened.pdf")
        let answer = try await service.request("/v1/flatten?recognize=1", files: ["pdf": Self.pdf, "ink": ink, "proof": DemoLicence.licence], out: out)
        #expect(answer.status == 200, "\(answer.text)")
        let text = try await OutsideTool.text(of: out)
        #expect(text.contains("convolution"), "the recognised words are not in the PDF's text")
        // Without the PDF, the recognised ink has nothing to be drawn over.
        let alone = try await service.request("/v1/flatten", files: ["ink": ink, "proof": DemoLicence.licence], fields: ["recognize": "1"])
        #expect(alone.status == 400 && (alone.json["message"] as? String ?? "").contains("/v1/recognize"), "\(alone.text)")
        #expect(await eventually(within: 10) { service.leftInWorkFolder.isEmpty }, "left behind: \(service.leftInWorkFolder)")
        #expect(await service.stop() == 0)
    }

    /// Issue 52: a form value is a value. `annotations=--policy` was read as the gate's option, and the
    /// 400 that followed named the service's private copy of its policy; `ink-format=--redo` turned
    /// `--redo` on. Each is now refused as the value it is, and no message names the service's folder.
    @Test func formValuesThatLookLikeOptionsAreValuesAndTheServicesPathsStayPrivate() async throws {
        let folder = TestFolder()
        let ink = RecognizeExecutableTests.inkWithText(folder)
        let policy = folder.write(#"{"handwritingSearch":"free","exportAnnotated":"free"}"#, to: "policy.json")
        let service = try await ServiceProcess(["--policy", policy, "--jobs", "1"], environment: RecognizeExecutableTests.environment([:]))
        for (field, value, said) in [("annotations", "--policy", "--annotations '--policy' is not print, screen or all"),
                                     ("ink-format", "--redo", "--ink-format '--redo' is not a format inkpdf reads"),
                                     ("page", "--redo", "--page '--redo' is not a page number"),
                                     ("lang", "--policy", "'--policy'")] {
            let answer = try await service.request("/v1/recognize", files: ["ink": ink], fields: [field: value])
            let message = answer.json["message"] as? String ?? ""
            #expect(answer.status == 400 && message.contains(said), "\(field)=\(value): \(answer.text)")
            #expect(!message.contains(service.workFolder) && !message.contains("gate-"), "\(field)=\(value): \(message)")
        }
        #expect(await service.stop() == 0)
    }
}
