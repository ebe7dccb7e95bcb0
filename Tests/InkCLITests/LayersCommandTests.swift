import InkFixtures
import Foundation
import InkCLI
import InkPipeline
import InkModel
import Testing

/// Ink-layers text for the command tests: a stroke is `created` with `points` numbered points.
private enum Layers {
    static let header = #"{"format":"inkpdf-layers","version":1}"#

    static func stroke(_ created: Int, points: Range<Int> = 0..<6, ink: String = "pen") -> String {
        let list = points.map { "[\($0 * 3 + created),\($0 + 10),\($0),1.5,1.5,1,1,0,1.5]" }
        return ##"{"ink":{"type":"\##(ink)","color":"#000000"},"created":\##(created),"points":[\##(list.joined(separator: ","))]}"##
    }

    static func file(_ pages: [(Int, [String])]) -> String {
        ([header] + pages.map { #"{"page":\#($0.0),"strokes":[\#($0.1.joined(separator: ","))]}"# }).joined(separator: "\n") + "\n"
    }
}

/// A scratch folder with helpers to write and read its files.
private struct Folder {
    private let scratch = TestFolder()
    var url: URL { scratch.url }

    init() throws {}

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: path(name), atomically: false, encoding: .utf8)
        return path(name)
    }

    func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
    var out = "", err = ""
    let code = CommandRunner(environment: [:]).run(arguments, output: &out, errors: &err)
    return (code, out, err)
}

@Suite struct LayersCommandParsingTests {
    @Test func mergeWithEveryOption() throws {
        #expect(try Command.parse(["merge", "--base", "b", "--local", "l", "--remote", "r", "-o", "o", "--json", "--fail-on-conflict", "-q"])
                == .merge(MergeArguments(base: "b", local: "l", remote: "r", output: "o", json: true, failOnConflict: true, quiet: true)))
        #expect(try Command.parse(["merge", "--no-base", "-l", "l", "-r", "r", "-o", "o"])
                == .merge(MergeArguments(base: nil, local: "l", remote: "r", output: "o")))
        #expect(try Command.parse(["inspect", "x.ink.jsonl", "--json"]) == .inspect(InspectArguments(path: "x.ink.jsonl", json: true)))
        #expect(try Command.parse(["downgrade", "x", "--max-content-version", "2", "-o", "y"])
                == .downgrade(DowngradeArguments(path: "x", maxContentVersion: 2, output: "y")))
        #expect(try Command.parse(["check", "--", "-odd-name"]) == .check(CheckArguments(path: "-odd-name")))
    }

    @Test(arguments: [
        (["merge", "--local", "l", "--remote", "r", "-o", "o"],
         "merge: give the common ancestor with --base FILE, or --no-base for a first sync"),
        (["merge", "--base", "b", "--no-base", "--local", "l", "--remote", "r", "-o", "o"], "merge: give --base FILE or --no-base, not both"),
        (["merge", "--no-base", "--remote", "r", "-o", "o"], "merge: give the local version with --local FILE"),
        (["merge", "--no-base", "--local", "l", "-o", "o"], "merge: give the remote version with --remote FILE"),
        (["merge", "--no-base", "--local", "l", "--remote", "r"], "merge: give the output with -o OUT"),
        (["merge", "--no-base", "--local", "l", "--remote", "r", "-o", "o", "extra"], "merge: unexpected argument 'extra'"),
        (["merge", "--theirs"], "merge: unknown option '--theirs'"),
        (["merge", "--base"], "--base needs a value"),
        (["inspect"], "inspect: which file? give LAYERS file"),
        (["inspect", "a", "b"], "inspect: one LAYERS file at a time (got 2)"),
        (["downgrade", "a", "-o", "b"], "downgrade: give the client's version with --max-content-version V"),
        (["downgrade", "a", "--max-content-version", "0", "-o", "b"],
         "downgrade: --max-content-version '0' is not a content version (a whole number from 1)"),
        (["downgrade", "a", "--max-content-version", "2"], "downgrade: give the output with -o OUT"),
        (["check", "--json", "a"], "check: unknown option '--json'"),
    ])
    func badCommandLines(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try Command.parse(arguments) }
        #expect(run(arguments) == (ExitCode.usage.rawValue, "", "inkpdf: \(message); see 'inkpdf \(arguments[0]) --help'\n"))
    }

    @Test func helpListsTheLayersCommands() {
        let help = run(["--help"]).out
        for line in ["inkpdf merge (--base B | --no-base) --local L --remote R -o OUT", "inkpdf inspect LAYERS [options]",
                     "inkpdf downgrade LAYERS --max-content-version V -o OUT", "inkpdf check LAYERS", "90 merge conflicts"] {
            #expect(help.contains(line), "\(line)")
        }
    }
}

