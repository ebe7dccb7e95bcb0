import InkPipeline

/// Why a batch could not start. Each case prints as one line that says what
/// went wrong and what to do. (A document that fails does not stop the batch:
/// it is listed in the `BatchReport`.)
public enum BatchError: Error, Equatable, CustomStringConvertible {
    case sourceMissing(path: String)
    case sourceNotAFolder(path: String)
    case sourceUnreadable(path: String, reason: String)
    case outputIsSource(path: String)
    case outputNotAFolder(path: String)
    case reportNotWritten(path: String, reason: String)

    public var description: String {
        switch self {
        case .sourceMissing(let path):
            "\(path): no such folder; give the folder that holds the PDFs and their ink"
        case .sourceNotAFolder(let path):
            "\(path): not a folder; batch takes a folder (use 'inkpdf flatten' for one PDF)"
        case .sourceUnreadable(let path, let reason):
            "\(path): the folder cannot be read (\(reason)); check its permissions"
        case .outputIsSource(let path):
            "\(path): the output folder is the source folder; the outputs would replace the inputs; choose another folder with -o"
        case .outputNotAFolder(let path):
            "\(path): the output exists and is not a folder; choose a folder with -o"
        case .reportNotWritten(let path, let reason):
            "\(path): the JSON report cannot be written (\(reason)); choose a writable place with --json"
        }
    }
}
