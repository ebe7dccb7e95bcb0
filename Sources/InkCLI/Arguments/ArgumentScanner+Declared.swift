import InkCommandLine

extension ArgumentScanner {
    /// Every name of the options `command`'s help declares, and `--help`: what a mistyped
    /// option is compared with.
    static func declaredOptions(of command: String) -> [String] {
        let options = HelpText.pages(for: command).map { pages in pages.count == 1 ? pages[0].options : [] } ?? []
        return (options + [OptionHelp.help]).flatMap(\.names)
    }
}
