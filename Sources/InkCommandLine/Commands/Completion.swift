extension CommandHelp {
    public static let completion = CommandHelp(
        name: "completion",
        synopsis: ["completion bash|zsh"],
        summary: "prints shell completion for bash or zsh",
        description: [
            "Prints a script that completes inkpdf's commands and each command's options (file names elsewhere), made from the same declarations as this help: `source <(inkpdf completion bash)` in ~/.bashrc, or `source <(inkpdf completion zsh)` in ~/.zshrc (zsh runs the bash completion through its bashcompinit).",
        ],
        options: [])
}