@Suite struct MergeCommandTests {
    @Test func mergesIntoANewFileAndReportsPerPage() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let base = try folder.write("base.ink.jsonl", Layers.file([(1, [Layers.stroke(1), Layers.stroke(2)])]))
        let local = try folder.write("local.ink.jsonl", Layers.file([(1, [Layers.stroke(1)])]))
        let remote = try folder.write("remote.ink.jsonl", Layers.file([(1, [Layers.stroke(1), Layers.stroke(2)]), (2, [Layers.stroke(3)])]))
        let output = folder.path("out/merged.ink.jsonl")
        let result = run(["merge", "--base", base, "--local", local, "--remote", remote, "-o", output])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.isEmpty)
        #expect(result.out == """
            wrote \(output)
            merged 2 pages, 2 strokes: 1 added, 1 removed, 0 changed, 0 conflicts
            page 1: removed by local: gesture created 2 (pen, 1 stroke)
            page 2: added by remote: gesture created 3 (pen, 1 stroke)

            """)
        #expect(try folder.read("out/merged.ink.jsonl") == Layers.file([(1, [Layers.stroke(1)]), (2, [Layers.stroke(3)])]))
        #expect(folder.names == ["base.ink.jsonl", "local.ink.jsonl", "out", "remote.ink.jsonl"])
    }

    @Test func replacingAnInputKeepsThePreviousRevision() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let baseText = Layers.file([(1, [Layers.stroke(1)])])
        let localText = Layers.file([(1, [Layers.stroke(1), Layers.stroke(5)])])
        let base = try folder.write("base.ink.jsonl", baseText)
        let local = try folder.write("local.ink.jsonl", localText)
        let remote = try folder.write("remote.ink.jsonl", Layers.file([(1, [Layers.stroke(1, points: 0..<3)])]))
        let result = run(["merge", "--base", base, "--local", local, "--remote", remote, "-o", local, "--json"])
        #expect(result.code == 0, "\(result.err)")
        #expect(try folder.read("local.ink.jsonl.prev") == localText)
        #expect(try folder.read("local.ink.jsonl") == Layers.file([(1, [Layers.stroke(1, points: 0..<3), Layers.stroke(5)])]))
        let json = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect(json?["output"] as? String == local)
        #expect(json?["keptRevision"] as? String == local + ".prev")
        #expect(json?["changed"] as? Int == 1)
        #expect(json?["conflicts"] as? Int == 0)
        let pages = json?["changes"] as? [[String: Any]]
        #expect(pages?.first?["page"] as? Int == 1)
        #expect((pages?.first?["changed"] as? [[String: Any]])?.first?["by"] as? String == "remote")

        // A damaged destination is kept aside, and the last good revision stays as it was.
        try folder.write("local.ink.jsonl", Layers.header + "\n{\"page\":1,")
        let again = run(["merge", "--base", base, "--local", base, "--remote", base, "-o", local, "-q"])
        #expect(again == (0, "", ""))
        #expect(try folder.read("local.ink.jsonl.damaged") == Layers.header + "\n{\"page\":1,")
        #expect(try folder.read("local.ink.jsonl.prev") == localText)
        #expect(try folder.read("local.ink.jsonl") == baseText)
    }

    @Test func conflictsAreReportedAndFailOnlyWhenAsked() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let base = try folder.write("base.ink.jsonl", Layers.file([(1, [Layers.stroke(1)])]))
        let local = try folder.write("local.ink.jsonl", Layers.file([(1, [Layers.stroke(1, points: 0..<4)])]))
        let remote = try folder.write("remote.ink.jsonl", Layers.file([(1, [Layers.stroke(1, points: 2..<6)])]))
        let output = folder.path("merged.ink.jsonl")
        let lenient = run(["merge", "--base", base, "--local", local, "--remote", remote, "-o", output])
        #expect(lenient.code == 0)
        #expect(lenient.out.contains("page 1: conflict: gesture created 1 (pen, 1 stroke): changed differently on both sides; kept what both kept (1 stroke)\n"))
        #expect(try folder.read("merged.ink.jsonl") == Layers.file([(1, [Layers.stroke(1, points: 2..<4)])]))

        let strict = run(["merge", "--base", base, "--local", local, "--remote", remote, "-o", output, "--fail-on-conflict", "-q"])
        #expect(strict == (ExitCode.mergeConflicts.rawValue, "",
                           "inkpdf: \(output): 1 conflict; the merge was written; review them\n"))
        #expect(try folder.read("merged.ink.jsonl.prev") == Layers.file([(1, [Layers.stroke(1, points: 2..<4)])]))
    }

    @Test func aBadInputWritesNothing() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let good = try folder.write("good.ink.jsonl", Layers.file([(1, [Layers.stroke(1)])]))
        let bad = try folder.write("bad.ink.jsonl", Layers.header + "\n" + #"{"page":0,"strokes":[]}"# + "\n")
        let output = folder.path("merged.ink.jsonl")
        let result = run(["merge", "--no-base", "--local", good, "--remote", bad, "-o", output])
        #expect(result == (ExitCode.invalidInk.rawValue, "", "inkpdf: \(bad):2: `page` is 0; pages are numbered from 1\n"))
        #expect(folder.names == ["bad.ink.jsonl", "good.ink.jsonl"])

        let missing = run(["merge", "--no-base", "--local", good, "--remote", folder.path("nope.ink.jsonl"), "-o", output])
        #expect(missing == (ExitCode.inputMissing.rawValue, "", "inkpdf: cannot open \(folder.path("nope.ink.jsonl")): No such file or directory\n"))
        #expect(folder.names == ["bad.ink.jsonl", "good.ink.jsonl"])
    }

    @Test func unknownInksSurviveMergeAndCheck() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let glitter = Layers.stroke(4, ink: "glitter")
        let local = try folder.write("local.ink.jsonl", Layers.file([(1, [Layers.stroke(1), glitter])]))
        let remote = try folder.write("remote.ink.jsonl", Layers.file([(1, [Layers.stroke(1)])]))
        let output = folder.path("merged.ink.jsonl")
        #expect(run(["merge", "--base", remote, "--local", local, "--remote", remote, "-o", output]).code == 0)
        #expect(try folder.read("merged.ink.jsonl") == Layers.file([(1, [Layers.stroke(1), glitter])]))
        #expect(run(["check", output]) == (0, "\(output): ok (1 page with ink, 1 layer, 2 strokes, 12 points)\n", ""))
    }
}

@Suite struct VersionCommandTests {
    @Test func downgradeWritesACopyAndNeverTheSource() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let text = Layers.file([(1, [Layers.stroke(1, ink: "watercolor"), Layers.stroke(2, ink: "crayon")])])
        let source = try folder.write("new.ink.jsonl", text)
        let sameFile = run(["downgrade", source, "--max-content-version", "1", "-o", folder.path("./new.ink.jsonl")])
        #expect(sameFile == (ExitCode.usage.rawValue, "",
                             "inkpdf: \(folder.path("./new.ink.jsonl")): the output would replace an input; choose another output path with -o\n"))
        #expect(folder.names == ["new.ink.jsonl"])

        let output = folder.path("old.ink.jsonl.gz")
        let result = run(["downgrade", source, "--max-content-version", "1", "-o", output])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out == """
            wrote \(output)
            content version 2 → 1 (at most 1): 2 of 2 strokes re-inked, 1 cannot keep their look
              crayon → pencil: 1 stroke
              watercolor → marker: 1 stroke
            \(source):2: page 1, stroke 1: look not kept: watercolor → marker: marker is a flat wash without watercolor's build-up

            """)
        #expect(try folder.read("new.ink.jsonl") == text)
        let gzip = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(gzip.prefix(2) == Data([0x1f, 0x8b]))
        let inspected = run(["inspect", output, "--json"])
        #expect(inspected.code == 0)
        #expect(inspected.out.hasPrefix(#"{"file":"\#(output)","contentVersion":1,"layers":1,"strokes":2,"points":12,"inks":{"marker":1,"pencil":1}"#))
    }

    @Test func inspectPrintsTheVersionsNeeded() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let path = try folder.write("n.ink.jsonl", Layers.file([(2, [Layers.stroke(0, points: 0..<2, ink: "reed")])]))
        #expect(run(["inspect", path]) == (0, """
            \(path): 1 page with ink; 1 layer; 1 stroke; 2 points; inks reed 1; bounds x 0…3, y 10…11; time 1970-01-01T00:00:00Z … 1970-01-01T00:00:01Z; requires content version 4
            page 2: 1 layer; 1 stroke; 2 points; inks reed 1; bounds x 0…3, y 10…11; time 1970-01-01T00:00:00Z … 1970-01-01T00:00:01Z; version 4

            """, ""))
    }

    @Test func checkExitsNonZeroWithTheLocatedErrorAndTheLastGoodRevision() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let path = try folder.write("n.ink.jsonl", Layers.file([(1, [Layers.stroke(1)])]) + #"{"page":2,"strokes":[{"ink":{"type":"pen"}}]}"#)
        let damaged = run(["check", path])
        #expect(damaged == (ExitCode.invalidInk.rawValue, "", "inkpdf: \(path):3: page 2, stroke 1: ink has no `color`\n"))

        try folder.write("n.ink.jsonl.prev", Layers.file([(1, [Layers.stroke(1)])]))
        #expect(run(["check", path]).err
                == "inkpdf: \(path):3: page 2, stroke 1: ink has no `color`; the last good revision is \(path).prev: copy it over \(path) to recover\n")
        #expect(run(["inspect", path]).code == ExitCode.invalidInk.rawValue)
        #expect(run(["check", folder.path("absent.ink.jsonl")]).code == ExitCode.inputMissing.rawValue)
    }
}
