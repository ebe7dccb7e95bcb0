import InkFileSystem

extension AtomicOutput {
    /// Reserves a temporary file beside `destination`, failing as export fails.
    static func reserve(_ destination: String) throws(ExportError) -> AtomicOutput {
        do { return try AtomicOutput(destination: destination) } catch { throw ExportError(error) }
    }

    /// Puts the file in place, failing as export fails (the temporary file is then gone).
    consuming func commitForExport() throws(ExportError) {
        do { try commit() } catch { throw ExportError(error) }
    }
}
