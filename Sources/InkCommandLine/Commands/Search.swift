extension CommandHelp {
    public static let search = CommandHelp(
        name: "search",
        synopsis: ["search QUERY [FILE|FOLDER...]"],
        summary: "finds words in PDFs' printed text and in handwriting",
        description: [
            "Finds QUERY in the printed text of PDFs and in their handwriting: the invisible text inkpdf writes over the ink, the words of /Ink annotations, the ink embedded with --embed-ink, the ink beside the PDF (NAME.ink.jsonl, its sidecar NAME.ink.jsonl.gz) and the `text` entries of ink-layers files. Case and accents are ignored; words of up to 4 letters are found exactly, and a word of the text may differ by one edit (words of 5 letters) or two (longer words) unless --exact or --fuzzy N says otherwise; CJK characters are found exactly. Handwriting is found in every reading the recogniser kept, not only its first. Several words are found where they follow each other. Folders are searched recursively, one document at a time; with no FILE or FOLDER, the current folder is (as grep -r and rg do).",
            "Prints each hit as FILE:PAGE: handwriting|print \"WORDS\" at X Y W H score S (points from the top-left of the page as displayed; S from 0 to 1: how closely the words match, times the recogniser's confidence in the reading, less for a reading that was not its first). Exit 0 when something was found, 1 when nothing was, 2 when nothing was and some file could not be read (or the command line is wrong).",
            "Each document is searched in a worker process bounded in time and memory: one that passes a bound, or cannot be read, is one warning line, and the search goes on. A name that is not UTF-8 is searched too, shown with its other bytes as \\xHH; what is not a regular file (a pipe, a device) is not read.",
            "Searching handwriting needs Pro unless the policy makes it free (see 'inkpdf entitlement --help'); without it, search refuses (exit 85) unless --print-only is given.",
        ],
        options: [OptionHelp.Search.json,
                  OptionHelp.Search.pages,
                  OptionHelp.Search.printOnly,
                  OptionHelp.Search.exact,
                  OptionHelp.Search.fuzzy,
                  .password,
                  OptionHelp.timeout.with(text: "stop the search of one document after this long in all (default 900): a warning, and the search goes on"),
                  OptionHelp.stallTimeout.with(text: "stop it sooner when it goes this long without opening the document or finishing a page (default 60)"),
                  OptionHelp.memoryLimit.with(text: "each document's worker's address-space limit (default 4096)")] + OptionHelp.gate)
}

extension OptionHelp {
    /// `search`'s own options.
    public enum Search {
        public static let json = OptionHelp(["--json"], "print the hits as a JSON array of {\"file\",\"page\",\"text\",\"kind\",\"box\",\"score\"}")
        public static let exact = OptionHelp(["--exact"], "find only the words as given (case and accents still ignored)")
        public static let fuzzy = OptionHelp(["--fuzzy"], value: "N", "let a word differ by N edits (at most half its letters), whatever its length")
        public static let pages = OptionHelp(["--pages"], "print only FILE:PAGE, once for each page with a hit")
        public static let printOnly = OptionHelp(["--print-only"], "search only printed text (needs no Pro)")
        /// Hidden: what `search` asks of the worker that searches one document: the file is a PDF
        /// (its name, `/proc/self/fd/4`, does not say), and the ink-layers files beside it.
        public static let asPDF = OptionHelp(["--as-pdf"], "the file is a PDF")
        public static let inkBeside = OptionHelp(["--ink-beside"], value: "FILE", "an ink-layers file searched as the PDF's handwriting")
    }
}
