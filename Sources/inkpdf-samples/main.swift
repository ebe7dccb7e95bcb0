import InkFileSystem
import InkBench
import Foundation
import InkPipeline
import InkFixtures

/// `inkpdf-samples samples DIR`, `inkpdf-samples bench --pages N DIR` and `inkpdf-samples batch --documents N DIR`.
let usage = """
    usage: inkpdf-samples samples DIR
           inkpdf-samples bench --pages N DIR
           inkpdf-samples batch --documents N DIR
           inkpdf-samples ink-sheet DIR
           inkpdf-samples ink-fidelity IN.pdf LAYERS PAGES DPI DIR
           inkpdf-samples margin-notes IN.pdf OUT.ink.jsonl
           inkpdf-samples compare-documents SOURCE.pdf FLATTENED.pdf
           inkpdf-samples per-segment-peer LAYERS OUT.pdf
           inkpdf-samples remarkable --pages N --strokes FOLDER --pdf MANUAL.pdf DIR
           inkpdf-samples remarkable-pencils --strokes N OUT.rmdoc
           inkpdf-samples xournal-bench IN.pdf PAGES OUT.xopp [--no-ink | --layers OUT.ink.jsonl]
           inkpdf-samples rnote-bench N OUT.json BLANK.pdf
           inkpdf-samples compare-ink REFERENCE.pdf REFERENCE-BARE.pdf CANDIDATE.pdf CANDIDATE-BARE.pdf
           inkpdf-samples inkml-bench LAYERS.ink.jsonl OUT.inkml

      samples   write course-notes.pdf, course-notes.ink.jsonl, letter-worksheet.pdf
                and letter-worksheet.ink.jsonl.gz into DIR
      bench     write bench-N.pdf and bench-N.ink.jsonl (N pages, N ≥ 1) into DIR
      batch     write N lecture documents of 10 to 60 pages with ink on most pages
                into week folders under DIR (the batch benchmark's corpus)
      ink-sheet write ink-sheet.pdf, ink-sheet.ink.jsonl and ink-sheet-1.png (every ink
                type, rendered as `inkpdf render` draws it; the README's picture) into DIR
      ink-fidelity  renders the ink of PAGES (e.g. 1-3) alone at DPI, as written and as
                an unfitted reference, into DIR and prints the SSIM near ink (benchmark)
      margin-notes  writes a few handwritten words in the right margin of every page
                of IN.pdf (the benchmark's ink for real-world documents)
      compare-documents  prints how many of SOURCE's links, outline entries, metadata
                fields and page labels FLATTENED kept (benchmark)
      per-segment-peer  draws LAYERS (pages ascending) as Xournal++ 1.1 exports
                pressure strokes, one stroked line per segment, into an ink-only
                A4 PDF: the benchmark's peer for ink bytes
      remarkable  writes a tablet document of N pages (DIR/xochitl/UUID.content…) over
                MANUAL's first N pages, each page's ink one of FOLDER's version 6 .rm
                files in turn (linked in place, as is the PDF), and the same strokes as
                DIR.ink.jsonl for MANUAL (the reMarkable benchmark and its peer)
      remarkable-pencils  writes a one-page notebook (.rmdoc) of N handwritten strokes
                of the tablet's pencils (every fourth the mechanical pencil), pressure
                and speed as the tablet records them: stippled pencil's size and time
      xournal-bench  writes a Xournal++ document (plain XML) showing PAGES (e.g. 1-360
                or 1,90,180) of IN.pdf with the dense benchmark's handwriting on each
                (or none, --no-ink): the benchmark against Xournal++; --layers also writes
                the same strokes as ink-layers for IN.pdf (the native peer)
      inkml-bench  writes LAYERS (the dense benchmark's strokes) as an InkML document as
                Microsoft Office stores ink, one page group a page: the InkML benchmark
      rnote-bench  writes an rnote notebook's JSON (gzip it for a .rnote) of N A4 pages with
                the dense benchmark's handwriting on each, and a blank PDF of N A4 pages
                (the rnote benchmark and its peer's page)
      compare-ink  prints how many of REFERENCE's ink pixels (where it differs from
                REFERENCE-BARE, at 72 dpi, every page) have CANDIDATE's within 1 px, and
                the converse (benchmark)

    Output is deterministic: the same command writes the same bytes.
    """

enum Command {
    case samples(directory: String)
    case bench(pages: Int, directory: String)
    case batch(documents: Int, directory: String)
    case inkSheet(directory: String)
    case inkFidelity(pdf: String, ink: String, pages: String, dpi: Double, directory: String)
    case marginNotes(pdf: String, ink: String)
    case compareDocuments(source: String, output: String)
    case perSegmentPeer(ink: String, pdf: String)
    case remarkable(pages: Int, strokes: String, manual: String, directory: String)
    case remarkablePencils(strokes: Int, archive: String)
    case xournalBench(pdf: String, pages: String, output: String, ink: Bool, layers: String?)
    case inkMLBench(layers: String, output: String)
    case rnoteBench(pages: Int, notebook: String, blankPDF: String)
    case compareInk(reference: String, referenceBare: String, candidate: String, candidateBare: String)
    case help
}

