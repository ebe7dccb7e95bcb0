extension CommandHelp {
    public static let recognize = CommandHelp(
        name: "recognize",
        synopsis: ["recognize INK -o OUT.ink.jsonl[.gz] [--lang en+ja] [--redo]"],
        summary: "reads the handwriting: adds what it says (text entries) to an ink-layers file (Pro)",
        description: ["Reads any ink file convert reads (ink-layers, Xournal++, reMarkable, InkML, rnote, a PDF's annotations) and writes it as an ink-layers file in which every layer without text entries has them: the words its strokes read, each naming its strokes, with a confidence and other readings. Lines of handwriting are found from the strokes; Latin lines are read by tesseract from the ink drawn alone, CJK lines by zinnia from the strokes themselves.",
                      "The work runs in a worker process bounded in time and memory; each page read counts as progress. On a terminal, a live line shows the pages read.",
                      "Handwriting search is Pro: without a proof it is refused (exit 85, nothing written). A missing or damaged model is exit 92, naming the Debian package to install."],
        options: [OptionHelp.Recognize.output,
                  OptionHelp.Recognize.lang,
                  OptionHelp.Recognize.redo,
                  OptionHelp.pdf.with(text: "the PDF the ink lies on, instead of the one the file names"), .page, .inkFormat, .annotations,
                  .password, OptionHelp.quiet.with(text: "print nothing but errors (and no progress line)"),
                  OptionHelp.timeout.with(text: "stop the recognition after this long in all (default 900; exit 88): the work runs in a worker process"),
                  OptionHelp.stallTimeout.with(text: "stop it sooner when it goes this long without progress: reading the ink, or reading a line of handwriting (default 60; exit 88)"),
                  OptionHelp.memoryLimit] + OptionHelp.gate + OptionHelp.confinement)
}

extension OptionHelp {
    /// `recognize`'s own options.
    public enum Recognize {
        public static let output = OptionHelp.output.with(value: "OUT", text: "the ink-layers file to write (atomically); - writes it to standard output; INK - reads standard input")
        public static let lang = OptionHelp(["--lang"], value: "TAGS", served: true, "the languages, BCP 47 tags joined by + (en, de, fr, es, it, pt, nl, sv, pl, ja, zh-Hans; default en)")
        public static let redo = OptionHelp(["--redo"], served: true, "recognise layers that already have text entries too, replacing them")
    }
}
