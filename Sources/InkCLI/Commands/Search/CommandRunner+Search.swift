import Entitlements
import Foundation
import InkBatch
import InkCommandLine
import InkModel
import InkPipeline

/// Running `inkpdf search`.
extension CommandRunner {
    /// What unlocks searching handwriting, for the one-line refusal.
    static let searchUnlockHint = "to search handwriting, give a Pro licence or App Store proof with --proof FILE and the trust file with "
        + "--trust FILE (or INKPDF_PROOFS and INKPDF_TRUST), or use a policy with \"handwritingSearch\":\"free\"; "
        + "or search printed text only with --print-only"

    func search(_ arguments: SearchArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        let query: SearchQuery
        do {
            query = try SearchQuery(arguments.query, fuzziness: arguments.fuzziness)   // checked when parsed; arguments built otherwise are checked here
        } catch {
            print("inkpdf: search: " + TerminalText.escaped("\(error)"), to: &errors)
            return ExitCode.searchIncomplete.rawValue
        }
        if !arguments.printOnly, let refused = handwritingSearchGate(arguments.gate, errors: &errors) { return refused }
        let scope = SearchScope(print: true, handwriting: !arguments.printOnly)
        let password = arguments.password ?? environment["INKPDF_PASSWORD"]
        // With no path, the current folder, its files named as `grep -r` and `rg` name them: `notes.pdf`, not `./notes.pdf`.
        let listing = SearchDocuments(paths: arguments.paths.isEmpty ? ["."] : arguments.paths)
        func shown(_ path: String) -> String { arguments.paths.isEmpty && path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        for problem in listing.problems { print("inkpdf: warning: \(TerminalText.escaped(problem))", to: &errors) }

        var progress = BatchProgress(documentsTotal: listing.documents.count, bytesTotal: listing.documents.reduce(0) { $0 + $1.size })
        progress.failures = listing.problems.count
        let live = errorsIsTerminal
        let clock = ContinuousClock(), start = clock.now
        var lastDrawn: ContinuousClock.Instant?
        func elapsed() -> Double {
            let time = clock.now - start
            return Double(time.components.seconds) + Double(time.components.attoseconds) * 1e-18
        }
        func draw(_ errors: inout some TextOutputStream, force: Bool) {
            guard live else { return }
            let now = clock.now
            if !force, let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
            lastDrawn = now
            progress.elapsed = elapsed()
            print("\r\u{1B}[K" + Self.liveLine(progress), terminator: "", to: &errors)
        }

        var found = 0
        var anyPrinted = false
        if arguments.format == .json { output.write("[") }
        draw(&errors, force: true)
        for document in listing.documents {
            var outcome = DocumentSearch.Outcome()
            if document.isPDF || scope.handwriting {
                let pagesBefore = progress.pagesDone
                outcome = searchDocument(document, query: query, arguments: arguments, password: password) {
                    progress.pagesDone += 1
                    draw(&errors, force: false)
                }
                if outcome.failed && document.isPDF { progress.pagesDone = pagesBefore }
            }
            progress.documentsDone += 1
            progress.bytesDone += document.size
            progress.bytesWorked += document.size
            if outcome.failed { progress.failures += 1 }
            if live { print("\r\u{1B}[K", terminator: "", to: &errors) }
            for warning in outcome.warnings { print("inkpdf: warning: \(TerminalText.escaped(warning))", to: &errors) }
            found += outcome.hits.count
            let text = Self.searchOutput(outcome.hits, leftOut: outcome.leftOut, file: shown(document.path), format: arguments.format, first: !anyPrinted)
            if !text.isEmpty {
                output.write(text)
                anyPrinted = true
            }
            draw(&errors, force: true)
        }
        if live { print("\r\u{1B}[K", terminator: "", to: &errors) }
        if arguments.format == .json { output.write("]\n") }
        if found > 0 { return ExitCode.success.rawValue }
        return (progress.failures > 0 ? ExitCode.searchIncomplete : ExitCode.notFound).rawValue
    }

    /// The text printed for one document's hits (`first`: no hit was printed before, for the JSON array's commas).
    /// `leftOut`: hits found past the bounds and not listed; in JSON, the document's last hit says how many
    /// (`"hitsLeftOut"`), in the other forms the warning line does.
    /// In lines and pages, the file's name and the words found have their control characters escaped
    /// (`TerminalText`), and in the words a backslash and a quote are escaped too.
    static func searchOutput(_ hits: [SearchHit], leftOut: Int = 0, file: String, format: SearchArguments.Format, first: Bool) -> String {
        var text = ""
        let shownFile = TerminalText.escaped(file)
        switch format {
        case .lines:
            for hit in hits {
                let quoted = TerminalText.escaped(hit.text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))
                text += "\(shownFile):\(hit.page): \(hit.kind.rawValue) \"\(quoted)\""
                if let box = hit.box { text += " at " + [box.x, box.y, box.width, box.height].map(searchNumber).joined(separator: " ") }
                text += " score " + String(format: "%.2f", hit.score) + "\n"
            }
        case .pages:
            var seen = Set<Int>()
            for hit in hits where seen.insert(hit.page).inserted { text += "\(shownFile):\(hit.page)\n" }
        case .json:
            for (index, hit) in hits.enumerated() {
                var object = JSONObject()
                object.entries.append(("file", .string(file)))
                object.entries.append(("page", .number(hit.page)))
                object.entries.append(("text", .string(hit.text)))
                object.entries.append(("kind", .string(hit.kind.rawValue)))
                object.entries.append(("box", hit.box.map { box in
                    .array([box.x, box.y, box.width, box.height].map { JSONValue.number(rounded($0)) })
                } ?? .null))
                object.entries.append(("score", .number(hit.score)))
                if leftOut > 0, index == hits.count - 1 { object.entries.append(("hitsLeftOut", .number(leftOut))) }
                text += (first && index == 0 ? "" : ",\n") + JSONValue.object(object).jsonText
            }
        }
        return text
    }

    /// A coordinate rounded to 0.1 (no `-0`).
    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 + 0 }

    /// A coordinate as a hit line prints it: one decimal.
    static func searchNumber(_ value: Double) -> String { String(format: "%.1f", rounded(value)) }

    /// Consults the gate before a search of handwriting reads anything: nil to go on, or the exit
    /// code after printing why not (85 when refused).
    func handwritingSearchGate(_ options: GateOptions, errors: inout some TextOutputStream) -> Int32? {
        consultGate(options, command: "search", action: .handwritingSearch, refused: "searched", hint: Self.searchUnlockHint,
                    usageExit: .searchIncomplete, errors: &errors)
    }
}
