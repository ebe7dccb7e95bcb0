extension CommandHelp {
    public static let convert = CommandHelp(
        name: "convert",
        synopsis: ["convert INK -o OUT.ink.jsonl[.gz]"],
        summary: "writes another tool's ink as an ink-layers file, every value kept",
        description: ["Writes the ink of another tool's file (Xournal++ .xopp/.xoj, reMarkable .rm, .rmdoc or UUID.content, rnote .rnote) as an ink-layers file: every stroke with every value; what ink-layers has no field for is kept under an extension key, and what it cannot hold (text, images, inserted pages) is listed. OUT ending in .gz is gzip.",
                      "A PDF given as INK is read for its annotations: /Ink strokes (inkpdf's own exactly as exported, unless a viewer edited them), highlights, underlines, strike-outs and squiggles along their text, lines, polylines, polygons, rectangles and ellipses as pen strokes; hidden and non-printing annotations are skipped, and every other kind (text boxes, stamps, notes) is counted, page by page, as left as it is. Page N of the ink is page N of the PDF."],
        options: [OptionHelp.Convert.output,
                  OptionHelp.pdf.with(text: "the PDF the ink lies on, instead of the one the file names"), .page, .inkFormat, .annotations,
                  .password, OptionHelp.quiet.with(text: "print nothing but errors")] + OptionHelp.confinement)
}

extension OptionHelp {
    /// `convert`'s own options.
    public enum Convert {
        public static let output = OptionHelp.output.with(value: "OUT", text: "the ink-layers file to write; - writes it to standard output (plain, not gzip); INK - reads standard input")
    }
}
