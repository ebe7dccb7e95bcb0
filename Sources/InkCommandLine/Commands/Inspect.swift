extension CommandHelp {
    public static let inspect = CommandHelp(
        name: "inspect",
        synopsis: ["inspect LAYERS"],
        summary: "content versions, strokes, points, inks, bounds and time span of a layers file",
        description: ["Prints the content version each page and the document need, strokes, points, inks, bounds and time span. LAYERS may be another tool's document, read as its import writes it."],
        options: [.json] + OptionHelp.confinement)
}
