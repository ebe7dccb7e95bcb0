import Foundation
import InkFixtures
import InkModel
import Testing

/// Writing the handwriting's text into a PDF is searching handwriting (`handwritingSearch`,
/// Pro): where the gate lets a user export but not search handwriting, `flatten` and `export`
/// (and the service's /v1/flatten and /v1/export, through their workers) write the document
/// without the text and say so in one line; with Pro the text is written.
@Suite struct HandwritingTextGateTests {
    static let word = "convolution"

    /// A one-page PDF and ink whose one stroke reads `word` (`withText`), or says nothing.
    static func documents(in folder: TestFolder, withText: Bool = true) throws -> (pdf: String, ink: String) {
        let pdf = folder.path("page.pdf")
        if !FileManager.default.fileExists(atPath: pdf) {
            try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage()])
        }
        var points: [(Double, Double)] = []
        for index in 0..<12 {
            let x: Double = 100 + 6 * Double(index)
            points.append((x, index % 2 == 0 ? 100 : 108))
        }
        var layer = PageLayer(page: 1, strokes: [redStroke(points, size: 1.5)])
        if withText { layer.setRecognisedText([RecognisedText(text: word, strokes: [0])]) }
        let ink = folder.writeInk(withText ? "text.ink.jsonl" : "plain.ink.jsonl", layers: [layer])
        return (pdf, ink)
    }

    static func text(of pdf: String) async throws -> String {
        let run = try await OutsideTool.pdftotext.outcome([pdf, "-"])
        return String(decoding: run.output, as: UTF8.self)
    }

    static func leftOutLines(_ errors: String) -> [Substring] {
        errors.split(separator: "\n").filter { $0.contains("handwriting's text is left out") }
    }

    @Test(arguments: ["flatten", "export"])
    func aFreeUserGetsTheDocumentWithoutTheTextAndOneLineSaysSo(command: String) async throws {
        let folder = TestFolder()
        let policy = folder.write("{\"exportAnnotated\":\"free\"}\n", to: "policy.json")
        let (pdf, ink) = try Self.documents(in: folder)

        let free = try await Run.of([command, pdf, "--ink", ink, "-o", folder.path("free.pdf"), "--policy", policy])
        #expect(free.status == 0, "\(free.errors)")
        let lines = Self.leftOutLines(free.errors)
        #expect(lines.count == 1 && lines.allSatisfy { $0.hasPrefix("inkpdf: warning: ") && $0.contains("--proof FILE") },
                "\(free.errors)")
        #expect(!(try await Self.text(of: folder.path("free.pdf"))).contains(Self.word))

        let pro = try await Run.of([command, pdf, "--ink", ink, "-o", folder.path("pro.pdf"), "--policy", policy] + DemoLicence.arguments)
        #expect(pro.status == 0, "\(pro.errors)")
        #expect(Self.leftOutLines(pro.errors).isEmpty, "\(pro.errors)")
        #expect((try await Self.text(of: folder.path("pro.pdf"))).contains(Self.word))

        // Ink that reads nothing: nothing to say.
        let (_, plain) = try Self.documents(in: folder, withText: false)
        let quiet = try await Run.of([command, pdf, "--ink", plain, "-o", folder.path("plain.pdf"), "--policy", policy])
        #expect(quiet.status == 0 && Self.leftOutLines(quiet.errors).isEmpty, "\(quiet.errors)")
    }

    @Test func theServiceLeavesTheTextOutForAFreeUserAndWritesItWithPro() async throws {
        let folder = TestFolder()
        let policy = folder.write("{\"exportAnnotated\":\"free\"}\n", to: "policy.json")
        let (pdf, ink) = try Self.documents(in: folder)
        let service = try await ServiceProcess(["--trust", DemoLicence.trust, "--policy", policy])
        for endpoint in ["flatten", "export"] {
            let free = try await service.request("/v1/\(endpoint)", files: ["pdf": pdf, "ink": ink], out: folder.path("free-\(endpoint).pdf"))
            #expect(free.status == 200, "\(free.text)")
            #expect(!(try await Self.text(of: folder.path("free-\(endpoint).pdf"))).contains(Self.word), "\(endpoint)")
            let pro = try await service.request("/v1/\(endpoint)", files: ["pdf": pdf, "ink": ink, "proof": DemoLicence.licence],
                                          out: folder.path("pro-\(endpoint).pdf"))
            #expect(pro.status == 200, "\(pro.text)")
            #expect((try await Self.text(of: folder.path("pro-\(endpoint).pdf"))).contains(Self.word), "\(endpoint)")
        }
        await #expect(service.stop() == 0)
    }
}
