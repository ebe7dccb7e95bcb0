/// Writing the output: where it goes and the bytes that go there. One line each: what went wrong, where, and what
/// to do.
public enum WritingError: Error, Equatable, CustomStringConvertible {
    case outputIsInput(path: String)
    case cannotCreateOutput(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    /// The PDF written does not read back whole (`QPDFDocument.checkWhole`): a library wrote it damaged.
    case damagedOutput(path: String, reason: String)

    public var description: String {
        switch self {
        case .outputIsInput(let path):
            "\(path): the output would replace an input; choose another output path with -o"
        case .cannotCreateOutput(let path, let reason):
            "\(path): cannot create the output (\(reason)); choose a writable place with -o"
        case .writeFailed(let path, let reason):
            "\(path): writing failed (\(reason)); nothing was left at the destination; check free space and retry"
        case .damagedOutput(let path, let reason):
            "\(path): the PDF written does not read back whole (\(reason)); nothing was left at the destination; report the input, which makes cairo or poppler write a damaged file"
        }
    }
}