func parse(_ arguments: [String]) -> Command? {
    switch arguments.first {
    case "-h", "--help", "help":
        return arguments.count == 1 ? .help : nil
    case "samples":
        return arguments.count == 2 && !arguments[1].hasPrefix("-") ? .samples(directory: arguments[1]) : nil
    case "ink-fidelity":
        guard arguments.count == 6, let dpi = Double(arguments[4]), dpi > 0 else { return nil }
        return .inkFidelity(pdf: arguments[1], ink: arguments[2], pages: arguments[3], dpi: dpi, directory: arguments[5])
    case "margin-notes":
        return arguments.count == 3 ? .marginNotes(pdf: arguments[1], ink: arguments[2]) : nil
    case "per-segment-peer":
        return arguments.count == 3 ? .perSegmentPeer(ink: arguments[1], pdf: arguments[2]) : nil
    case "xournal-bench":
        if arguments.count == 6 && arguments[4] == "--layers" {
            return .xournalBench(pdf: arguments[1], pages: arguments[2], output: arguments[3], ink: true, layers: arguments[5])
        }
        guard arguments.count == 4 || (arguments.count == 5 && arguments[4] == "--no-ink") else { return nil }
        return .xournalBench(pdf: arguments[1], pages: arguments[2], output: arguments[3], ink: arguments.count == 4, layers: nil)
    case "inkml-bench":
        return arguments.count == 3 ? .inkMLBench(layers: arguments[1], output: arguments[2]) : nil
    case "rnote-bench":
        guard arguments.count == 4, let pages = Int(arguments[1]), pages >= 1 else { return nil }
        return .rnoteBench(pages: pages, notebook: arguments[2], blankPDF: arguments[3])
    case "compare-ink":
        guard arguments.count == 5 else { return nil }
        return .compareInk(reference: arguments[1], referenceBare: arguments[2], candidate: arguments[3], candidateBare: arguments[4])
    case "compare-documents":
        return arguments.count == 3 ? .compareDocuments(source: arguments[1], output: arguments[2]) : nil
    case "ink-sheet":
        return arguments.count == 2 && !arguments[1].hasPrefix("-") ? .inkSheet(directory: arguments[1]) : nil
    case "batch":
        guard arguments.count == 4, arguments[1] == "--documents", let count = Int(arguments[2]), count >= 1,
              !arguments[3].hasPrefix("-") else { return nil }
        return .batch(documents: count, directory: arguments[3])
    case "remarkable":
        guard arguments.count == 8, arguments[1] == "--pages", let pages = Int(arguments[2]), pages >= 1,
              arguments[3] == "--strokes", arguments[5] == "--pdf", !arguments[7].hasPrefix("-") else { return nil }
        return .remarkable(pages: pages, strokes: arguments[4], manual: arguments[6], directory: arguments[7])
    case "remarkable-pencils":
        guard arguments.count == 4, arguments[1] == "--strokes", let strokes = Int(arguments[2]), strokes >= 1,
              !arguments[3].hasPrefix("-") else { return nil }
        return .remarkablePencils(strokes: strokes, archive: arguments[3])
    case "bench":
        var pages: Int?
        var directory: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            if argument == "--pages" {
                guard let value = rest.popFirst(), let count = Int(value), count >= 1, pages == nil else { return nil }
                pages = count
            } else if argument.hasPrefix("--pages=") {
                guard let count = Int(argument.dropFirst("--pages=".count)), count >= 1, pages == nil else { return nil }
                pages = count
            } else if !argument.hasPrefix("-"), directory == nil {
                directory = argument
            } else {
                return nil
            }
        }
        guard let pages, let directory else { return nil }
        return .bench(pages: pages, directory: directory)
    default:
        return nil
    }
}

struct OutputDirectoryError: Error, CustomStringConvertible {
    var path: String
    var code: Int32
    var description: String { "cannot create directory \(path): \(Errno(rawValue: code).description)" }
}

/// Creates `directory` and its missing parents (like `mkdir -p`).
func prepare(_ directory: String) throws -> URL {
    var path = directory.hasPrefix("/") ? "/" : ""
    for component in directory.split(separator: "/") {
        path += (path.isEmpty || path.hasSuffix("/") ? "" : "/") + component
        do throws(Errno) { try FileSystem.makeFolder(path, mode: 0o755) } catch where error.rawValue != EEXIST {
            throw OutputDirectoryError(path: path, code: error.rawValue)
        } catch {}
    }
    let info: stat
    do throws(Errno) { info = try FileSystem.status(of: directory) } catch { throw OutputDirectoryError(path: directory, code: error.rawValue) }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw OutputDirectoryError(path: directory, code: ENOTDIR) }
    return URL(fileURLWithPath: directory, isDirectory: true)
}

