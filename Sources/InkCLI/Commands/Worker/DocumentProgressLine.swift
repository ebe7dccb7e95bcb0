import InkPipeline

/// The live line `flatten`, `export` and `render` keep on a terminal while a
/// document is worked on, as `batch` does for its documents:
/// `12/200 pages, 25.3 pages/s, 8s left`, redrawn in place and cleared at the end.
struct DocumentProgressLine {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?
    private var shown = false

    init() { start = clock.now }

    /// The line for `done` of `total` pages after `seconds`.
    /// A total of 0 is not known in advance (`recognize` counts the pages it has read): `3 pages, 0.5 pages/s`.
    static func text(done: Int, total: Int, seconds: Double) -> String {
        var line = total == 0 && done > 0 ? CommandRunner.counted(done, "page") : "\(done)/\(CommandRunner.counted(total, "page"))"
        guard done > 0, seconds > 0 else { return line }
        let rate = Double(done) / seconds
        line += ", " + String(format: "%.1f pages/s", rate)
        if done < total { line += ", \(CommandRunner.duration(Double(total - done) / rate)) left" }
        return line
    }

    /// Redraws the line for `report`, at most ten times a second (and always for the last page).
    mutating func show(_ report: PageProgress.Report, on errors: inout some TextOutputStream) {
        let now = clock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(100), report.done < report.total { return }
        lastDrawn = now
        let elapsed = now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print("\r\u{1B}[K" + Self.text(done: report.done, total: report.total, seconds: seconds), terminator: "", to: &errors)
        shown = true
    }

    /// Removes the line, if one was drawn, so that what follows starts on a clean line.
    mutating func clear(on errors: inout some TextOutputStream) {
        if shown { print("\r\u{1B}[K", terminator: "", to: &errors) }
        shown = false
    }
}
