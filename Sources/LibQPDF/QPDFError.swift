/// What qpdf could not do, with its own message; the caller names the file and the stage
/// (`ExportError` for export and flatten, `IncrementalUpdateError` for an incremental update).
public enum QPDFError: Error, Equatable, Sendable {
    /// Every password form given was refused (none given: the file needs one).
    case passwordRejected
    /// qpdf cannot read the file (or, read as written, would have to repair it).
    case damaged(reason: String)
    /// Read as written, qpdf read the file only with a warning.
    case warned(reason: String)
    /// Read as written, the file is encrypted.
    case encrypted
    /// The output file cannot be created.
    case cannotCreate(reason: String)
    /// Writing failed: the system refused (`isSystemError`), or qpdf could not write an object.
    case writeFailed(reason: String, isSystemError: Bool)
}