func run(_ command: Command) -> Int32 {
    do {
        switch command {
        case .help:
            print(usage)
        case .samples(let directory):
            let url = try prepare(directory)
            let notes = (url.appendingPathComponent("course-notes.pdf"), url.appendingPathComponent("course-notes.ink.jsonl"))
            try SampleDocuments.writeCourseNotes(pdf: notes.0, ink: notes.1)
            print(notes.0.path)
            print(notes.1.path)
            let sheet = (url.appendingPathComponent("letter-worksheet.pdf"),
                         url.appendingPathComponent("letter-worksheet.ink.jsonl.gz"))
            let notebook = url.appendingPathComponent("worksheet-notebook.xopp")
            try SampleDocuments.writeWorksheet(pdf: sheet.0, ink: sheet.1, xournal: notebook)
            print(sheet.0.path)
            print(sheet.1.path)
            print(notebook.path)
        case .bench(let pages, let directory):
            let written = try SampleDocuments.makeBenchmark(pages: pages, directory: try prepare(directory))
            print(written.pdf.path)
            print(written.ink.path)
        case .inkFidelity(let pdf, let ink, let pages, let dpi, let directory):
            guard case .success(let selection) = PageSelection.parse(pages) else { throw OutputDirectoryError(path: pages, code: EINVAL) }
            let result = try InkFidelity.measure(pdf: pdf, ink: ink, pages: selection, scale: dpi / 72, directory: try prepare(directory))
            print(String(format: "ssim-near-ink %.4f min-page %.4f pixels %d", result.ssim, result.minimumPageSSIM, result.pixels))
        case .marginNotes(let pdf, let ink):
            try MarginNotes.write(pdf: pdf, ink: ink)
            print(ink)
        case .compareDocuments(let source, let output):
            print(try DocumentComparison.compare(source: source, output: output).line)
        case .perSegmentPeer(let ink, let pdf):
            try PerSegmentPeer.write(ink: ink, pdf: pdf)
            print(pdf)
        case .xournalBench(let pdf, let pages, let output, let ink, let layers):
            var numbers: [Int] = []
            for part in pages.split(separator: ",") {
                let ends = part.split(separator: "-").compactMap { Int($0) }
                guard (1...2).contains(ends.count), ends[0] >= 1, ends.last! >= ends[0] else { throw OutputDirectoryError(path: pages, code: EINVAL) }
                numbers += Array(ends[0]...ends.last!)
            }
            try XournalBenchmark.write(pdf: pdf, pages: numbers, to: output, ink: ink, layers: layers)
            print(output)
        case .inkMLBench(let layers, let output):
            let pages = try InkMLBenchmark.write(layers: layers, to: output)
            print("\(output) (\(pages) pages)")
        case .rnoteBench(let pages, let notebook, let blankPDF):
            try RNoteBenchmark.write(pages: pages, notebook: notebook, blankPDF: blankPDF)
            print(notebook)
            print(blankPDF)
        case .compareInk(let reference, let referenceBare, let candidate, let candidateBare):
            let count = try PopplerReader(path: reference).pageCount
            let result = try InkPlacement.compare(reference: reference, referenceWithoutInk: referenceBare, candidate: candidate,
                                                  candidateWithoutInk: candidateBare, pages: Array(1...max(count, 1)))
            print(String(format: "reference-covered %.4f candidate-covered %.4f reference-pixels %d candidate-pixels %d",
                         result.referenceShare, result.candidateShare, result.referencePixels, result.candidatePixels))
        case .inkSheet(let directory):
            for written in try InkSheet.write(directory: try prepare(directory)) { print(written.path) }
        case .remarkable(let pages, let strokes, let manual, let directory):
            _ = try prepare(directory)
            let written = try ReMarkableBenchmark.write(pages: pages, strokesFolder: strokes, manual: manual, directory: directory)
            print(written.content)
            print(written.layers)
            print("\(Set(written.strokeFiles).count) corpus pages of strokes")
        case .remarkablePencils(let strokes, let archive):
            try ReMarkablePencilPage.write(strokes: strokes, to: archive)
            print(archive)
        case .batch(let documents, let directory):
            let written = try BatchCorpus.write(documents: documents, directory: try prepare(directory))
            print("\(written.count) documents in \(directory)")
        }
        return 0
    } catch {
        FileHandle.standardError.write(Data("inkpdf-samples: \(error)\n".utf8))
        return 73
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = parse(arguments) else {
    let given = arguments.isEmpty ? "no arguments" : "arguments: " + arguments.joined(separator: " ")
    FileHandle.standardError.write(Data("inkpdf-samples: cannot use \(given)\n\(usage)\n".utf8))
    exit(64)
}
exit(run(command))
