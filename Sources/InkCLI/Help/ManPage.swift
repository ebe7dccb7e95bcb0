import InkCommandLine
import InkPipeline

/// docs/inkpdf.1, made from the same `CommandHelp` and `ExitCode.meaning` as `--help`, so
/// that the page cannot describe other options than the commands take. `HelpTests` checks
/// that the file is what this makes; `inkpdf __man-page > docs/inkpdf.1` writes it again.
public enum ManPage {
    /// The hidden verb that prints the page.
    public static let verb = "__man-page"

    public static var roff: String {
        var page = [
            #".\" The manual page of inkpdf, made by 'inkpdf __man-page' from each command's declaration (Sources/InkCommandLine)."#,
            #".TH INKPDF 1 "" "inkpdf \#(InkPDFVersion.current)" "User Commands""#,
            ".SH NAME", #"inkpdf \- puts handwriting onto PDFs"#,
            ".SH SYNOPSIS",
        ]
        page += [".nh", ".ad l", ".nf"]
        for command in HelpText.commands { page += usage(command) }
        page += [#"\fBinkpdf\fR [\fB\-\-help\fR | \fB\-\-version\fR]"#, ".fi"]
        page += section("DESCRIPTION", description)
        page.append(".SH COMMANDS")
        for command in HelpText.commands {
            page.append(".SS \"\(command.name)\"")
            page += [".nf"] + usage(command) + [".fi"]
            for paragraph in command.description { page += [".PP", escaped(paragraph)] }
            for option in command.options + [.help] { page += [".TP", label(option), escaped(option.text)] }
        }
        page += section("FILES REFERRED TO", confinement)
        page.append(".SH ENVIRONMENT")
        for (name, text) in environment { page += [".TP", ".B " + name, escaped(text)] }
        page.append(".SH \"EXIT STATUS\"")
        for code in ExitCode.allCases { page += [".TP", ".B \(code.rawValue)", escaped(code.meaning)] }
        page.append(".SH EXAMPLES")
        for (text, command) in examples { page += [".PP", escaped(text), ".PP", ".RS", ".nf", escaped(command), ".fi", ".RE"] }
        page += [".SH \"SEE ALSO\"", ".BR qpdf (1),", ".BR pdftocairo (1),", ".BR xournalpp (1);",
                 escaped("docs/ in the source (docs/commands.md, docs/ink-layers.md, docs/entitlements.md) for every option, the ink-layers format and the entitlement rules.")]
        return page.joined(separator: "\n") + "\n"
    }

    static let description = [
        "inkpdf draws handwriting onto PDFs. It reads the ink of inkpdf's own ink-layers files (.ink.jsonl, plain or gzip), Xournal++ (.xopp, .xoj), reMarkable tablets (.rmdoc, a document's UUID.content, single .rm pages), InkML (.inkml), rnote (.rnote), and the annotations of any PDF viewer (a PDF's Ink, markup and shape annotations). flatten redraws every page with its ink, export lays the ink over the original document and keeps everything else, render makes previews, batch does a folder. Beside every output it writes the ink it drew (the sidecar), so the output can be edited again.",
        "It also reads the handwriting: recognize (and --recognize on flatten, export and batch) turns the ink into words (tesseract for Latin scripts, zinnia for Japanese and Chinese), kept with the ink and written into the PDF as an invisible text layer, so a viewer can find and select them; search finds a word in the handwriting and the text of PDFs, ink files and folders of them. convert turns any of the ink formats into ink-layers; extract takes the ink back out of a PDF inkpdf wrote.",
        "Every command that reads a PDF does that work in a worker process with a time limit and a memory limit, so a damaged or hostile file costs that document only. Outputs are written to a temporary file beside the target and renamed into place; inputs are never changed.",
        "Each command prints its own options with inkpdf COMMAND --help.",
    ]

    static let confinement = [
        "An ink document may name other files: a Xournal++ document its background PDF or pictures, a reMarkable document its page files. Without --confine, inkpdf reads any regular file a document names (up to a size cap). With --confine, such a file is read only when its real path (symbolic links resolved) lies inside the document's own folder or a folder given with --allow FOLDER (repeatable; --allow implies --confine); anything else is an error that names the file. A PDF given on the command line (IN.pdf, --pdf FILE) is always read.",
        "batch confines by default, since its documents are often other people's; --allow adds folders and --no-confine turns confinement off. Use --confine for any document you did not write.",
    ]

    static let environment: [(String, String)] = [
        ("INKPDF_PASSWORD", "the password of an encrypted PDF, when --password is not given (it stays off the command line)"),
        ("INKPDF_POLICY", "the policy file of the entitlement gate, when --policy is not given"),
        ("INKPDF_TRUST", "the trust file, when --trust is not given"),
        ("INKPDF_PROOFS", "the proofs of Pro, colon-separated, when no --proof is given"),
        ("INKPDF_STATE", "the gate's state file, when --state is not given"),
        ("TMPDIR", "where imports and workers keep their temporary files (default /tmp)"),
    ]

    static let examples: [(String, String)] = [
        ("Flatten a lecture's PDF with its ink, writing the PDF and its sidecar:",
         "inkpdf flatten lecture.pdf --ink lecture.ink.jsonl -o out/lecture.pdf"),
        ("Draw a Xournal++ notebook someone sent, reading only files in its own folder:",
         "inkpdf flatten notes.xopp -o notes.pdf --confine"),
        ("Flatten a class's folder of uploads on four cores, with a report:",
         "inkpdf batch uploads/ -o flattened/ --jobs 4 --json report.json"),
        ("Export with the ink attached, and get the ink back later:",
         "inkpdf export lecture.pdf --ink lecture.ink.jsonl -o share/lecture.pdf --embed-ink\ninkpdf extract share/lecture.pdf -o lecture.ink.jsonl.gz"),
    ]

    /// The command's usage lines, `inkpdf VERB` in bold, wrapped for a terminal of 80 columns
    /// (the page is indented by 7), for a no-fill block.
    private static func usage(_ command: CommandHelp) -> [String] {
        command.usageLines.flatMap { HelpLayout.usage($0, prefix: "", width: 72) }.map { line in
            let name = "inkpdf " + command.name
            return line.hasPrefix(name) ? "\\fB" + escaped(name) + "\\fR" + escaped(String(line.dropFirst(name.count))) : escaped(line)
        }
    }

    /// `.SH NAME` and its paragraphs.
    private static func section(_ name: String, _ paragraphs: [String]) -> [String] {
        [".SH \(name.contains(" ") ? "\"\(name)\"" : name)"] + paragraphs.enumerated().flatMap { index, text in
            (index == 0 ? [] : [".PP"]) + [escaped(text)]
        }
    }

    /// `\fB\-o\fR, \fB\-\-output\fR \fIOUT.pdf\fR`.
    private static func label(_ option: OptionHelp) -> String {
        let ordered = option.names.filter { !$0.hasPrefix("--") } + option.names.filter { $0.hasPrefix("--") }
        return ordered.map { "\\fB" + escaped($0) + "\\fR" }.joined(separator: ", ") + (option.value.map { " \\fI" + escaped($0) + "\\fR" } ?? "")
    }

    /// `text` as roff reads it literally: backslashes and hyphens escaped, no line taken for a request.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}
