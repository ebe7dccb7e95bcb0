import Foundation
import InkCommandLine
import InkPipeline
import InkWorkers

/// Searching one document of `inkpdf search`: its files opened here (regular files only, whatever
/// their names' bytes), the search in a worker process bounded in time and memory (in this process
/// when there is no worker executable: the tests), and what it said named by the files' names.
extension CommandRunner {
    func searchDocument(_ document: SearchDocuments.Document, query: SearchQuery, arguments: SearchArguments, password: String?,
                        pageDone: () -> Void) -> DocumentSearch.Outcome {
        var outcome = DocumentSearch.Outcome()
        let files: SearchFiles
        do {
            files = try SearchFiles(document, skipped: &outcome.warnings)
        } catch {
            outcome.warnings.append(error.description)
            outcome.failed = true
            return outcome
        }
        let scope = SearchScope(print: true, handwriting: !arguments.printOnly)
        let readAs: [String]
        if let workerExecutable {
            readAs = files.descriptors.indices.map(DocumentWorker.givenFilePath)
            let found = searchInWorker(document, files: files, readAs: readAs, query: arguments.query, arguments: arguments,
                                       password: password, executable: workerExecutable, pageDone: pageDone)
            outcome.warnings += found.warnings
            outcome.hits = found.hits
            outcome.leftOut = found.leftOut
            outcome.pages = found.pages
            outcome.failed = found.failed
        } else {
            readAs = files.descriptors.indices.map(files.path(at:))
            let found = Self.search(readAs[0], isPDF: document.isPDF, inkBeside: Array(readAs.dropFirst()), query: query, scope: scope,
                                    password: password, opened: { _ in }, pageDone: { _ in pageDone() })
            outcome.warnings += found.warnings
            outcome.hits = found.hits
            outcome.leftOut = found.leftOut
            outcome.pages = found.pages
            outcome.failed = found.failed
        }
        outcome.warnings = outcome.warnings.map { files.naming($0, readAs: readAs) }
        return outcome
    }

    /// Searches one document as the worker does (and this process, without one): `opened` is told the
    /// page count once it is open (0 for an ink file), `pageDone` each page searched.
    static func search(_ path: String, isPDF: Bool, inkBeside: [String], query: SearchQuery, scope: SearchScope,
                       password: String?, opened: (Int) -> Void, pageDone: (Int) -> Void) -> DocumentSearch.Outcome {
        guard isPDF else {
            opened(0)
            return scope.handwriting ? DocumentSearch.searchInk(path, query: query) : DocumentSearch.Outcome()
        }
        do {
            return try DocumentSearch.searchPDF(path, inkBeside: inkBeside, query: query, scope: scope, password: password,
                                                opened: opened, pageDone: pageDone)
        } catch {
            var outcome = DocumentSearch.Outcome()
            outcome.warnings = ["\(error)"]
            outcome.failed = true
            return outcome
        }
    }

    /// The search of one document in a worker (`inkpdf __worker search --as-pdf … -- QUERY /proc/self/fd/4`),
    /// given its files as descriptors; a worker stopped by a bound, or one that failed, is one warning.
    private func searchInWorker(_ document: SearchDocuments.Document, files: SearchFiles, readAs: [String], query: String,
                                arguments: SearchArguments, password: String?, executable: String,
                                pageDone: () -> Void) -> DocumentSearch.Outcome {
        var command = [DocumentWorker.verb, CommandHelp.search.name] + arguments.limits.arguments + arguments.gate.arguments
        if arguments.printOnly { command += OptionHelp.Search.printOnly.spelled() }
        switch arguments.fuzziness {
        case .automatic: break
        case .exact: command += OptionHelp.Search.exact.spelled()
        case .edits(let edits): command += OptionHelp.Search.fuzzy.spelled(String(edits))
        }
        if document.isPDF { command += OptionHelp.Search.asPDF.spelled() }
        for ink in readAs.dropFirst() { command += OptionHelp.Search.inkBeside.spelled(ink) }
        command += ["--", query, readAs[0]]
        var environment = environment
        environment["INKPDF_PASSWORD"] = password
        var outcome = DocumentSearch.Outcome()
        do {
            let result = try DocumentWorker(executable: executable, limits: arguments.limits, environment: environment)
                .spawn(command, environment: environment, document: readAs[0], destinations: [], descriptors: files.descriptors) { report in
                    if report.finishedPage != nil { pageDone() }
                }
            if result.status == 0, let found = DocumentSearch.Outcome(json: result.output) { return found }
            let said = String(decoding: result.errors, as: UTF8.self).split(separator: "\n")
                .last(where: { $0.hasPrefix("inkpdf: ") && !$0.hasPrefix("inkpdf: warning: ") })
                .map { String($0.dropFirst("inkpdf: ".count)) }
            outcome.warnings = [said ?? "\(readAs[0]): not searched (its worker stopped with exit code \(result.status))"]
        } catch {
            outcome.warnings = [Self.stoppedSearch(error)]
        }
        outcome.failed = true
        return outcome
    }

    /// What a stopped worker's error says, for a search: the document was not searched, and the search goes on.
    static func stoppedSearch(_ error: ExportError) -> String {
        switch error {
        case .running(.timedOut(let path, let seconds, _)):
            "\(path): not searched: stopped after \(Int(seconds)) s (a damaged PDF can make poppler loop); check the file, or raise --timeout"
        case .running(.stalled(let path, let seconds, let opened, let page, _)):
            "\(path)\(page.map { ": page \($0)" } ?? ""): not searched: stopped after \(ExportError.seconds(seconds)) s without progress "
                + (!opened ? "while opening it" : "on this page") + " (a damaged PDF can make poppler loop); check the file, or raise --stall-timeout"
        default:
            "\(error)".replacingOccurrences(of: "nothing was written", with: "it was not searched")
        }
    }

    /// The search's side in a worker: checks the gate (the hidden verb is no way around it), searches its one
    /// document, reporting each page on the progress pipe, and prints the outcome as one JSON line.
    func searchAsWorker(_ arguments: SearchArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if !arguments.printOnly, let refused = handwritingSearchGate(arguments.gate, errors: &errors) { return refused }
        guard arguments.paths.count == 1, let query = try? SearchQuery(arguments.query, fuzziness: arguments.fuzziness) else {
            print("inkpdf: \(DocumentWorker.verb) search searches one document", to: &errors)
            return ExitCode.usage.rawValue
        }
        let outcome = Self.search(arguments.paths[0], isPDF: arguments.asPDF, inkBeside: arguments.inkBeside, query: query,
                                  scope: SearchScope(print: true, handwriting: !arguments.printOnly),
                                  password: arguments.password ?? environment["INKPDF_PASSWORD"],
                                  opened: { [pageProgress] count in pageProgress?.begin(pages: count > 0 ? Array(1...count) : []) },
                                  pageDone: { [pageProgress] page in pageProgress?.finished(page: page) })
        print(String(decoding: outcome.json, as: UTF8.self), to: &output)
        return ExitCode.success.rawValue
    }
}
