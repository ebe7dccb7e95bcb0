import Foundation
import InkFileSystem
import InkPipeline

/// `-` as a command's input or output, as qpdf, pdftocairo, OCRmyPDF and mutool take it: an input named `-`
/// is read from standard input into a private temporary file first (poppler and qpdf need to seek), and an
/// output named `-` is written to a private temporary file, checked whole as any output is, and only then
/// copied to standard output, so that nothing but a whole document reaches it. Both files live in a folder of
/// their own (mode 0700) under `TMPDIR`, removed when this ends.
final class StandardStreams {
    /// The environment key that hands the paths to a worker (`INPUT` tab `OUTPUT`, either empty).
    static let environmentKey = "INKPDF_STANDARD_STREAMS"

    let folder: String
    /// Where standard input was spooled; nil when no input is `-`.
    private(set) var input: String?
    /// Where the document for standard output is written; nil when the output is not `-`.
    let output: String?

    /// Makes the folder and spools standard input when `readsInput`; `outputName` names the output's file
    /// (its extension says what to write: `document.pdf`, `document.ink.jsonl`).
    init(readsInput: Bool, outputName: String?, environment: [String: String]) throws(Errno) {
        var template = (environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/inkpdf-stdio-XXXXXX"
        try FileSystem.makeUniqueFolder(from: &template)
        let folder = template
        self.folder = folder
        output = outputName.map { folder + "/" + $0 }
        if readsInput {
            let path = folder + "/standard-input"
            do {
                try Self.copy(from: STDIN_FILENO, to: path)
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                throw error
            }
            input = path
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The paths, as a worker takes them from its environment.
    var environmentValue: String { (input ?? "") + "\t" + (output ?? "") }

    /// The paths a parent handed over in `environment` (nil when there are none).
    static func paths(in environment: [String: String]) -> (input: String?, output: String?)? {
        guard let value = environment[environmentKey] else { return nil }
        let parts = value.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return nil }
        return (parts[0].isEmpty ? nil : parts[0], parts[1].isEmpty ? nil : parts[1])
    }

    /// The files beside the output the run left (its sidecar): every file of the folder but the input and the output.
    var leftBeside: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.map { folder + "/" + $0 }.filter { $0 != input && $0 != output }.sorted()
    }

    /// Copies the output to `descriptor` (standard output).
    func sendOutput(to descriptor: Int32) throws(Errno) {
        guard let output else { return }
        let source = try FileDescriptor(reading: output)
        // Open, the document no longer needs its name: the folder goes now, so that a reader that stops
        // early (SIGPIPE ends this process, as it ends cat) leaves nothing behind.
        try? FileManager.default.removeItem(atPath: folder)
        let destination = FileDescriptor(adopting: dup(descriptor))
        try Self.pump(source, into: destination)
        try destination.close()
    }

    /// Copies everything `descriptor` gives until its end into a new file at `path`.
    private static func copy(from descriptor: Int32, to path: String) throws(Errno) {
        let source = FileDescriptor(adopting: dup(descriptor))
        let destination = try FileDescriptor(creatingExclusively: path, mode: 0o600)
        try pump(source, into: destination)
        try destination.close()
    }

    /// Copies what `source` reads until its end to `destination`.
    private static func pump(_ source: borrowing FileDescriptor, into destination: borrowing FileDescriptor) throws(Errno) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // withUnsafeMutableBytes rethrows untyped errors; the typed one is carried out by hand.
            let outcome = chunk.withUnsafeMutableBytes { buffer -> Result<Int, Errno> in
                do throws(Errno) { return .success(try source.read(into: buffer)) } catch { return .failure(error) }
            }
            let count = try outcome.get()
            if count == 0 { return }
            try destination.writeAll(Array(chunk[0..<count]))
        }
    }
}
