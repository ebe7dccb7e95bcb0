import InkWorkers
import InkBatch
import InkPipeline
@testable import InkCLI
import Testing

/// `--confine`, `--allow FOLDER` and batch's `--no-confine`, as every command that reads an
/// ink document parses them, and as the worker receives them.
@Suite struct ConfinementArgumentTests {
    /// Each command that reads another tool's document, with the least it needs.
    static let commands: [[String]] = [
        ["flatten", "notes.xopp", "-o", "out.pdf"], ["flatten", "in.pdf", "--ink", "notes.xopp", "-o", "out.pdf"],
        ["export", "notes.xopp", "-o", "out.pdf"], ["render", "notes.xopp", "-o", "png"], ["convert", "notes.xopp", "-o", "n.ink.jsonl"],
        ["merge", "--no-base", "--local", "a.xopp", "--remote", "b.xopp", "-o", "m.ink.jsonl"], ["inspect", "notes.xopp"],
        ["downgrade", "notes.xopp", "--max-content-version", "1", "-o", "d.ink.jsonl"], ["check", "notes.xopp"],
    ]

    static func confinement(_ arguments: [String]) throws -> [String]?? {
        switch try Command.parse(arguments) {
        case .flatten(let parsed): parsed.confinement
        case .export(let parsed): parsed.confinement
        case .render(let parsed): parsed.confinement
        case .convert(let parsed): parsed.confinement
        case .merge(let parsed): parsed.confinement
        case .inspect(let parsed): parsed.confinement
        case .downgrade(let parsed): parsed.confinement
        case .check(let parsed): parsed.confinement
        case .batch(let parsed): parsed.confinement
        default: .none
        }
    }

    @Test(arguments: commands)
    func confineAndAllowAreRead(command: [String]) throws {
        #expect(try Self.confinement(command) == .some(nil))
        #expect(try Self.confinement(command + ["--confine"]) == .some([]))
        #expect(try Self.confinement(command + ["--allow", "pdfs", "--allow", "/srv/backgrounds"]) == .some(["pdfs", "/srv/backgrounds"]))
        #expect(try Self.confinement(command + ["--confine", "--allow", "pdfs"]) == .some(["pdfs"]))
        #expect(throws: UsageError.self) { try Command.parse(command + ["--no-confine"]) }
        #expect(throws: UsageError.self) { try Command.parse(command + ["--allow"]) }
    }

    @Test func batchConfinesByDefault() throws {
        let batch = ["batch", "notes", "-o", "out"]
        #expect(try Self.confinement(batch) == .some([]))
        #expect(try Self.confinement(batch + ["--confine"]) == .some([]))
        #expect(try Self.confinement(batch + ["--allow", "shared"]) == .some(["shared"]))
        #expect(try Self.confinement(batch + ["--no-confine"]) == .some(nil))
        do {
            _ = try Command.parse(batch + ["--no-confine", "--allow", "shared"])
            Issue.record("--no-confine with --allow was accepted")
        } catch {
            #expect(error.message == "batch: --no-confine does not go with --confine or --allow")
        }
        guard case .batch(let parsed) = try Command.parse(batch) else { Issue.record("not batch"); return }
        #expect(parsed.options(environment: [:], workerExecutable: nil).flatten.confinement == [])
    }

    @Test(arguments: [["flatten", "notes.xopp", "-o", "o.pdf"], ["export", "notes.xopp", "-o", "o.pdf"],
                      ["render", "notes.xopp", "-o", "png"], ["convert", "notes.xopp", "-o", "n.ink.jsonl"]])
    func theConfinementReachesTheImportOptions(command: [String]) throws {
        let arguments = command + ["--allow", "pdfs"]
        let confinement: [String]? = switch try Command.parse(arguments) {
        case .flatten(let parsed): parsed.options(environment: [:]).confinement
        case .export(let parsed): parsed.options(environment: [:]).confinement
        case .render(let parsed): parsed.options(environment: [:]).confinement
        case .convert(let parsed): parsed.options(environment: [:]).confinement
        default: nil
        }
        #expect(confinement == ["pdfs"])
    }

    /// A batch document's worker is started with the batch's confinement, and parses it back the same.
    @Test(arguments: [nil, [], ["pdfs", "/srv/backgrounds"]] as [[String]?])
    func theWorkerGetsTheSameConfinement(confinement: [String]?) throws {
        var options = FlattenOptions()
        options.confinement = confinement
        let arguments = DocumentWorker.arguments(pdf: nil, ink: "notes.xopp", output: "out/notes.pdf", options: options,
                                                 limits: WorkerLimits(), unlessUpToDate: true)
        guard case .worker(.flatten(let parsed)) = try Command.parse(arguments) else { Issue.record("\(arguments)"); return }
        #expect(parsed.confinement == confinement)
        #expect(parsed.unlessUpToDate)
        #expect(parsed.options(environment: [:]).confinement == confinement)
    }

    /// `export` and `render` run as `__worker` workers with their own command line: the options travel with it.
    @Test func anIsolatedWorkerParsesTheSameConfinement() throws {
        let command = ["export", "notes.xopp", "-o", "o.pdf", "--allow", "pdfs"]
        #expect(try Command.parse([DocumentWorker.verb] + command) == .worker(try Command.parse(command)))
    }
}
