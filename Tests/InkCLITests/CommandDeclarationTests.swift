import Foundation
import InkWorkers
@testable import InkCLI
import InkCommandLine
import InkModel
import InkPipeline
@testable import InkServe
import Testing

/// Each command and option is declared once (`Sources/InkCommandLine`): the parser, the worker's
/// command line and the service's form spell an option from its declaration, never as a literal.
@Suite struct CommandDeclarationTests {
    /// Every option name inkpdf's commands take, from their declarations (the hidden worker flags too).
    static let optionNames: Set<String> = {
        let hidden = [OptionHelp.Flatten.recordInkSHA256, OptionHelp.Flatten.singleThread, OptionHelp.Flatten.unlessUpToDate,
                      OptionHelp.help, OptionHelp.version]
        return Set((HelpText.commands.flatMap(\.options) + hidden).flatMap(\.names))
    }()

    /// The targets that are inkpdf itself (not the benchmark's and samples' own tools, nor test support, which
    /// run other programs with their options).
    static let ownTargets: Set<String> = ["InkCLI", "InkServe", "InkWorkers", "InkBatch", "InkPipeline", "InkImport", "InkModel", "InkRecognition",
                                          "InkRendering", "InkPDFContent", "InkFileSystem", "Entitlements", "inkpdf"]

    @Test func noOptionIsSpelledOutsideItsDeclaration() throws {
        let literal = try Regex(#""(-{1,2}[A-Za-z][A-Za-z0-9-]*)""#)
        var found: [String] = []
        for source in LibraryOwnershipTests.code where Self.ownTargets.contains(source.target) {
            for line in source.lines {
                for match in line.matches(of: literal) {
                    let name = String(line[match.range].dropFirst().dropLast())
                    if Self.optionNames.contains(name) { found.append("\(source.target)/\(source.file): \(name)") }
                }
            }
        }
        #expect(found.isEmpty, "options spelled as literals (use their OptionHelp declaration): \(found)")
        #expect(Self.optionNames.contains("--only-annotated") && Self.optionNames.contains("--record-ink-sha256"))
    }

    /// A value each served option takes (a new served option needs one here).
    static let servedValues = ["ink-format": "xournal", "annotations": "screen", "page": "2", "pages": "1-3", "ink-as": "annotations",
                               "group": "layer", "dpi": "96", "scale": "1.5", "lang": "en+ja", "action": "view-annotated", "notes": "3",
                               "first-use": "2025-01-01"]

    /// What the service takes for a command is what the command takes: each field the form accepts, given
    /// to the endpoint alone, makes a command line whose every option the command's own parser knows (it may
    /// still ask for another option to go with it: `--group` with `--ink-as annotations`), and all of them
    /// that go together make one it reads without error.
    @Test(arguments: Endpoint.allCases.filter(\.runsWorker))
    func everyServedFieldIsAnOptionOfItsCommand(endpoint: Endpoint) throws {
        func parsed(_ texts: [String: String]) throws -> Result<Command, UsageError> {
            let options = try endpoint.options(from: texts)
            #expect(options.count == texts.count + texts.keys.filter(endpoint.valueOptions.contains).count)
            let arguments = try endpoint.workerArguments(pdf: "/w/a.pdf", ink: "/w/a.ink.jsonl", proofs: ["/w/p.jws"], options: options,
                                                         output: "/w/out/a.pdf", limits: WorkerLimits().arguments,
                                                         gate: GateOptions(trust: "/g/trust.json").arguments)
            return Result { () throws(UsageError) -> Command in try Command.parse(arguments) }
        }
        var all: [String: String] = [:]
        for field in endpoint.valueOptions + endpoint.flagOptions {
            let value = endpoint.flagOptions.contains(field) ? "1" : Self.servedValues[field]
            guard let value else { Issue.record("no sample value for '\(field)'"); return }
            if case .failure(let error) = try parsed([field: value]) {
                #expect(!error.message.contains("unknown option"), "\(endpoint): \(field): \(error.message)")
            }
            all[field] = value
        }
        // Those that exclude another: export's --ink-only (not with --embed-ink), render's --scale (not with --dpi).
        all["ink-only"] = nil
        all["scale"] = nil
        switch try parsed(all) {
        case .success(.worker): break
        case let other: Issue.record("\(endpoint): \(other)")
        }
        #expect(Set(endpoint.textParts) == endpoint.form.texts)
    }

    /// The worker's command line gives back, parsed, the options it was made from: spelled again, the same words.
    @Test func theWorkersCommandLineParsesBackToItsOptions() throws {
        var options = FlattenOptions(stripMetadata: true, recordedInkSHA256: String(repeating: "a", count: 64))
        options.singleThreaded = true
        options.ignoreDocumentMismatch = true
        options.writeSidecar = false
        options.pages = try PageSelection.parse("2-5,9").get()
        options.onlyAnnotated = true
        options.inkFormat = .xournal
        options.annotations = .screen
        options.page = 3
        options.recognitionLanguages = "en+ja"
        options.confinement = ["pdfs"]
        let limits = WorkerLimits(timeout: 30, memoryMB: 512, stallTimeout: 5)
        let arguments = DocumentWorker.arguments(pdf: "a.pdf", ink: "a.ink.jsonl", output: "o/a.pdf", options: options, limits: limits,
                                                 unlessUpToDate: true)
        guard case .worker(.flatten(let parsed)) = try Command.parse(arguments) else { Issue.record("\(arguments)"); return }
        var again = parsed.options(environment: [:])
        again.recognitionLanguages = parsed.recognize
        #expect(parsed.limits == limits && parsed.unlessUpToDate)
        #expect(DocumentWorker.arguments(pdf: parsed.pdf, ink: parsed.ink, output: parsed.output, options: again, limits: parsed.limits,
                                         unlessUpToDate: parsed.unlessUpToDate) == arguments)
        // Every flag and value above is on the line.
        for option in [OptionHelp.Flatten.recordInkSHA256, .Flatten.singleThread, .Flatten.unlessUpToDate, .ignoreMismatch, .noSidecar, .pages,
                       .onlyAnnotated, .stripMetadata, .inkFormat, .annotations, .page, .recognize, .lang, .allow] {
            #expect(arguments.contains(option.name), "\(option.name)")
        }
    }
}
